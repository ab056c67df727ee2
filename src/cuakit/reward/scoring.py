"""Using a trained reward model: load a run, score execution videos under instructions. A run of
the small model or of the vision-language judge (`cuakit.reward.vlm_judge`) loads alike."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import torch

from cuakit.errors import CheckpointError, RewardInputError
from cuakit.reward.checkpoint import saved_backbone
from cuakit.reward.config import VLM_BACKBONE
from cuakit.reward.data import RECORDED_CURSORS, process_reader
from cuakit.reward.evaluate import flip_frame
from cuakit.reward.model import VideoRewardModel, WordBatch
from cuakit.reward.text import InstructionEncoder
from cuakit.reward.vlm_judge import VLMJudge, judge_clip
from cuakit.video.clips import resize, uniform_indices
from cuakit.video.words import ClipWords, clip_words


@dataclass(frozen=True)
class VideoScore:
    reward: float
    """the scalar reward (Bradley–Terry scale: only differences are meaningful)"""
    p_success: float
    """P(the video completes the instruction)"""
    on_track: tuple[float, ...]
    """per sampled frame, P(still consistent with the instruction so far); empty for the
    vision-language judge, which answers for the whole video"""
    frame_indices: tuple[int, ...]
    """original frame index of each sampled frame"""
    flip_frame: int | None
    """original frame index where the judgement flips to off-track, if it does"""


class Scorer:
    """A reward model ready to judge videos; ``Scorer.from_run(run_dir)``. ``text`` is not
    loaded for a `VLMJudge` (it reads the instruction itself)."""

    def __init__(
        self, model: VideoRewardModel | VLMJudge, text: InstructionEncoder | None = None
    ) -> None:
        self.model = model.eval()
        self.config = model.config
        self.text = text if isinstance(model, VLMJudge) else (text or InstructionEncoder())

    @classmethod
    def from_run(cls, run: str | Path, text: InstructionEncoder | None = None) -> Scorer:
        """The model of a `cuakit reward train` run; pass ``text`` to share a loaded MiniLM."""
        run = Path(run)
        folder = run / "model" if (run / "model").is_dir() else run
        if not folder.is_dir():
            raise CheckpointError(
                f"{run} is not a reward run: expected {run}/model "
                "(written by `cuakit reward train`)"
            )
        if saved_backbone(folder) == VLM_BACKBONE:
            return cls(VLMJudge.from_pretrained(folder), text)
        return cls(VideoRewardModel.from_pretrained(folder), text)

    def clip(self, frames: np.ndarray) -> tuple[torch.Tensor, np.ndarray, ClipWords | None]:
        """(T, 3, H, W) float clip in [0, 1], the sampled frame indices, and the screen words
        of every frame placed on the sampled ones, when the model reads them."""
        if frames.ndim != 4 or frames.shape[-1] != 3 or len(frames) == 0:
            raise RewardInputError(
                f"frames must be a non-empty (N, H, W, 3) array, got {frames.shape}"
            )
        picks = uniform_indices(len(frames), self.config.frames)
        small = resize(frames[picks], self.config.height, self.config.width)
        reader = None if self.config.reader == "templates" else process_reader(self.config.reader)
        words = (
            clip_words(frames, sampled=picks, reader=reader, cursors=RECORDED_CURSORS)
            if self.model.reads_words
            else None
        )
        return torch.from_numpy(small).permute(0, 3, 1, 2).float().div_(255.0), picks, words

    @torch.no_grad()
    def score(
        self,
        videos: Sequence[np.ndarray],
        instructions: Sequence[str],
        batch: int = 16,
        fps: float = 10.0,
    ) -> list[VideoScore]:
        """Score each (N_i, H, W, 3) uint8 video, recorded at ``fps``, under its instruction,
        in batches."""
        if not fps > 0:
            raise RewardInputError(f"fps={fps}: pass the videos' recording rate, e.g. 10")
        if len(videos) != len(instructions):
            raise RewardInputError(f"{len(videos)} videos but {len(instructions)} instructions")
        if isinstance(self.model, VLMJudge):
            return self._judge(videos, instructions, batch, fps)
        out: list[VideoScore] = []
        for lo in range(0, len(videos), batch):
            clips, picks, read = zip(*(self.clip(v) for v in videos[lo : lo + batch]), strict=True)
            chunk = list(instructions[lo : lo + batch])
            text = self.text.encode(chunk)
            words = None
            if self.model.reads_words:
                limit = self.config.max_instruction_words
                words = WordBatch.build([w for w in read if w is not None], chunk, limit)
            seconds = torch.tensor([len(v) / fps for v in videos[lo : lo + batch]])
            result = self.model(torch.stack(clips), text, words, seconds=seconds)
            tracks = torch.sigmoid(result.progress_logits.float()).numpy()
            for i, chosen in enumerate(picks):
                flip = flip_frame(tracks[i])
                out.append(
                    VideoScore(
                        reward=float(result.reward[i]),
                        p_success=float(torch.sigmoid(result.success_logit[i].float())),
                        on_track=tuple(float(x) for x in tracks[i]),
                        frame_indices=tuple(int(x) for x in chosen),
                        flip_frame=None if flip is None else int(chosen[flip]),
                    )
                )
        return out

    def _judge(
        self, videos: Sequence[np.ndarray], instructions: Sequence[str], batch: int, fps: float
    ) -> list[VideoScore]:
        """The vision-language judge's scores: its own frames of each video, no per-frame
        judgement (``on_track`` empty, ``flip_frame`` None)."""
        out: list[VideoScore] = []
        for lo in range(0, len(videos), batch):
            clips = [judge_clip(v, fps, self.config) for v in videos[lo : lo + batch]]
            result = self.model(clips, list(instructions[lo : lo + batch]))
            for i, clip in enumerate(clips):
                out.append(
                    VideoScore(
                        reward=float(result.reward[i]),
                        p_success=float(torch.sigmoid(result.success_logit[i].float())),
                        on_track=(),
                        frame_indices=clip.frame_indices,
                        flip_frame=None,
                    )
                )
        return out


def run_config(run: Path) -> dict:
    """The training config a run was made with (``config.json``)."""
    path = Path(run) / "config.json"
    try:
        return json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as exc:
        raise CheckpointError(f"{path} cannot be read ({exc}); is {run} a reward run?") from exc
