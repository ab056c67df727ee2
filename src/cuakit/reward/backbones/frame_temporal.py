"""``frame-temporal`` (default, after ExeVRM): pixels and screen words in one transformer.

Token pruning on the raw pixels (`cuakit.video.pruning.prune`) drops still background and
unchanged positions of each frame's grid (one token per ``patch``×``patch`` pixels); a small conv
stem embeds each kept patch alone, so the stem's and the transformer's compute shrink with
pruning; each frame gets a summary token (its frame pooled to the grid); the kept tokens, the T
summaries, an instruction token and a CLS token go through one joint transformer, padded per
batch with a key-padding mask. The instruction FiLM-modulates the frame features and is attended
to as a token.

With ``words`` (default) it also reads: the clip's screen words and the instruction's words
(`cuakit.reward.word_batch.WordBatch`) are embedded by one small CNN and join the sequence —
screen words at their place and frame, each carrying its look (colours, stroke weight, the state
drawn beside it: a ticked box, a toggle, a highlight), whether the pointer rests on it at the
end, and its best match scores against the instruction's words; each instruction word carrying
whether it is visible anywhere, on the final frame and in text that appeared. Each instruction
word then says how clearly the video leaves it undone, and the soft maximum over the slot words
is subtracted from the success logit and the reward (`FrameTemporalBackbone.shortfall`): one
unmet requirement fails the task.
"""

from __future__ import annotations

import numpy as np
import torch
from torch import nn

from cuakit.reward.backbones.layers import Block, FiLM, group_norm
from cuakit.reward.config import (
    EXACT_MATCH,
    MATCH_FEATURES,
    MATCH_KINDS,
    STRICT_MATCH,
    RewardModelConfig,
)
from cuakit.reward.word_batch import WordBatch
from cuakit.video.pruning import patchify, prune
from cuakit.video.words import CROP_HEIGHT, CROP_WIDTH, LOOK_SIZE, POINTER_SIZE


class FrameTemporalBackbone(nn.Module):
    def __init__(self, config: RewardModelConfig) -> None:
        super().__init__()
        self.config = config
        d, gh, gw = config.dim, *config.grid
        first = config.patch // 4
        self.stem = nn.Sequential(  # (B*T, 3, H, W) -> (B*T, D, gh, gw): strides first, 2, 2
            nn.Conv2d(3, d // 4, kernel_size=first, stride=first),
            group_norm(d // 4),
            nn.GELU(),
            nn.Conv2d(d // 4, d // 2, kernel_size=3, stride=2, padding=1),
            group_norm(d // 2),
            nn.GELU(),
            nn.Conv2d(d // 2, d, kernel_size=3, stride=2, padding=1),
        )
        self.text_proj = nn.Linear(config.text_dim, d)
        # (B, T, 3 * gh * gw) frame pooled to the grid -> (B, T, D)
        self.frame_embed = nn.Sequential(
            nn.Linear(3 * config.grid[0] * config.grid[1], d), nn.GELU(), nn.Linear(d, d)
        )
        self.film = FiLM(d, d)
        self.space_pos = nn.Parameter(torch.randn(gh * gw, d) * 0.02)
        self.time_pos = nn.Parameter(torch.randn(config.frames, d) * 0.02)
        self.summary_type = nn.Parameter(torch.randn(d) * 0.02)
        self.instruction_type = nn.Parameter(torch.randn(d) * 0.02)
        self.cls = nn.Parameter(torch.randn(d) * 0.02)
        self.blocks = nn.ModuleList(
            Block(d, config.heads, config.dropout) for _ in range(config.depth)
        )
        self.norm = nn.LayerNorm(d)
        self.out_dim = d
        if config.words:
            self.word_encoder = nn.Sequential(  # (K, 1, 20, 80) -> (K, D)
                nn.Conv2d(1, 16, kernel_size=4, stride=2, padding=1),
                nn.GELU(),
                nn.Conv2d(16, 32, kernel_size=3, stride=2, padding=1),
                nn.GELU(),
                nn.Flatten(),
                nn.Linear(32 * (CROP_HEIGHT // 4) * (CROP_WIDTH // 4), d),
            )
            # 0: screen word, 1: instruction word, 2: screen word still on the final frame
            self.word_type = nn.Parameter(torch.randn(3, d) * 0.02)
            self.word_index = nn.Parameter(torch.randn(config.max_instruction_words, d) * 0.02)
            self.screen_match = nn.Sequential(
                nn.Linear(MATCH_FEATURES, d), nn.GELU(), nn.Linear(d, d)
            )
            # a word's look (colours, weight, what is beside it), the pointer on it, its place
            self.screen_look = nn.Sequential(
                nn.Linear(LOOK_SIZE + POINTER_SIZE + 4, d), nn.GELU(), nn.Linear(d, d)
            )
            self.instruction_match = nn.Sequential(
                nn.Linear(MATCH_FEATURES * MATCH_KINDS, d), nn.GELU(), nn.Linear(d, d)
            )
            self.word_vote = nn.Linear(d, d)
            self.match_summary = nn.Linear(MATCH_FEATURES * MATCH_KINDS, d)
            # per instruction word, how clearly the video leaves it undone (success, reward):
            # read in context after the transformer, and straight from the word's own crop and
            # match scores (a shallow path that learns early which words are mere phrasing)
            self.unmet = nn.Linear(d, 2)
            self.unmet_direct = nn.Sequential(
                nn.LayerNorm(d), nn.Linear(d, d), nn.GELU(), nn.Linear(d, 2)
            )

    def word_tokens(
        self, words: WordBatch, device: torch.device
    ) -> tuple[list[torch.Tensor], torch.Tensor, list[torch.Tensor]]:
        """Per clip ``(S_i + I_i, D)``: its screen-word tokens, then its instruction words';
        ``(B, D)``: each clip's reading summary, added to the pooled feature; and per clip
        ``(S_i + I_i, D)``: what the direct "unmet" verdict reads of each token (zeros for
        screen words, the whole token for instruction words)."""
        gh, gw = self.config.grid
        crops = np.concatenate([w.crops for w in words.screen] + list(words.instruction))
        # A batch repeats most of its words (a window's labels on every frame, the same
        # instruction under a pair's two clips): each distinct crop is encoded once.
        rows = np.ascontiguousarray(crops.reshape(len(crops), -1))
        keys = rows.view(np.dtype((np.void, rows.shape[1]))).ravel()
        _, first, inverse = np.unique(keys, return_index=True, return_inverse=True)
        pixels = torch.from_numpy(crops[first]).to(device)
        features = self.word_encoder(pixels.float().div(255.0)[:, None])  # (distinct, D)
        features = features[torch.from_numpy(inverse.reshape(-1)).to(device)]  # (K, D)
        screen_sizes = [len(w) for w in words.screen]
        instruction_sizes = [len(w) for w in words.instruction]
        exact = torch.tensor([EXACT_MATCH, STRICT_MATCH], device=device)
        # Per clip, the inputs of the word MLPs; each MLP then runs once over the whole batch.
        screen_in, screen_has, instruction_in, instruction_has = [], [], [], []
        looks, places, frames, ends, index = [], [], [], [], []
        # per clip: the share of instruction words found (each of the MATCH_KINDS places)
        # and the best score of each kind; zeros when there is nothing to compare
        summaries = features.new_zeros(len(words.screen), MATCH_FEATURES * MATCH_KINDS)
        for i, clip in enumerate(words.screen):
            scores = torch.from_numpy(words.scores[i]).to(device)  # (S, I, 2)
            if words.echo:  # the instruction on display matches itself: no evidence
                scores = scores * ~torch.from_numpy(words.echo[i]).to(device)[:, None, None]
            s, w = scores.shape[:2]
            at_end = torch.from_numpy(clip.at_end).to(device)
            best = scores.max(1).values if w else scores.new_zeros(s, 2)  # (S, 2)
            screen_in.append(torch.cat([best, (best > exact).to(best.dtype)], 1))
            # Per instruction word, its best match: anywhere; on the final frame; in text
            # that appeared during the clip and stayed (what the agent's actions wrote:
            # a typed value, a status line, a chosen option).
            new = torch.from_numpy(clip.frame > 0).to(device) & at_end
            zero = torch.zeros_like(scores)
            found = [scores] + [torch.where(kind[:, None, None], scores, zero)
                                for kind in (at_end, new)]  # fmt: skip
            best_of = [f.max(0).values if s else scores.new_zeros(w, 2) for f in found]
            flags = [(b > exact).to(b.dtype) for b in best_of]
            instruction_in.append(torch.cat(best_of + flags, 1))  # (I, MATCH_FEATURES*KINDS)
            has = scores.numel() > 0  # nothing to compare: no match features at all
            screen_has.append(torch.full((s,), has, device=device))
            instruction_has.append(torch.full((w,), has, device=device))
            if has:
                summaries[i] = torch.cat(
                    [torch.cat(flags, 1).mean(0), torch.cat(best_of, 1).amax(0)]
                )
            box = torch.from_numpy(clip.box).to(device)
            places.append(box.float() / torch.tensor(
                [clip.height, clip.height, clip.width, clip.width], device=device
            ))  # fmt: skip
            looks.append(torch.from_numpy(np.concatenate([clip.look, clip.pointer], 1)))
            row = ((box[:, 0] + box[:, 1]) * gh // (2 * clip.height)).clamp(0, gh - 1)
            col = ((box[:, 2] + box[:, 3]) * gw // (2 * clip.width)).clamp(0, gw - 1)
            index.append(row * gw + col)
            frames.append(torch.from_numpy(clip.frame).to(device))
            ends.append(at_end)
        total = sum(screen_sizes)
        dtype = features.dtype
        look = torch.cat([torch.cat(looks).to(device), torch.cat(places)], 1).to(dtype)
        at_end = torch.cat(ends)[:, None].to(dtype)
        screen = (
            features[:total]
            + self.screen_match(torch.cat(screen_in).to(dtype)) * torch.cat(screen_has)[:, None]
            + self.screen_look(look)
            + self.space_pos[torch.cat(index)]
            + self.time_pos[torch.cat(frames).clamp(max=self.config.frames - 1)]
            + self.word_type[0] + self.word_type[2] * at_end
        )  # fmt: skip
        matched = self.instruction_match(torch.cat(instruction_in).to(dtype))
        position = torch.cat([torch.arange(n, device=device) for n in instruction_sizes])
        unlettered = (
            matched * torch.cat(instruction_has)[:, None]
            + self.word_index[position] + self.word_type[1]
        )  # fmt: skip
        instruction = features[total:] + unlettered
        out, reads = [], []
        for a, b in zip(screen.split(screen_sizes), instruction.split(instruction_sizes),
                        strict=True):  # fmt: skip
            out.append(torch.cat([a, b]))
            reads.append(torch.cat([torch.zeros_like(a), b]))
        return out, self.match_summary(summaries), reads

    def keep_mask(self, frames: torch.Tensor) -> torch.Tensor:
        """bool (B, T, N): the grid tokens pruning keeps (all when pruning is off)."""
        c = self.config
        b, t = frames.shape[:2]
        if not (c.prune_spatial or c.prune_temporal):
            return torch.ones(b, t, c.grid[0] * c.grid[1], dtype=torch.bool, device=frames.device)
        patches = patchify(frames.detach().float(), c.patch)  # (B, T, N, 3*p*p)
        return prune(
            patches, c.grid, c.prune_spatial, c.prune_temporal, c.prune_threshold, c.min_region
        ).keep

    def forward(
        self,
        frames: torch.Tensor,
        text: torch.Tensor,
        words: WordBatch | None = None,
        keep: torch.Tensor | None = None,
    ) -> tuple[torch.Tensor, torch.Tensor, float, torch.Tensor | None]:
        """(pooled (B, D), per-frame (B, T, D), kept ratio, shortfall (B, 2) or None without
        words). ``keep``: `keep_mask(frames)` computed before (it depends on the pixels only)."""
        b, t = frames.shape[:2]
        n, d = self.space_pos.shape
        instruction = self.text_proj(text)  # (B, D)
        keep = (self.keep_mask(frames) if keep is None else keep).reshape(b, t * n)  # (B, T*N)
        counts = keep.sum(1)  # (B,)
        longest = int(counts.max())
        # kept tokens first (stable: in time/raster order), then cut to the longest clip
        order = torch.argsort((~keep).to(torch.int8), dim=1, stable=True)[:, :longest]
        padding = torch.arange(longest, device=frames.device)[None] >= counts[:, None]  # (B, L)
        kept, summary = self.patch_tokens(frames, order, padding)  # (B, L, D), (B, T, D)
        kept, summary = self.film(kept, instruction), self.film(summary, instruction)
        kept = kept + self.space_pos[order % n] + self.time_pos[order // n]
        summary = summary + self.time_pos + self.summary_type  # (B, T, D)
        parts = [self.cls.expand(b, 1, d), (instruction + self.instruction_type)[:, None], summary,
                 kept]  # fmt: skip
        fixed = torch.zeros(b, 2 + t, dtype=torch.bool, device=frames.device)
        paddings = [fixed, padding]
        instruction_words = None  # (B, most) True at the instruction-word tokens
        requirements = None  # (B, most) True at those the "unmet" verdict counts
        if words is not None:
            per_clip, summary_of_reading, direct_in = self.word_tokens(words, frames.device)
            most = max(len(x) for x in per_clip)
            read, direct = kept.new_zeros(b, most, d), kept.new_zeros(b, most, d)
            unread = torch.ones(b, most, dtype=torch.bool, device=frames.device)
            instruction_words = torch.zeros(b, most, dtype=torch.bool, device=frames.device)
            requirements = instruction_words.clone()
            for i, (x, y) in enumerate(zip(per_clip, direct_in, strict=True)):
                read[i, : len(x)], direct[i, : len(y)], unread[i, : len(x)] = x, y, False
                instruction_words[i, len(words.screen[i]) : len(x)] = True
                requirements[i, len(words.screen[i]) : len(x)] = (
                    torch.from_numpy(words.slots[i]) if self.config.slots_only else True
                )
            parts.append(read)
            paddings.append(unread)
        seq = torch.cat(parts, dim=1)  # (B, 2 + T + L [+ words], D)
        key_padding = torch.cat(paddings, 1)  # (B, S): True = padding, never attended
        h = seq
        for block in self.blocks:
            h = block(h, key_padding)
        h = self.norm(h)  # (B, S, D)
        kept_ratio = keep.float().mean().item()
        pooled, shortfall = h[:, 0], None
        if instruction_words is not None:
            # The instruction's words also vote directly: whether each was found, and where,
            # reaches the heads without having to be routed through the CLS token.
            read_words = h[:, -instruction_words.shape[1] :]  # (B, most, D)
            votes = read_words * instruction_words[..., None]
            count = instruction_words.sum(1, keepdim=True).clamp(min=1)
            pooled = pooled + self.word_vote(votes.sum(1) / count) + summary_of_reading
            unmet = self.unmet(read_words) + self.unmet_direct(direct)  # (B, most, 2)
            shortfall = self.shortfall(unmet, requirements)
        return pooled, h[:, 2 : 2 + t], kept_ratio, shortfall

    def patch_tokens(
        self, frames: torch.Tensor, order: torch.Tensor, padding: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        """(B, L, D) the stem run on each kept patch alone (zeros at padding), so its compute
        shrinks with pruning, and (B, T, D) each frame's summary from the frame pooled to the
        token grid."""
        c, (b, t) = self.config, frames.shape[:2]
        (gh, gw), p, d = c.grid, c.patch, self.out_dim
        real = ~padding  # (B, L)
        clip_of = torch.arange(b, device=frames.device)[:, None].expand_as(order)[real]  # (K,)
        token = order[real]  # (K,) raster index: frame, grid row, grid column
        frame, cell = token // (gh * gw), token % (gh * gw)
        # Index the kept patches out of a view of the frames: patchifying every patch first
        # copied the whole batch and cost more than the stem itself.
        grid = frames.reshape(b, t, 3, gh, p, gw, p)
        chosen = grid[clip_of, frame, :, cell // gw, :, cell % gw, :]  # (K, 3, p, p)
        kept = frames.new_zeros(b, order.shape[1], d)
        kept[real] = self.stem(chosen).flatten(1).to(kept.dtype)  # (K, D)
        # each grid cell's mean colour (two one-axis sums run faster than a pooling kernel)
        pooled = grid.sum(6).sum(4).div_(p * p).reshape(b, t, -1)  # (B, T, 3*gh*gw)
        return kept, self.frame_embed(pooled)

    @staticmethod
    def shortfall(unmet: torch.Tensor, requirements: torch.Tensor) -> torch.Tensor:
        """(B, K) from per-word logits ``unmet`` (B, W, K): ``log(1 + sum_j exp(unmet_j))``
        over the words ``requirements`` (B, W) marks (the instruction's slot words with
        ``slots_only``), a soft maximum that is ~0 when every word is met.

        A task is done only when all it asks for is: one requirement the video leaves undone
        (a value not typed, a button not pressed) should sink the score whatever the others
        say, which a mean over words cannot express."""
        unmet = unmet.float().masked_fill(~requirements[..., None], float("-inf"))
        met = unmet.new_zeros(unmet.shape[0], 1, unmet.shape[2])  # the log(1 + ...) term
        return torch.logsumexp(torch.cat([met, unmet], 1), dim=1)
