"""The on-disk episode dataset: execution videos plus step tables, metadata and labels.

See ``cuakit.episodes.format`` for the folder layout.
"""

from cuakit.episodes.dataset import EpisodeDataset
from cuakit.episodes.format import FORMAT_VERSION, DatasetInfo
from cuakit.episodes.labels import PREFERENCES, SUCCESS
from cuakit.episodes.video import VideoEncoder, read_frames, video_fps
from cuakit.episodes.writer import EpisodeMeta, EpisodeWriter

__all__ = [
    "FORMAT_VERSION",
    "PREFERENCES",
    "SUCCESS",
    "DatasetInfo",
    "EpisodeDataset",
    "EpisodeMeta",
    "EpisodeWriter",
    "VideoEncoder",
    "read_frames",
    "video_fps",
]
