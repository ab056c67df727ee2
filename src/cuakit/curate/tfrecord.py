"""TFRecord files of ``tf.train.Example`` protos, read without TensorFlow.

AndroidControl (and other Google datasets) ship this way; TensorFlow is a 500 MB dependency
for what is a simple framing plus one small protobuf message, so both are decoded here.

A TFRecord file (optionally GZIP-compressed) is a sequence of records::

    uint64 length (little-endian) | uint32 masked CRC32C of the length
    data (length bytes)           | uint32 masked CRC32C of the data

``read_records`` checks every length's CRC (it catches a truncated or misaligned file at the
record it happens); the data CRC is checked only with ``verify_data=True``, because a
pure-Python CRC over megabytes of screenshots per record is slow and a damaged record still
fails to decode as an Example.

``parse_example`` turns the proto into ``{name: [values]}``: bytes for a BytesList, floats for
a FloatList, ints for an Int64List (``tensorflow/core/example/feature.proto``).
"""

from __future__ import annotations

import gzip
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any, BinaryIO

from cuakit.errors import DatasetFormatError

_GZIP_MAGIC = b"\x1f\x8b"


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0x82F63B78 if crc & 1 else crc >> 1  # Castagnoli, reflected
        table.append(crc)
    return table


_CRC_TABLE = _crc_table()


def crc32c(data: bytes) -> int:
    """CRC-32C (Castagnoli) of ``data``; ``crc32c(b"123456789") == 0xE3069283``."""
    crc = 0xFFFFFFFF
    for byte in data:
        crc = _CRC_TABLE[(crc ^ byte) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc(data: bytes) -> int:
    """TFRecord's masked CRC: rotated right by 15 bits plus a constant."""
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def _open(path: Path) -> BinaryIO:
    with path.open("rb") as probe:
        compressed = probe.read(2) == _GZIP_MAGIC
    return gzip.open(path, "rb") if compressed else path.open("rb")  # type: ignore[return-value]


def read_records(path: str | Path, verify_data: bool = False) -> Iterator[bytes]:
    """The records of a TFRecord file, GZIP-compressed or not; DatasetFormatError names the
    file and the record where the framing breaks."""
    path = Path(path)
    with _open(path) as stream:
        number = 0
        while header := stream.read(12):
            where = f"{path}: record {number}"
            if len(header) < 12:
                raise DatasetFormatError(f"{where}: truncated header; the file is cut short")
            length_bytes, (length_crc,) = header[:8], struct.unpack("<I", header[8:])
            if masked_crc(length_bytes) != length_crc:
                raise DatasetFormatError(f"{where}: bad length checksum; not a TFRecord file?")
            (length,) = struct.unpack("<Q", length_bytes)
            data, footer = stream.read(length), stream.read(4)
            if len(data) < length or len(footer) < 4:
                raise DatasetFormatError(f"{where}: truncated data; the file is cut short")
            if verify_data and masked_crc(data) != struct.unpack("<I", footer)[0]:
                raise DatasetFormatError(f"{where}: bad data checksum; the record is damaged")
            yield data
            number += 1


# ---- protobuf wire format ----------------------------------------------------------------
def _varint(buf: bytes, pos: int) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(buf) or shift > 63:
            raise DatasetFormatError("malformed protobuf: a varint runs past its message")
        byte = buf[pos]
        result |= (byte & 0x7F) << shift
        pos, shift = pos + 1, shift + 7
        if not byte & 0x80:
            return result, pos


def _fields(buf: bytes) -> Iterator[tuple[int, int, Any]]:
    """(field number, wire type, value) of each field: an int for varints, bytes for
    length-delimited fields, raw bytes for fixed 32/64-bit ones."""
    pos = 0
    while pos < len(buf):
        tag, pos = _varint(buf, pos)
        number, wire = tag >> 3, tag & 7
        if wire == 0:
            value, pos = _varint(buf, pos)
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            value, pos = buf[pos : pos + size], pos + size
        elif wire == 2:
            size, pos = _varint(buf, pos)
            value, pos = buf[pos : pos + size], pos + size
        else:
            raise DatasetFormatError(f"malformed protobuf: wire type {wire} (groups unsupported)")
        if pos > len(buf):
            raise DatasetFormatError("malformed protobuf: a field runs past its message")
        yield number, wire, value


def _int64(value: int) -> int:
    return value - (1 << 64) if value >= 1 << 63 else value  # two's complement


def _values(kind: int, buf: bytes) -> list[Any]:
    """The values of a BytesList (1), FloatList (2) or Int64List (3)."""
    out: list[Any] = []
    for number, wire, value in _fields(buf):
        if number != 1:
            continue
        if kind == 1 and wire == 2:
            out.append(bytes(value))
        elif kind == 2 and wire == 2:  # packed floats
            out += [v for (v,) in struct.iter_unpack("<f", value)]
        elif kind == 2 and wire == 5:
            out.append(struct.unpack("<f", value)[0])
        elif kind == 3 and wire == 2:  # packed varints
            pos = 0
            while pos < len(value):
                item, pos = _varint(value, pos)
                out.append(_int64(item))
        elif kind == 3 and wire == 0:
            out.append(_int64(value))
        else:
            raise DatasetFormatError(f"malformed tf.train.Feature: wire type {wire} in list {kind}")
    return out


def parse_example(data: bytes) -> dict[str, list[Any]]:
    """A serialised ``tf.train.Example`` as ``{feature name: list of values}``."""
    out: dict[str, list[Any]] = {}
    for number, wire, features in _fields(data):
        if number != 1 or wire != 2:
            continue
        for entry_number, entry_wire, entry in _fields(features):
            if entry_number != 1 or entry_wire != 2:
                continue
            name, values = None, []
            for key, key_wire, value in _fields(entry):
                if key == 1 and key_wire == 2:
                    name = bytes(value).decode("utf-8", errors="replace")
                elif key == 2 and key_wire == 2:
                    for kind, kind_wire, inner in _fields(value):
                        if kind in (1, 2, 3) and kind_wire == 2:
                            values = _values(kind, inner)
            if name is None:
                raise DatasetFormatError("malformed tf.train.Features: an entry without a name")
            out[name] = values
    return out
