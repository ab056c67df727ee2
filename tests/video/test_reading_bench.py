"""The reading benchmark on desksim drawn as the reader was not tuned on."""

from __future__ import annotations

import pytest

from cuakit.video.reading_bench import bench_reading


@pytest.mark.slow
def test_chinese_and_hidpi_desksim_screens_are_read_against_their_own_text() -> None:
    result = bench_reading(("desksim-zh", "desksim-2x"), ("ppocr",), seeds=1, steps=0)
    rows = {row["env"]: row for row in result["rows"]}
    assert set(rows) == {"desksim-zh", "desksim-2x"} and not result["recordings"]
    assert rows["desksim-2x"]["frame_size"] == [600, 960]
    for row in rows.values():
        assert row["frames"] == 11 and row["characters"] > 150
        assert row["cer"] < 0.2  # PP-OCR reads Chinese labels and 2x text
    pointers = {row["env"]: row for row in result["pointers"]}
    for row in pointers.values():  # random themes draw the pointer in every cursor theme
        assert row["frames"] == 11 and row["at_pointer"] == 11
