"""The reward trainer on a tiny desksim dataset (built on the fly, cached per module)."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
import torch

from cuakit.envs.collect import collect
from cuakit.episodes import EpisodeDataset
from cuakit.episodes.splits import TEST_SEED_START
from cuakit.errors import CheckpointError, ConfigError, RewardInputError, VideoError
from cuakit.reward import data
from cuakit.reward.data import RECORDED_CURSORS, ClipBank
from cuakit.reward.evaluate import auroc
from cuakit.reward.model import EXACT_MATCH, VideoRewardModel
from cuakit.reward.scoring import Scorer
from cuakit.reward.trainer import TEST_READS, RewardConfig, RewardTrainer
from cuakit.video.clips import resize, uniform_indices
from cuakit.video.strings import requirements
from cuakit.video.templates import match_scores, render_words
from cuakit.video.words import clip_words
from tests.fixtures import write_episodes

TINY = RewardConfig(frames=6, height=60, width=100, batch_size=8, pairs_per_batch=4,
                    epochs=100, learning_rate=2e-3, seed=0)  # fmt: skip


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("reward") / "ds"
    kwargs = {"difficulty": 1}
    collect("cuakit/desksim-click-button-v0", "expert:noise=0.7", 24, root, env_kwargs=kwargs)
    collect(
        "cuakit/desksim-checkboxes-v0", "expert:noise=0.7", 24, root, seed=100, env_kwargs=kwargs
    )
    dataset = EpisodeDataset(root)
    dataset.add_success_labels(
        [{"episode": m.index, "label": bool(m.success), "source": "env"} for m in dataset.episodes]
    )
    wins = [m.index for m in dataset.episodes if m.success]
    losses = [m.index for m in dataset.episodes if not m.success]
    assert wins and losses, "the fixture needs both outcomes"
    dataset.add_preferences(
        [{"chosen": w, "rejected": losses[i % len(losses)], "source": "env",
          "criterion": "correctness", "margin": 1.0} for i, w in enumerate(wins)]
    )  # fmt: skip
    return root


def test_final_frame_reaches_the_model(tiny: Path) -> None:
    """Regression for the seed's compute_video_reward, which appended each observation
    *before* its step, so the final frame (the one showing success) never reached the model."""
    dataset = EpisodeDataset(tiny)
    bank = ClipBank(dataset, frames=6, height=60, width=100)
    for meta in dataset.episodes[:5]:
        assert bank.frame_indices(meta.index)[-1] == meta.num_frames - 1
        last = resize(dataset.frames(meta.index, [meta.num_frames - 1]), 60, 100)[0]
        assert np.array_equal(bank.clip(meta.index)[-1].permute(1, 2, 0).numpy(), last)


def test_the_clips_frames_depend_on_the_video_alone(tiny: Path) -> None:
    """Clip sampling once swapped in the frames that showed a press: the judge chose what to
    look at from the action log drawn into the pointer. Its picks are now uniform in the
    recording's length, whatever the agent did."""
    dataset = EpisodeDataset(tiny)
    bank = ClipBank(dataset, frames=6, height=60, width=100)
    for meta in dataset.episodes:
        assert (bank.frame_indices(meta.index) == uniform_indices(meta.num_frames, 6)).all()


def test_the_bank_gives_each_whole_recordings_length(tiny: Path) -> None:
    dataset = EpisodeDataset(tiny)
    bank = ClipBank(dataset, frames=6, height=60, width=100)
    metas = dataset.episodes[:4]
    seconds = bank.seconds([m.index for m in metas])
    expected = [m.num_frames / dataset.info.fps for m in metas]
    assert seconds.tolist() == pytest.approx(expected) and len(set(expected)) > 1


@pytest.mark.slow
def test_the_bank_reads_the_clips_words_at_full_resolution_and_caches_them(tiny: Path) -> None:
    dataset = EpisodeDataset(tiny)
    bank = ClipBank(dataset, frames=6, height=60, width=100, words=True)
    assert bank.words_path.exists()
    meta = dataset.episodes[0]
    picks = bank.frame_indices(meta.index)
    # every frame read, the recorder's pointer erased
    expected = clip_words(dataset.frames(meta.index), sampled=picks, cursors=RECORDED_CURSORS)
    [read] = bank.words([meta.index])
    assert len(read) == len(expected) > 3 and (read.height, read.width) == (meta.height, meta.width)
    assert np.array_equal(read.crops, expected.crops) and np.array_equal(read.box, expected.box)
    again = ClipBank(dataset, frames=6, height=60, width=100, words=True)  # from the cache
    [cached] = again.words([meta.index])
    assert np.array_equal(cached.crops, read.crops) and np.array_equal(cached.at_end, read.at_end)
    assert np.array_equal(cached.look, read.look) and np.array_equal(cached.look, expected.look)
    # the clicked button's label is on the final screen (the pointer resting on a label can
    # cut its crop in two, so one success of four may miss)
    successes = [m for m in dataset.episodes if m.success and "click-button" in m.env_id][:4]
    found = []
    for success in successes:
        [words] = bank.words([success.index])
        target = render_words(success.instruction)
        found.append(match_scores(words.crops[words.at_end], target).max() > EXACT_MATCH)
    assert len(successes) == 4 and sum(found) >= 3, found


def test_the_bank_keeps_what_a_recogniser_read_in_its_own_cache(tiny: Path) -> None:
    dataset = EpisodeDataset(tiny)
    success = next(m for m in dataset.episodes if m.success and "click-button" in m.env_id)
    bank = ClipBank(dataset, frames=6, height=60, width=100, words=True, reader="ppocr",
                    episodes=[success.index])  # fmt: skip
    assert bank.words_path.exists() and "ppocr" in bank.words_path.name
    [read] = bank.words([success.index])
    assert read.read and len(read) > 3
    # the clicked button's label is on the final screen, as a string
    [label] = requirements(success.instruction)
    final = [text for text, end in zip(read.text, read.at_end, strict=True) if end]
    assert any(label.casefold() in text.casefold() for text in final), (label, final)
    again = ClipBank(dataset, frames=6, height=60, width=100, words=True, reader="ppocr",
                     episodes=[success.index])  # fmt: skip
    assert again.words([success.index])[0].text == read.text
    templates = ClipBank(dataset, frames=6, height=60, width=100, words=True,
                         episodes=[success.index])  # fmt: skip
    assert not templates.words([success.index])[0].read


@pytest.mark.slow
def test_worker_processes_read_the_same_clips_and_words(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "ds"
    shutil.copytree(tiny, copy, ignore=shutil.ignore_patterns(".cache"))
    monkeypatch.setattr(data, "PARALLEL_FROM", 1)  # the fixture is smaller than the real bar
    dataset = EpisodeDataset(copy)
    parallel = ClipBank(dataset, frames=6, height=60, width=100, words=True, workers=2)
    serial = ClipBank(EpisodeDataset(tiny), frames=6, height=60, width=100, words=True)
    for meta in dataset.episodes:
        assert torch.equal(parallel.clip(meta.index), serial.clip(meta.index))
        [a], [b] = parallel.words([meta.index]), serial.words([meta.index])
        assert np.array_equal(a.crops, b.crops) and np.array_equal(a.look, b.look)


@pytest.mark.slow
@pytest.mark.timeout(1200)
def test_learns_to_separate_successes_from_failures(tiny: Path, tmp_path: Path) -> None:
    trainer = RewardTrainer(tiny, replace(TINY, max_steps=200), tmp_path / "run")
    metrics = trainer.train()
    examples = trainer.train_examples
    _, probs, _ = trainer.score([e.episode for e in examples], [e.instruction for e in examples])
    labels = np.array([e.label for e in examples])
    assert auroc(labels, probs) >= 0.95
    assert metrics["val"]["success"]["accuracy"] >= 0.7  # val instructions; chance ≈ 0.5
    assert metrics["val"]["split"] == "val" and "test" not in metrics
    # the val curve ends on the final evaluation (not a second pass over the same clips)
    history = metrics["history"]
    assert history["eval_steps"][-1] == metrics["steps"] == 200
    assert history["eval_steps"][-2] < 200
    assert history["evals"]["val/success_accuracy"][-1] == metrics["val"]["success"]["accuracy"]
    for name in ("config.json", "metrics.json", "curves.png", "model/config.json"):
        assert (tmp_path / "run" / name).exists()


@pytest.mark.slow
def test_bradley_terry_prefers_the_chosen_video(tiny: Path, tmp_path: Path) -> None:
    """Regression for the seed's preference sketch: with pref=1 meaning "B is better" it
    trained BCE(r_a − r_b, pref), rewarding A. Trained on pairs alone, chosen must win."""
    config = replace(TINY, max_steps=80, success_weight=0.0, deviation_weight=0.0)
    trainer = RewardTrainer(tiny, config, tmp_path / "run")
    pairs = trainer.train_pairs
    before = trainer._pair_accuracy(pairs)
    trainer.train()
    after = trainer._pair_accuracy(pairs)
    assert after >= 0.9 and after > before
    per_criterion = trainer._pair_accuracies(pairs)  # the fixture's pairs are all correctness
    assert (
        per_criterion["correctness"] == per_criterion["all"] == {"accuracy": after, "n": len(pairs)}
    )


@pytest.mark.slow
def test_parameters_change_after_a_step(tiny: Path, tmp_path: Path) -> None:
    trainer = RewardTrainer(tiny, replace(TINY, max_steps=1), tmp_path / "run")
    before = {k: v.clone() for k, v in trainer.model.state_dict().items()}
    trainer.train()
    changed = [k for k, v in trainer.model.state_dict().items() if not torch.equal(v, before[k])]
    assert len(changed) > len(before) // 2


@pytest.mark.slow
def test_save_load_gives_identical_scores_and_resume_continues(tiny: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    trainer = RewardTrainer(tiny, replace(TINY, max_steps=3, epochs=1), run)
    trainer.train()
    dataset = EpisodeDataset(tiny)
    meta = dataset.episodes[0]
    video = dataset.frames(meta.index)
    scorer = Scorer.from_run(run)
    [again] = Scorer.from_run(run).score([video], [meta.instruction])
    [first] = scorer.score([video], [meta.instruction])
    assert first == again
    expected, _, _ = trainer.score([meta.index], [meta.instruction])
    assert first.reward == pytest.approx(float(expected[0]), abs=1e-5)
    resumed = RewardTrainer(tiny, replace(TINY, max_steps=6, epochs=2), run)
    resumed.train()
    assert resumed.step == 6 and len(resumed.history.steps) == 6
    assert resumed.history.eval_steps == [6]  # each run's last epoch: the final evaluation only


@pytest.mark.slow
def test_bad_inputs_are_typed_errors(tiny: Path, tmp_path: Path) -> None:
    run = tmp_path / "run"
    RewardTrainer(tiny, replace(TINY, max_steps=1, epochs=1), run).train()
    with pytest.raises(CheckpointError, match="cnn3d"):
        VideoRewardModel.from_pretrained(run / "model", backbone="cnn3d")
    with pytest.raises(CheckpointError, match="reward run"):
        Scorer.from_run(tmp_path / "nothing")
    frames = EpisodeDataset(tiny).frames(0)
    with pytest.raises(RewardInputError):
        Scorer.from_run(run).score([frames], ["   "])
    with pytest.raises(RewardInputError, match="fps=0"):
        Scorer.from_run(run).score([frames], ["Click OK"], fps=0)


def test_kept_ratio_reports_what_pruning_keeps(tiny: Path, tmp_path: Path) -> None:
    pruned = RewardTrainer(tiny, TINY, tmp_path / "pruned")
    episodes = sorted({e.episode for e in pruned.eval_examples})
    ratio = pruned.inputs.kept_ratio(episodes)
    masks = pruned.model.backbone.keep_mask(pruned.bank.batch(episodes))
    assert ratio == pytest.approx(masks.float().mean().item())
    assert 0.0 < ratio < 1.0
    whole = RewardTrainer(tiny, replace(TINY, prune=False), tmp_path / "whole")
    assert whole.inputs.kept_ratio(episodes) == 1.0


@pytest.mark.slow
def test_pruning_masks_and_word_matches_are_computed_once_per_dataset(
    tiny: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    copy = tmp_path / "ds"
    shutil.copytree(tiny, copy, ignore=shutil.ignore_patterns(".cache"))
    config = replace(TINY, epochs=1)
    first = RewardTrainer(copy, config, tmp_path / "a")
    cached = sorted(p.name for p in (copy / data.CACHE_DIR).glob("*.npz"))
    assert any(n.startswith("keep-") for n in cached) and any(
        n.startswith("matches-") for n in cached
    )
    episodes = sorted(first.splits.train | first.splits.val)
    assert set(first.inputs._keeps) == set(episodes) == set(first.episodes)
    example = first.eval_examples[0]
    fresh = first.model.backbone.keep_mask(first.bank.batch([example.episode]))[0]
    assert torch.equal(first.inputs._keeps[example.episode], fresh)

    def recomputed(*args: object, **kwargs: object) -> None:
        raise AssertionError("a second run on the dataset recomputed what is cached")

    monkeypatch.setattr(type(first.model.backbone), "keep_mask", recomputed)
    monkeypatch.setattr("cuakit.reward.word_batch.match_pairs", recomputed)
    second = RewardTrainer(copy, config, tmp_path / "b")
    for key, scores in first.inputs._scores.items():
        assert np.array_equal(second.inputs._scores[key], scores)
    assert all(torch.equal(second.inputs._keeps[e], first.inputs._keeps[e]) for e in episodes)


def test_training_never_reads_the_test_split(tmp_path: Path) -> None:
    """The old held-out set served every design choice; test is now read only by a report
    (`eval_split="test"`, no training), so a run trains with test videos unreadable."""
    root = tmp_path / "ds"
    write_episodes(root, list(range(24)) + [TEST_SEED_START + k for k in range(6)])
    dataset = EpisodeDataset(root)
    dataset.add_success_labels(
        [{"episode": m.index, "label": bool(m.success), "source": "env"} for m in dataset.episodes]
    )
    test = [m for m in dataset.episodes if m.seed >= TEST_SEED_START]
    for meta in test:
        (root / meta.video).write_bytes(b"not a video")
    config = replace(TINY, max_steps=2, epochs=1, words=False)
    trainer = RewardTrainer(root, config, tmp_path / "run")
    assert {m.index for m in test} == trainer.splits.test
    assert not trainer.splits.test & set(trainer.episodes)
    metrics = trainer.train()
    assert metrics["splits"]["test"] == len(test) and metrics["val"]["split"] == "val"
    assert not (tmp_path / "run" / TEST_READS).exists()
    with pytest.raises(ConfigError, match="never while training"):
        RewardTrainer(root, config, tmp_path / "run", eval_split="test")
    with pytest.raises(VideoError):  # the report is what would read them
        RewardTrainer(root, replace(config, epochs=0), tmp_path / "run", eval_split="test")
