"""The vision-language judge through the reward trainer and the `cuakit reward` commands: the
same data, losses, run folder and eval JSON as the small model."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
import torch

from cuakit.cli import main
from cuakit.episodes import EpisodeDataset
from cuakit.errors import CheckpointError, ConfigError
from cuakit.qwen_vl import build_tiny_qwen_vl
from cuakit.reward.presets import with_files
from cuakit.reward.scoring import Scorer
from cuakit.reward.trainer import RewardConfig, RewardTrainer
from cuakit.reward.vlm_judge import VLMJudge
from tests.fixtures import write_episodes

pytestmark = pytest.mark.xdist_group("vlm-training")  # one worker builds its fixtures


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_tiny_qwen_vl(tmp_path_factory.mktemp("qwen") / "tiny")


@pytest.fixture(scope="module")
def data(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("vlm-reward") / "ds"
    write_episodes(root, list(range(20)))
    dataset = EpisodeDataset(root)
    dataset.add_success_labels(
        [{"episode": m.index, "label": bool(m.success), "source": "env"} for m in dataset.episodes]
    )
    wins = [m.index for m in dataset.episodes if m.success]
    losses = [m.index for m in dataset.episodes if not m.success]
    dataset.add_preferences(
        [{"chosen": w, "rejected": losses[i % len(losses)], "source": "env",
          "criterion": "correctness", "margin": 1.0} for i, w in enumerate(wins)]
    )  # fmt: skip
    return root


def vlm_config(base: Path, **changes) -> RewardConfig:
    values = {"batch_size": 4, "epochs": 1, "max_steps": 2, "learning_rate": 1e-2, "workers": 1}
    config = RewardConfig(base_model=str(base), **(values | changes))
    return with_files(config, "vlm-tiny-cpu", None)


@pytest.fixture(scope="module")
def run(base: Path, data: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("vlm-run") / "run"
    config = vlm_config(base)
    trainer = RewardTrainer(data, config, out)
    assert trainer.train_pairs, "the fixture needs training pairs"
    lora = {n: p.detach().clone() for n, p in trainer.model.named_parameters() if p.requires_grad}
    frozen = {
        n: p.detach().clone()
        for n, p in trainer.model.named_parameters()
        if not p.requires_grad and ("layers.0." in n or "visual" in n)
    }
    trainer.train()
    named = dict(trainer.model.named_parameters())
    assert trainer.step == 2
    assert all("lora_" in n for n in lora)
    assert any(not torch.equal(named[n], before) for n, before in lora.items())
    assert all(torch.equal(named[n], before) for n, before in frozen.items())
    return out


def test_the_preset_sets_the_judge(base: Path) -> None:
    config = vlm_config(base)
    assert config.backbone == "vlm" and config.vlm_config.base == str(base)
    assert config.vlm_config.lora_r == 8
    big = with_files(RewardConfig(base_model=str(base)), "exevrm-qwen2.5-vl-7b", None)
    assert big.vlm_config.lora_r == 128 and big.vlm_config.lora_alpha == 256
    assert big.vlm_config.dtype == "bfloat16" and big.vlm_config.gradient_checkpointing
    assert big.vlm_config.fps == 2.0


def test_the_judge_needs_its_base_model_and_only_it_does(base: Path) -> None:
    with pytest.raises(ConfigError, match="--base-model PATH"):
        RewardConfig(backbone="vlm")
    with pytest.raises(ConfigError, match="--base-model is for the vlm judge"):
        with_files(RewardConfig(base_model=str(base)), "cnn3d", None)


def test_a_run_folder_like_the_small_models(run: Path) -> None:
    adapter = "model/adapter/adapter_model.safetensors"
    for name in ("config.json", "metrics.json", "curves.png", "model/config.json", adapter,
                 "checkpoint/trainer_state.json"):  # fmt: skip
        assert (run / name).is_file(), name
    metrics = json.loads((run / "metrics.json").read_text())
    assert metrics["steps"] == 2
    assert {"losses/success", "losses/pair"} <= set(metrics["history"]["losses"])
    assert "losses/deviation" not in metrics["history"]["losses"]  # no per-frame head
    assert 0.0 < metrics["val"]["kept_ratio"] <= 1.0


def test_eval_writes_the_small_models_keys(run: Path, data: Path, tmp_path: Path) -> None:
    assert main(["reward", "eval", "--checkpoint", str(run), "--data", str(data), "--json"]) == 0
    judged = json.loads((run / "eval_val.json").read_text())
    small_keys = {"split", "data", "success", "pair_accuracy", "pairs", "pairs_per_criterion",
                  "deviation_iou", "deviation_examples", "per_family", "per_source", "deception",
                  "kept_ratio", "splits"}  # fmt: skip
    assert set(judged) == small_keys
    assert {"accuracy", "precision", "recall", "f1", "auroc", "ece"} <= set(judged["success"])
    assert 0.0 <= judged["success"]["ece"] <= 1.0
    assert judged["deviation_examples"] == 0


def test_score_through_the_scorer_and_the_command(
    run: Path, data: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scorer = Scorer.from_run(run)
    assert isinstance(scorer.model, VLMJudge) and scorer.text is None
    dataset = EpisodeDataset(data)
    [score] = scorer.score([dataset.frames(0)], [dataset.meta(0).instruction])
    assert 0.0 <= score.p_success <= 1.0 and score.on_track == () and score.flip_frame is None
    assert score.frame_indices[-1] == dataset.meta(0).num_frames - 1
    video = data / dataset.meta(0).video
    code = main(["reward", "score", "--checkpoint", str(run), "--video", str(video),
                 "--instruction", dataset.meta(0).instruction, "--json"])  # fmt: skip
    assert code == 0
    printed = json.loads(capsys.readouterr().out)
    assert np.isclose(printed["p_success"], score.p_success, atol=1e-5)


def test_training_resumes_the_adapter(run: Path, base: Path, data: Path) -> None:
    trainer = RewardTrainer(data, vlm_config(base, max_steps=3), run)
    trainer._maybe_resume()
    saved = VLMJudge.from_pretrained(run / "checkpoint").trainable_state()
    assert trainer.step == 2
    for name, value in trainer.model.trainable_state().items():
        assert torch.equal(value, saved[name]), name


def test_a_run_of_another_backbone_cannot_be_resumed_as_a_judge(
    base: Path, data: Path, tmp_path: Path
) -> None:
    from cuakit.reward.model import RewardModelConfig, VideoRewardModel

    small = VideoRewardModel(RewardModelConfig(backbone="cnn3d", frames=2, height=20, width=20))
    (tmp_path / "run" / "checkpoint").mkdir(parents=True)
    small.save_pretrained(tmp_path / "run" / "checkpoint")
    (tmp_path / "run" / "checkpoint" / "trainer_state.json").write_text("{}")
    (tmp_path / "run" / "checkpoint" / "optimizer.safetensors").write_bytes(b"")
    trainer = RewardTrainer(data, vlm_config(base), tmp_path / "run")
    with pytest.raises(CheckpointError, match="'cnn3d' reward model, not a vlm judge"):
        trainer._maybe_resume()


def test_the_reward_service_scores_with_the_judge_as_the_scorer_does(run: Path, data: Path) -> None:
    from fastapi.testclient import TestClient

    from cuakit.runner.serve_reward import reward_app

    dataset = EpisodeDataset(data)
    meta = dataset.meta(0)
    [expected] = Scorer.from_run(run).score([dataset.frames(0)], [meta.instruction], fps=10)
    with TestClient(reward_app(Scorer.from_run(run), data, batch_size=2)) as client:
        answer = client.post("/v1/score", json={"instruction": meta.instruction,
                                                "episode": meta.video})  # fmt: skip
    assert answer.status_code == 200, answer.text
    assert abs(answer.json()["p_success"] - expected.p_success) < 1e-4


def test_ppo_takes_the_judge_as_its_video_reward(run: Path, tmp_path: Path) -> None:
    """Slow in earnest, but it must work: a judge has no per-frame track (its dense part is 0),
    only its verdict."""
    from cuakit.agent.ppo import PPOConfig, train

    config = PPOConfig(env="cuakit/desksim-click-button-v0", reward=f"vrm-dense:{run}", steps=16,
                       num_envs=2, num_steps=8, num_minibatches=2, eval_episodes=2,
                       record_episodes=0, threads=1)  # fmt: skip
    metrics = train(config, tmp_path / "ppo")
    assert 0.0 <= metrics["eval"]["predicted_success_rate"] <= 1.0
    assert metrics["eval"]["termination"] == "agent"


def test_exevr_export_trains_the_judge_directly(base: Path, data: Path, tmp_path: Path) -> None:
    from cuakit.curate.exevr import export_exevr, import_exevr

    path = export_exevr(EpisodeDataset(data), tmp_path / "exevr")
    import_exevr(path, tmp_path / "imported")
    trainer = RewardTrainer(tmp_path / "imported", vlm_config(base), tmp_path / "run")
    assert trainer.train_examples, "the imported labels reach the trainer"
    assert trainer.train()["steps"] == 2


def test_a_qwen3_vl_base_trains_saves_and_scores_like_a_qwen25_one(
    data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    base3 = tmp_path / "tiny3"
    assert main(["agent", "build-tiny-vlm", "--out", str(base3), "--family", "qwen3-vl",
                 "--json"]) == 0  # fmt: skip
    assert json.loads(capsys.readouterr().out)["family"] == "qwen3-vl"
    assert json.loads((base3 / "config.json").read_text())["model_type"] == "qwen3_vl"
    trainer = RewardTrainer(data, vlm_config(base3), tmp_path / "run")
    assert trainer.train()["steps"] == 2
    scorer = Scorer.from_run(tmp_path / "run")
    dataset = EpisodeDataset(data)
    [score] = scorer.score([dataset.frames(0)], [dataset.meta(0).instruction])
    [again] = Scorer.from_run(tmp_path / "run").score([dataset.frames(0)],
                                                      [dataset.meta(0).instruction])  # fmt: skip
    assert 0.0 <= score.p_success <= 1.0 and score == again
