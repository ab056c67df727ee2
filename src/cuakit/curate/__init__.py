"""Curating episode datasets: labels from ground truth, adversarial negatives, exporters.

- ``label_success`` / ``label_pairs`` / ``make_negatives`` (``cuakit.curate.labels``)
- ``export_exevr`` / ``import_exevr``: ExeVR-style ShareGPT JSON (``cuakit.curate.exevr``)
- step samples (``cuakit.curate.samples``): ``DataQualityFilter`` / ``QualityConfig``
  (``.quality``), ``near_duplicates`` (``.dedup``), ``grade`` (``.difficulty``),
  ``sample_stats`` (``.stats``)
"""

from cuakit.curate.dedup import near_duplicates
from cuakit.curate.difficulty import Difficulty, grade
from cuakit.curate.exevr import export_exevr, import_exevr
from cuakit.curate.labels import (
    NEGATIVE_KINDS,
    Pair,
    compare,
    label_pairs,
    label_success,
    make_negatives,
)
from cuakit.curate.quality import DataQualityFilter, QualityConfig, QualityReport
from cuakit.curate.stats import sample_stats

__all__ = [
    "NEGATIVE_KINDS",
    "DataQualityFilter",
    "Difficulty",
    "Pair",
    "QualityConfig",
    "QualityReport",
    "compare",
    "export_exevr",
    "grade",
    "import_exevr",
    "label_pairs",
    "label_success",
    "make_negatives",
    "near_duplicates",
    "sample_stats",
]
