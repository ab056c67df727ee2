"""`cuakit serve policy`: a policy behind an OpenAI-compatible ``POST /v1/chat/completions``,
so that `cuakit run --model openai:…`, or any OpenAI client, can drive a lab or Hugging Face
policy the way it drives vLLM.

A request carries cuakit's prompt (`cuakit.runner.agents.chat_messages`): the screenshot as
an image data URL and the user text ``Task: …`` with the previous actions. The reply is the
action in cuakit's answer format (a ```json fence). A request that is not one is a 400
naming what is missing; one over the size limit is a 413. (No ``from __future__ import
annotations`` here: FastAPI reads the handlers' annotations at run time.)
"""

import base64
import binascii
import io
import json
import time
import uuid
from typing import Any

import numpy as np
from PIL import Image, UnidentifiedImageError

from cuakit.errors import ActionParseError
from cuakit.prompt import ScreenGeometry, read_user_text, render_answer
from cuakit.runner.agents import Agent

MAX_REQUEST_BYTES = 32 * 1024 * 1024


class BadRequest(ValueError):
    """What a chat request lacks, for its 400 answer."""


def read_request(body: dict[str, Any]) -> tuple[np.ndarray, str, list[Any]]:
    """(screenshot, instruction, previous actions) from a chat completion request."""
    messages = body.get("messages")
    if not isinstance(messages, list) or not messages:
        raise BadRequest("'messages' must be a non-empty list")
    user = next((m for m in reversed(messages) if isinstance(m, dict) and m.get("role") == "user"),
                None)  # fmt: skip
    if user is None:
        raise BadRequest("no user message")
    parts = user.get("content")
    parts = [{"type": "text", "text": parts}] if isinstance(parts, str) else parts or []
    images = [p["image_url"]["url"] if isinstance(p.get("image_url"), dict) else p.get("image_url")
              for p in parts if p.get("type") == "image_url"]  # fmt: skip
    text = "\n".join(p.get("text", "") for p in parts if p.get("type") == "text")
    if not images:
        raise BadRequest("the user message has no image_url part (the screenshot)")
    screenshot = decode_data_url(str(images[-1]))
    try:
        instruction, previous = read_user_text(text)
    except ActionParseError as error:
        raise BadRequest(f"the user text: {error}") from error
    return screenshot, instruction, previous


def decode_data_url(url: str) -> np.ndarray:
    head, _, data = url.partition(",")
    if not head.startswith("data:image/") or ";base64" not in head:
        raise BadRequest("the image must be a data:image/...;base64 URL (no remote images)")
    try:
        image = Image.open(io.BytesIO(base64.b64decode(data, validate=True))).convert("RGB")
    except (binascii.Error, UnidentifiedImageError, OSError) as error:
        raise BadRequest(f"the image data URL is not a readable image ({error})") from error
    return np.asarray(image)


def completion(agent: Agent, body: dict[str, Any], model: str) -> dict[str, Any]:
    screenshot, instruction, previous = read_request(body)
    height, width = screenshot.shape[:2]
    try:
        action = agent.act(screenshot, instruction, previous)
        content = render_answer(action, ScreenGeometry(width, height, "normalised"))
    except ActionParseError as error:  # the model wrote no action: pass its words on
        content = getattr(error, "raw_text", str(error))
    return {
        "id": f"chatcmpl-{uuid.uuid4().hex[:24]}",
        "object": "chat.completion",
        "created": int(time.time()),
        "model": body.get("model") or model,
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content}}],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }  # fmt: skip


def policy_app(agent: Agent, model: str, max_bytes: int = MAX_REQUEST_BYTES) -> Any:
    """The FastAPI app serving ``agent`` under the model name ``model``."""
    from fastapi import FastAPI, Request
    from fastapi.responses import JSONResponse
    from starlette.concurrency import run_in_threadpool

    app = FastAPI(title=f"cuakit policy: {model}")

    def error(status: int, message: str) -> JSONResponse:
        return JSONResponse({"error": {"message": message, "type": "invalid_request_error"}},
                            status_code=status)  # fmt: skip

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {"ok": True, "model": model}

    @app.get("/v1/models")
    def models() -> dict[str, Any]:
        return {"object": "list", "data": [{"id": model, "object": "model", "owned_by": "cuakit"}]}

    @app.post("/v1/chat/completions")
    async def chat(request: Request) -> Any:
        if int(request.headers.get("content-length") or 0) > max_bytes:
            return error(413, f"the request is over {max_bytes} bytes")
        raw = await request.body()
        if len(raw) > max_bytes:
            return error(413, f"the request is over {max_bytes} bytes")
        try:
            body = json.loads(raw)
            return await run_in_threadpool(completion, agent, body, model)
        except (ValueError, BadRequest) as problem:
            return error(400, str(problem))

    return app
