"""Scale-out: Ray actors for collection and scoring, dataset shards, data-parallel training.

Nothing here imports ``ray`` at import time: `require_ray` does, when a command is asked to
run on several workers, and says how to install it when it is missing.

- `cuakit.scale.shards` — merge shard datasets into one (no Ray needed)
- `cuakit.scale.collect` — ``EnvWorker`` actors recording into shards, the driver that feeds
  them seeds and replaces the ones that die
- `cuakit.scale.scoring` — ``RewardScorer`` actors scoring finished episodes in batches
- `cuakit.scale.ddp` — launch N training processes (torch.distributed, gloo on CPU)
"""

from __future__ import annotations

import contextlib
import logging
import re
from collections.abc import Iterator
from types import ModuleType

from cuakit.errors import ConfigError

INSTALL_HINT = "pip install 'cuakit[scale]'"
ADDRESS = re.compile(r"^(auto|ray://[\w.-]+:\d+|[\w.-]+:\d+)$")
"""what ``--ray-address`` accepts: auto, HOST:PORT (a head node's GCS) or ray://HOST:PORT"""


def require_ray(flag: str) -> ModuleType:
    """``import ray``, or a `ConfigError` naming ``flag`` and the install command."""
    try:
        import ray
    except ImportError:
        raise ConfigError(
            f"{flag} runs on Ray, which is not installed: {INSTALL_HINT} (or run without {flag})"
        ) from None
    return ray


def check_address(address: str | None) -> None:
    if address is not None and not ADDRESS.match(address):
        raise ConfigError(
            f"--ray-address {address!r}: use auto, HOST:PORT of a Ray head (e.g. 10.0.0.5:6379) "
            "or ray://HOST:PORT; leave it out to start a local Ray"
        )


@contextlib.contextmanager
def ray_session(
    address: str | None, num_cpus: int, flag: str = "--workers"
) -> Iterator[ModuleType]:
    """Ray for one command: joined at ``address``, else started locally with ``num_cpus`` and
    shut down afterwards; a Ray the caller already started (tests) is used and left running."""
    check_address(address)
    ray = require_ray(flag)
    if ray.is_initialized():
        yield ray
        return
    kwargs = {"address": address} if address else {"num_cpus": num_cpus}
    ray.init(**kwargs, include_dashboard=False, log_to_driver=False, logging_level=logging.ERROR)
    try:
        yield ray
    finally:
        ray.shutdown()
