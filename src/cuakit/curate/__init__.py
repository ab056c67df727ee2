"""Curating episode datasets: labels from ground truth, adversarial negatives, exporters.

- ``label_success`` / ``label_pairs`` / ``make_negatives`` (``cuakit.curate.labels``)
- ``export_exevr`` / ``import_exevr``: ExeVR-style ShareGPT JSON (``cuakit.curate.exevr``)
"""

from cuakit.curate.exevr import export_exevr, import_exevr
from cuakit.curate.labels import (
    NEGATIVE_KINDS,
    Pair,
    compare,
    label_pairs,
    label_success,
    make_negatives,
)

__all__ = [
    "NEGATIVE_KINDS",
    "Pair",
    "compare",
    "export_exevr",
    "import_exevr",
    "label_pairs",
    "label_success",
    "make_negatives",
]
