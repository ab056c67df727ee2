"""The models `cuakit run` can drive, each behind one method ``act(screenshot, instruction,
previous) -> Action`` (an `ActionParseError` when its answer is no action). Specs:

- ``openai:URL#MODEL`` — any OpenAI-compatible chat server (vLLM, TGI, llama.cpp, `cuakit
  serve policy`): the screenshot as a base64 PNG data URL beside cuakit's prompt; the reply
  read in a dialect (`cuakit.dialects`, cuakit's own by default);
- ``hf:PATH[+ADAPTER]`` or ``hf:RUN`` — a local Qwen2.5-VL (`VLMPolicy`), with a LoRA adapter
  or an SFT run folder's;
- ``lab:RUN`` — the lab policy of a `cuakit agent ppo` (or grpo-episodes) run, greedy;
- ``expert`` — the env's scripted expert (it reads the env's state: a reference, not a model).
"""

from __future__ import annotations

import base64
import io
import json
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import numpy as np
import torch
from PIL import Image

from cuakit.actions import Action
from cuakit.errors import ActionParseError, ConfigError
from cuakit.prompt import SYSTEM_PROMPT, ScreenGeometry, read_answer, user_text


class Agent(Protocol):
    def act(self, screenshot: np.ndarray, instruction: str, previous: list[Action]) -> Action: ...


def png_data_url(screenshot: np.ndarray) -> str:
    buffer = io.BytesIO()
    Image.fromarray(screenshot).save(buffer, format="PNG")
    return "data:image/png;base64," + base64.b64encode(buffer.getvalue()).decode()


def chat_messages(screenshot: np.ndarray, instruction: str, previous: list[Action],
                  history: int = 4) -> list[dict[str, Any]]:  # fmt: skip
    """cuakit's prompt as OpenAI chat messages (normalised coordinates)."""
    height, width = screenshot.shape[:2]
    geometry = ScreenGeometry(width, height, "normalised")
    window = [a.to_json() for a in previous[-history:]] if history > 0 else []
    return [
        {"role": "system", "content": SYSTEM_PROMPT["normalised"]},
        {"role": "user", "content": [
            {"type": "image_url", "image_url": {"url": png_data_url(screenshot)}},
            {"type": "text", "text": user_text(instruction, window, geometry)},
        ]},
    ]  # fmt: skip


@dataclass
class OpenAIAgent:
    """A model behind an OpenAI-compatible ``/chat/completions`` endpoint."""

    url: str
    """the API base, e.g. http://127.0.0.1:8000/v1"""
    model: str
    dialect: str = "cuakit"
    timeout: float = 120.0
    max_tokens: int = 256
    last_text: str = field(default="", init=False)

    def act(self, screenshot: np.ndarray, instruction: str, previous: list[Action]) -> Action:
        body = {"model": self.model, "messages": chat_messages(screenshot, instruction, previous),
                "max_tokens": self.max_tokens, "temperature": 0}  # fmt: skip
        request = urllib.request.Request(
            self.url.rstrip("/") + "/chat/completions", json.dumps(body).encode(),
            {"Content-Type": "application/json", "Authorization": "Bearer none"},
        )  # fmt: skip
        try:
            with urllib.request.urlopen(request, timeout=self.timeout) as response:
                reply = json.loads(response.read())
        except (urllib.error.URLError, TimeoutError) as error:
            raise ConfigError(f"--model openai:{self.url}: the server did not answer ({error}); "
                              "is it running?") from error  # fmt: skip
        try:
            self.last_text = reply["choices"][0]["message"]["content"] or ""
        except (KeyError, IndexError, TypeError) as error:
            raise ActionParseError("reply", f"not a chat completion: {str(reply)[:200]}") from error
        height, width = screenshot.shape[:2]
        if self.dialect == "cuakit":
            return read_answer(self.last_text, ScreenGeometry(width, height, "normalised"))
        from cuakit.dialects import parse

        return parse(self.last_text, self.dialect, screen=(width, height))


class LabAgent:
    """The lab policy of a PPO run, acting greedily."""

    def __init__(self, run: Path) -> None:
        from cuakit.agent.policy import load_policy
        from cuakit.reward.text import InstructionEncoder

        if not (Path(run) / "policy" / "policy.json").is_file():
            raise ConfigError(f"--model lab:{run}: no policy/policy.json; pass a `cuakit agent "
                              "ppo` run folder")  # fmt: skip
        self.policy = load_policy(Path(run) / "policy").eval()
        self.text = InstructionEncoder()

    @torch.no_grad()
    def act(self, screenshot: np.ndarray, instruction: str, previous: list[Action]) -> Action:
        from cuakit.agent.policy import (
            KINDS,
            START,
            downsample,
            instruction_values,
            remember,
            slot_mask,
            to_action,
        )

        config = self.policy.config
        values = instruction_values(instruction, config.value_slots)
        mask = slot_mask([values], config.value_slots)
        history = START
        for action in previous[-2:]:
            history = remember(history, KINDS.index(lab_kind(action)))
        pixels = downsample(screenshot[None], config.obs_height, config.obs_width)
        text = self.text.encode([instruction])
        output = self.policy(pixels, text, mask, torch.tensor([history]))
        return to_action(self.policy.act(output, mask, greedy=True), 0, values, config)


@dataclass
class ExpertAgent:
    """The env's scripted expert (it reads the env's state)."""

    env: Any

    def act(self, screenshot: np.ndarray, instruction: str, previous: list[Action]) -> Action:
        gui = self.env.unwrapped
        if gui._outcome().success:  # the expert is the env's own: it may read its state
            return Action.finish(reasoning="the task is done")
        return gui.expert_action()


def lab_kind(action: Action) -> str:
    """The lab policy's kind for an action (its `KINDS`); pointer actions count as clicks."""
    name = action.type.value
    if name == "scroll":
        return f"scroll_{'up' if action.direction == 'up' else 'down'}"
    return name if name in ("type", "key", "finish", "fail") else "click"


def agent_from_spec(spec: str, env: Any = None, dialect: str = "cuakit") -> Agent:
    """The agent a ``--model`` spec names (see the module's docstring)."""
    if spec == "expert":
        if env is None:
            raise ConfigError("--model expert drives a cuakit env only")
        return ExpertAgent(env)
    kind, _, rest = spec.partition(":")
    if kind == "openai":
        url, _, model = rest.partition("#")
        if not url.startswith(("http://", "https://")) or not model:
            raise ConfigError(f"--model {spec}: use openai:http://HOST:PORT/v1#MODEL")
        return OpenAIAgent(url, model, dialect)
    if kind == "lab":
        return LabAgent(Path(rest))
    if kind == "hf":
        from cuakit.agent.vlm import VLMPolicy

        path, _, adapter = rest.partition("+")
        if (Path(path) / "adapter").is_dir() and not adapter:
            return VLMPolicy.from_run(path)
        return VLMPolicy(path, adapter or None)
    raise ConfigError(
        f"--model {spec!r}: use openai:URL#MODEL, hf:PATH[+ADAPTER], lab:RUN or expert"
    )
