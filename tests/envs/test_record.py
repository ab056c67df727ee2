"""RecordEpisode: videos as a screen recorder would capture them, final frame included."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np

import cuakit.envs as envs
from cuakit.actions import Action
from cuakit.envs.record import RecordEpisode
from cuakit.episodes import EpisodeDataset, EpisodeWriter


def record(root: Path, env_id: str, seed: int, actions: list[Action] | None = None, fps: int = 10):
    env = envs.make(env_id)
    recorder = RecordEpisode(env, EpisodeWriter(root, fps=fps), policy="test")
    obs, info = recorder.reset(seed=seed)
    observations = [obs["screenshot"]]
    done, i = False, 0
    while not done:
        action = actions[i] if actions else env.expert_action()
        obs, _, terminated, truncated, info = recorder.step(action)
        observations.append(obs["screenshot"])
        done, i = terminated or truncated, i + 1
    recorder.close()
    return observations, info


def test_final_frame_is_the_last_observation(tmp_path: Path) -> None:
    """Regression for the seed's compute_video_reward, which dropped the final frame."""
    observations, info = record(tmp_path, "cuakit/desksim-click-button-v0", seed=1)
    dataset = EpisodeDataset(tmp_path)
    meta = dataset.meta(0)
    frames = dataset.frames(0)
    assert info["success"] and meta.success
    assert np.array_equal(frames[-1], observations[-1])
    assert np.array_equal(frames[0], observations[0])


def test_in_between_frames_show_the_pointer_travelling(tmp_path: Path) -> None:
    env = envs.make("cuakit/desksim-click-button-v0")
    env.reset(seed=2)
    far_corner = Action.move(0.98, 0.98)
    record(tmp_path, "cuakit/desksim-click-button-v0", 2, [far_corner, Action.finish()])
    dataset = EpisodeDataset(tmp_path)
    steps = dataset.steps(0).to_pylist()
    assert next(s["frame_index"] for s in steps) == 0
    travel = steps[1]["frame_index"]  # the frame the second action was chosen on
    assert travel >= 3, "a long move takes several frames at 10 fps"
    frames = dataset.frames(0)
    # Consecutive travel frames differ (the pointer moves), none equals the first or last.
    assert all(not np.array_equal(frames[k], frames[k + 1]) for k in range(travel))
    assert dataset.meta(0).duration_s == len(frames) / 10


def test_typing_shows_characters_appearing(tmp_path: Path) -> None:
    env_id = "cuakit/desksim-form-fill-v0"
    env = envs.make(env_id, difficulty=1)
    env.reset(seed=0)
    field = next(e for e in env.desk.elements() if e["role"] == "textbox")  # type: ignore[union-attr]
    x, y, w, h = field["bbox"]
    actions = [Action.click(x + w / 2, y + h / 2), Action.type_text("abcdefghij"), Action.fail()]
    recorder = RecordEpisode(env, EpisodeWriter(tmp_path, fps=10))
    recorder.reset(seed=0)
    counts = []
    for action in actions:
        before = recorder.writer._pending.encoder.num_frames  # type: ignore[union-attr]
        recorder.step(action)
        if recorder.writer.in_progress:
            counts.append(recorder.writer._pending.encoder.num_frames - before)  # type: ignore[union-attr]
    assert counts[1] >= 5, "ten characters at ~12 chars/s take most of a second"


def test_steps_table_records_actions_and_truth(tmp_path: Path) -> None:
    record(tmp_path, "cuakit/desksim-editor-bold-v0", seed=4)
    dataset = EpisodeDataset(tmp_path)
    meta, steps = dataset.meta(0), dataset.steps(0).to_pylist()
    assert meta.task_id == "cuakit/desksim-editor-bold-v0#4" and meta.policy == "test"
    assert meta.extra["family"] == "editor-bold" and "file" in meta.extra["params"]
    assert json.loads(steps[-1]["info"])["success"] is True
    assert steps[-1]["terminated"] and meta.length == len(steps)
    indices = [s["frame_index"] for s in steps]
    assert indices == sorted(indices) and indices[-1] < meta.num_frames - 1
