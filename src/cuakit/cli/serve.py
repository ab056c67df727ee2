"""`cuakit serve policy`: a policy behind an OpenAI-compatible chat completions endpoint."""

from __future__ import annotations

from dataclasses import dataclass

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
