"""What the vision-language judge reads for a batch of episodes, and its forward pass on it:
`cuakit.reward.inputs.ModelInputs`'s counterpart for ``--model vlm-…`` runs.

``JudgeClips`` chooses each episode's frames once (`cuakit.reward.vlm_judge.judge_frame_indices`:
uniform, keyframes, the final frame; from the video alone) and keeps only their indices: the
frames are decoded again for each batch, since a 7B preset's clips (16 frames of up to 200k
pixels) would not fit in memory for a whole dataset, and decoding costs little beside a VLM's
forward pass.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import torch

from cuakit.episodes import EpisodeDataset
from cuakit.reward.model import RewardOutput
from cuakit.reward.vlm_judge import JudgeClip, VLMJudge, judge_frame_indices

Progress = Callable[[str, int, int], None]


class JudgeClips:
    """``clips.clip(e)`` → the `JudgeClip` of episode ``e``; ``frame_indices(e)`` its frames."""

    def __init__(self, dataset: EpisodeDataset, judge: VLMJudge) -> None:
        self.dataset, self.judge = dataset, judge
        self._indices: dict[int, np.ndarray] = {}

    def frame_indices(self, episode: int) -> np.ndarray:
        if episode not in self._indices:
            every = self.dataset.frames(episode)
            fps = self.dataset.info.fps
            self._indices[episode] = judge_frame_indices(every, fps, self.judge.config)
        return self._indices[episode]

    def clip(self, episode: int) -> JudgeClip:
        picks = self.frame_indices(episode)
        fps = self.dataset.info.fps
        frames = self.dataset.frames(episode, picks.tolist())
        return JudgeClip(frames, tuple(float(i / fps) for i in picks),
                         tuple(int(i) for i in picks))  # fmt: skip

    def seconds(self, episodes: list[int]) -> torch.Tensor:
        """float32 (B,): each episode's whole recording length in seconds."""
        fps = self.dataset.info.fps
        return torch.tensor([self.dataset.meta(e).num_frames / fps for e in episodes])


class JudgeInputs:
    """``inputs.forward(episodes, instructions)`` → the judge's output on those clips."""

    def __init__(self, judge: VLMJudge, clips: JudgeClips, progress: Progress | None = None):
        self.model, self.bank, self.progress = judge, clips, progress
        self._tokens: dict[int, tuple[int, int]] = {}

    def prepare(self, episodes: list[int], judged: set, prune: bool) -> None:
        """Each episode's frames chosen once, before training (decoding every video once)."""
        for done, episode in enumerate(episodes):
            self.bank.frame_indices(episode)
            if self.progress:
                self.progress("choosing frames", done + 1, len(episodes))

    def forward(self, episodes: list[int], instructions: list[str]) -> RewardOutput:
        return self.model([self.bank.clip(e) for e in episodes], instructions)

    @torch.no_grad()
    def kept_ratio(self, episodes: list[int]) -> float:
        """Fraction of the visual tokens that pruning keeps on these episodes' clips."""
        for e in episodes:
            if e not in self._tokens:
                self._tokens[e] = self.model.visual_tokens(self.bank.clip(e))
        kept = sum(self._tokens[e][0] for e in episodes)
        total = sum(self._tokens[e][1] for e in episodes)
        return kept / total if total else 1.0
