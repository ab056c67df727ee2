"""`cuakit serve reward`: a video reward model behind ``POST /v1/score``, with request
batching, ``/healthz`` and a request-size limit.

- JSON ``{"instruction": …, "episode": "videos/episode_000003.mp4"}``: a video under the
  configured data root (a path that leaves it — ``..``, absolute, percent-encoded — is a 400);
- raw video bytes (``Content-Type: video/mp4``) with ``?instruction=…``: an upload (a body
  over the limit is a 413; one that does not decode is a 422 naming the problem).

The answer: reward, P(success), the per-frame on-track probabilities and the frame where the
judgement flips — what `cuakit reward score` prints. Requests that arrive together are scored
in one batch (up to ``batch_size``, waiting at most ``batch_wait`` seconds for company).
(No ``from __future__ import annotations``: FastAPI reads the handlers' annotations.)
"""

import asyncio
import json
import tempfile
import urllib.parse
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from cuakit.episodes import read_frames, video_fps
from cuakit.errors import CuakitError
from cuakit.reward.scoring import Scorer, VideoScore

MAX_UPLOAD_BYTES = 64 * 1024 * 1024


class ScoreRequestError(ValueError):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def resolve_episode(root: Path | None, reference: str) -> Path:
    """The video ``reference`` names under ``root``; anything that leaves the root is a 400."""
    if root is None:
        raise ScoreRequestError(400, "this server has no --data-root: upload the video instead")
    decoded = urllib.parse.unquote(reference)
    while decoded != (again := urllib.parse.unquote(decoded)):
        decoded = again
    candidate = Path(decoded)
    if candidate.is_absolute() or ".." in candidate.parts or "\\" in decoded:
        raise ScoreRequestError(400, f"episode {reference!r} must be a relative path inside the "
                                     "data root")  # fmt: skip
    path = (root / candidate).resolve()
    if not path.is_relative_to(root.resolve()):
        raise ScoreRequestError(400, f"episode {reference!r} leaves the data root")
    if not path.is_file():
        raise ScoreRequestError(404, f"episode {reference!r}: no such video under the data root")
    return path


def decode_video(path: Path) -> tuple[np.ndarray, float]:
    try:
        return read_frames(path), video_fps(path)
    except CuakitError as error:
        raise ScoreRequestError(422, f"the video cannot be read: {error}") from error


def score_record(score: VideoScore) -> dict[str, Any]:
    return {"reward": score.reward, "p_success": score.p_success,
            "on_track": list(score.on_track), "frame_indices": list(score.frame_indices),
            "flip_frame": score.flip_frame}  # fmt: skip


@dataclass
class Pending:
    frames: np.ndarray
    fps: float
    instruction: str
    future: asyncio.Future


class Batcher:
    """Collects requests and scores them together in a worker thread."""

    def __init__(self, scorer: Scorer, batch_size: int, batch_wait: float) -> None:
        self.scorer, self.batch_size, self.batch_wait = scorer, batch_size, batch_wait
        self.queue: asyncio.Queue[Pending] = asyncio.Queue()
        self.batches: list[int] = []
        """the size of each batch scored (for the bench)"""

    async def score(self, frames: np.ndarray, fps: float, instruction: str) -> VideoScore:
        future = asyncio.get_running_loop().create_future()
        await self.queue.put(Pending(frames, fps, instruction, future))
        return await future

    async def run(self) -> None:
        while True:
            batch = [await self.queue.get()]
            deadline = asyncio.get_running_loop().time() + self.batch_wait
            while len(batch) < self.batch_size:
                left = deadline - asyncio.get_running_loop().time()
                if left <= 0:
                    break
                try:
                    batch.append(await asyncio.wait_for(self.queue.get(), left))
                except TimeoutError:
                    break
            self.batches.append(len(batch))
            try:
                scores = await asyncio.to_thread(self._score, batch)
            except Exception as error:  # every waiting request gets the error
                for item in batch:
                    item.future.set_exception(error)
                continue
            for item, result in zip(batch, scores, strict=True):
                item.future.set_result(result)

    def _score(self, batch: list[Pending]) -> list[VideoScore]:
        """Scored per frame rate (one batch call per rate), in the requests' order."""
        out: dict[int, VideoScore] = {}
        for fps in {item.fps for item in batch}:
            group = [i for i, item in enumerate(batch) if item.fps == fps]
            scores = self.scorer.score([batch[i].frames for i in group],
                                       [batch[i].instruction for i in group], fps=fps)  # fmt: skip
            out.update(zip(group, scores, strict=True))
        return [out[i] for i in range(len(batch))]


def reward_app(
    scorer: Scorer,
    data_root: Path | None = None,
    max_bytes: int = MAX_UPLOAD_BYTES,
    batch_size: int = 8,
    batch_wait: float = 0.01,
) -> Any:
    from contextlib import asynccontextmanager

    from fastapi import FastAPI, Request
    from fastapi.responses import JSONResponse

    batcher = Batcher(scorer, batch_size, batch_wait)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        worker = asyncio.create_task(batcher.run())
        yield
        worker.cancel()

    app = FastAPI(title="cuakit reward", lifespan=lifespan)
    app.state.batcher = batcher

    @app.get("/healthz")
    def healthz() -> dict[str, Any]:
        return {"ok": True, "batch_size": batch_size}

    @app.post("/v1/score")
    async def score(request: Request) -> Any:
        try:
            frames, fps, instruction = await _read(request, data_root, max_bytes)
            result = await batcher.score(frames, fps, instruction)
        except ScoreRequestError as problem:
            return JSONResponse({"error": str(problem)}, status_code=problem.status)
        except CuakitError as problem:
            return JSONResponse({"error": str(problem)}, status_code=422)
        return {"instruction": instruction, **score_record(result)}

    return app


async def _read(request: Any, root: Path | None, max_bytes: int) -> tuple[np.ndarray, float, str]:
    if int(request.headers.get("content-length") or 0) > max_bytes:
        raise ScoreRequestError(413, f"the request is over {max_bytes} bytes")
    body = await request.body()
    if len(body) > max_bytes:
        raise ScoreRequestError(413, f"the request is over {max_bytes} bytes")
    kind = request.headers.get("content-type", "")
    if kind.startswith("application/json"):
        try:
            data = json.loads(body)
            instruction, reference = str(data["instruction"]), str(data["episode"])
        except (ValueError, KeyError, TypeError) as error:
            raise ScoreRequestError(400, "a JSON request needs 'instruction' and 'episode' "
                                         f"({error})") from error  # fmt: skip
        frames, fps = await asyncio.to_thread(decode_video, resolve_episode(root, reference))
    else:
        instruction = request.query_params.get("instruction", "")
        if not body:
            raise ScoreRequestError(422, "the upload is empty: send the video's bytes")
        with tempfile.NamedTemporaryFile(suffix=".mp4") as upload:
            upload.write(body)
            upload.flush()
            frames, fps = await asyncio.to_thread(decode_video, Path(upload.name))
    if not instruction.strip():
        raise ScoreRequestError(400, "the instruction is empty: pass what the video should show")
    return frames, fps, instruction
