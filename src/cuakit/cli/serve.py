"""`cuakit serve policy|reward`: a policy behind an OpenAI-compatible chat completions endpoint,
and a video reward model behind a scoring endpoint."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from cuakit.errors import ConfigError


@dataclass(frozen=True)
class ServePolicyArgs:
    """Serve a policy (lab:RUN or hf:PATH[+ADAPTER]) behind an OpenAI-compatible POST
    /v1/chat/completions (images as data URLs), with /healthz and /v1/models."""

    model: str
    """lab:RUN or hf:PATH[+ADAPTER] / hf:RUN"""
    host: str = "127.0.0.1"
    port: int = 8000
    name: str | None = None
    """the model name clients pass (default: lab or hf)"""


def run_serve_policy(args: ServePolicyArgs) -> None:
    try:
        import uvicorn
    except ImportError as error:
        raise ConfigError(
            "serving needs fastapi and uvicorn: pip install 'cuakit[serve]'"
        ) from error
    from cuakit.runner.agents import agent_from_spec
    from cuakit.runner.serve_policy import policy_app

    if not args.model.startswith(("lab:", "hf:")):
        raise ConfigError(f"--model {args.model!r}: serve lab:RUN or hf:PATH (an openai: model "
                          "is already served; expert needs an env)")  # fmt: skip
    agent = agent_from_spec(args.model)
    name = args.name or args.model.split(":", 1)[0]
    uvicorn.run(policy_app(agent, name), host=args.host, port=args.port, log_level="warning")


@dataclass(frozen=True)
class ServeRewardArgs:
    """Serve a video reward model behind POST /v1/score (an mp4 upload, or an episode under
    --data-root, with the instruction), batching requests that arrive together."""

    checkpoint: Path
    """run folder written by `cuakit reward train`"""
    data_root: Path | None = None
    """episode references resolve under this folder (none: uploads only)"""
    host: str = "127.0.0.1"
    port: int = 8001
    batch_size: int = 8
    max_upload_mb: int = 64


def run_serve_reward(args: ServeRewardArgs) -> None:
    try:
        import uvicorn
    except ImportError as error:
        raise ConfigError(
            "serving needs fastapi and uvicorn: pip install 'cuakit[serve]'"
        ) from error
    from cuakit.reward.scoring import Scorer
    from cuakit.runner.serve_reward import reward_app

    if args.data_root is not None and not args.data_root.is_dir():
        raise ConfigError(f"--data-root {args.data_root}: no such folder")
    app = reward_app(Scorer.from_run(args.checkpoint), args.data_root,
                     args.max_upload_mb * 1024 * 1024, args.batch_size)  # fmt: skip
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
