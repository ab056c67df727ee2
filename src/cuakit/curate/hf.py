"""SFT conversations as a Hugging Face dataset: one Parquet file the ``datasets`` library reads
with its images decoded, in the layout the Hub uses.

```
OUT/hf/data/train-00000-of-00001.parquet
```
```python
from datasets import load_dataset
rows = load_dataset("parquet", data_files="OUT/hf/data/*.parquet", split="train")
rows[0]["images"][0]          # a PIL image
rows[0]["messages"]           # [{"role": "system", "content": [{"type": "text", ...}]}, ...]
```
Columns: ``id``, ``images`` (the screenshot, PNG bytes embedded, so the file stands alone),
``messages`` (the conversation of `cuakit.curate.sft.sft_conversation` in TRL's vision
layout: every content a list of ``{"type": "image"|"text", "text": ...}`` parts, the images
in order in ``images``), ``instruction``, ``action`` (wire-form JSON, normalised), ``width``,
``height``, ``coords``, ``resized_width``, ``resized_height`` (the Qwen2.5-VL image size the
coordinates refer to; null for normalised ones), ``source``, ``episode``, ``step``.

Written with pyarrow in batches (any size, a few rows in memory). The schema's ``features``
metadata, which makes ``datasets`` decode ``images`` as images, comes from ``datasets`` when
it is installed and is written out by hand otherwise (the same Parquet either way).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from cuakit.curate.samples import StepSample

HF_DIR = "hf"
HF_PATH = "hf/data/train-00000-of-00001.parquet"
BATCH_ROWS = 64

_STRING = {"dtype": "string", "_type": "Value"}
_INT = {"dtype": "int64", "_type": "Value"}
# `datasets`' serialised features in the list-literal form that every release reads
FEATURES: dict[str, Any] = {
    "id": _STRING,
    "images": [{"_type": "Image"}],
    "messages": [{"role": _STRING, "content": [{"type": _STRING, "text": _STRING}]}],
    "instruction": _STRING,
    "action": _STRING,
    "width": _INT,
    "height": _INT,
    "coords": _STRING,
    "resized_width": _INT,
    "resized_height": _INT,
    "source": _STRING,
    "episode": _INT,
    "step": _INT,
}


def hf_schema(use_datasets: bool | None = None) -> tuple[pa.Schema, str]:
    """The Parquet schema with ``datasets``' features metadata, and who made it
    (``datasets`` or ``cuakit``). ``use_datasets=None`` asks ``datasets`` when it is
    importable; False always uses the hand-made copy; True requires ``datasets``."""
    if use_datasets is not False:
        try:
            import datasets
        except ImportError:
            if use_datasets:
                raise
        else:
            return datasets.Features.from_dict(FEATURES).arrow_schema, "datasets"
    part = pa.struct([("type", pa.string()), ("text", pa.string())])
    message = pa.struct([("role", pa.string()), ("content", pa.list_(part))])
    image = pa.struct([("bytes", pa.binary()), ("path", pa.string())])
    fields = [
        pa.field(name, pa.int64() if spec is _INT else pa.string())
        for name, spec in FEATURES.items()
    ]
    fields[1] = pa.field("images", pa.list_(image))
    fields[2] = pa.field("messages", pa.list_(message))
    metadata = {"huggingface": json.dumps({"info": {"features": FEATURES}})}
    return pa.schema(fields, metadata=metadata), "cuakit"


def _messages(conversation: dict[str, Any]) -> list[dict[str, Any]]:
    """Each turn's content as a list of typed parts (the image part names no file: the
    images column holds the pictures, in order)."""
    out = []
    for turn in conversation["conversations"]:
        content = turn["content"]
        if isinstance(content, str):
            parts = [{"type": "text", "text": content}]
        else:
            parts = [{"type": p["type"], "text": p.get("text")} for p in content]
        out.append({"role": turn["role"], "content": parts})
    return out


def hf_rows(
    folder: Path, conversations: Iterable[tuple[StepSample, dict[str, Any]]]
) -> Iterator[dict[str, Any]]:
    """One dataset row per (sample, its `sft_conversation`); images are read from ``folder``."""
    for sample, conversation in conversations:
        meta = conversation["coords"]
        yield {
            "id": sample.id,
            "images": [{"bytes": (folder / sample.image).read_bytes(), "path": sample.image}],
            "messages": _messages(conversation),
            "instruction": sample.instruction,
            "action": json.dumps(dict(sample.action), ensure_ascii=False),
            "width": sample.width,
            "height": sample.height,
            "coords": meta["mode"],
            "resized_width": meta.get("resized_width"),
            "resized_height": meta.get("resized_height"),
            "source": sample.source,
            "episode": sample.episode,
            "step": sample.step,
        }


def write_hf(
    folder: Path,
    conversations: Iterable[tuple[StepSample, dict[str, Any]]],
    use_datasets: bool | None = None,
) -> dict[str, Any]:
    """Write ``folder/hf/data/train-00000-of-00001.parquet`` from (sample, conversation)
    pairs; returns its relative path, the row count and who made the schema."""
    schema, made_by = hf_schema(use_datasets)
    path = folder / HF_PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = 0
    with pq.ParquetWriter(path, schema) as writer:
        batch: list[dict[str, Any]] = []
        for row in hf_rows(folder, conversations):
            batch.append(row)
            if len(batch) == BATCH_ROWS:
                writer.write_table(pa.Table.from_pylist(batch, schema=schema))
                rows, batch = rows + len(batch), []
        if batch:
            writer.write_table(pa.Table.from_pylist(batch, schema=schema))
            rows += len(batch)
    return {"path": HF_PATH, "rows": rows, "schema_from": made_by}
