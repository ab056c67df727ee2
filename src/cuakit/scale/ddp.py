"""Data-parallel training processes: ``launch(fn, nproc, args)`` runs ``fn(*args)`` in
``nproc`` processes joined in one torch.distributed process group (gloo: CPU tensors).

On one machine ``cuakit reward train --nproc N`` calls `launch`. On a cluster, torchrun
starts the processes instead and ``join_from_env`` joins the group it describes::

    torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint HEAD:29500 \\
        -m cuakit reward train --data DATA --out RUN

Within a process group `cuakit.reward.trainer.RewardTrainer` splits each batch across the
processes and only rank 0 writes. No Ray here: this module needs torch alone.
"""

from __future__ import annotations

import contextlib
import os
import socket
from collections.abc import Callable, Iterator
from typing import Any

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

from cuakit.errors import CuakitError

BACKEND = "gloo"
"""the reward trainer's tensors live on the CPU; a trainer on GPUs would join with nccl"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def launch(fn: Callable[..., Any], nproc: int, args: tuple[Any, ...] = ()) -> None:
    """Run ``fn(*args)`` in ``nproc`` fresh processes (ranks 0..nproc-1) and wait for all.

    ``fn`` must be importable by name (a module-level function). A rank that raises fails
    the launch with a `CuakitError` carrying the rank's last error line."""
    port = free_port()
    try:
        mp.start_processes(_run_rank, args=(fn, nproc, port, args), nprocs=nproc, join=True,
                           start_method="spawn")  # fmt: skip
    except mp.ProcessRaisedException as exc:
        lines = [line for line in str(exc).splitlines() if line.strip()]
        raise CuakitError(f"a training process failed: {lines[-1] if lines else exc}") from exc
    except mp.ProcessExitedException as exc:
        raise CuakitError(
            f"training process {exc.error_index} exited with code {exc.exit_code} "
            "(killed, or out of memory?); run again: training resumes from RUN/checkpoint"
        ) from exc


def _run_rank(rank: int, fn: Callable[..., Any], nproc: int, port: int, args: tuple) -> None:
    os.environ.update(MASTER_ADDR="127.0.0.1", MASTER_PORT=str(port), RANK=str(rank),
                      LOCAL_RANK=str(rank), WORLD_SIZE=str(nproc))  # fmt: skip
    if "OMP_NUM_THREADS" not in os.environ:  # share the cores, not oversubscribe them
        torch.set_num_threads(max(1, (os.cpu_count() or 1) // nproc))
    dist.init_process_group(BACKEND, rank=rank, world_size=nproc)
    try:
        fn(*args)
    finally:
        dist.destroy_process_group()


def join_from_env() -> bool:
    """Join the process group torchrun describes (``WORLD_SIZE`` > 1 in the environment);
    False when this process runs alone."""
    if dist.is_initialized():
        return True
    if int(os.environ.get("WORLD_SIZE", "1")) <= 1:
        return False
    dist.init_process_group(BACKEND)
    return True


def is_lead() -> bool:
    """True on rank 0, or when no process group is running: the process that writes."""
    return not dist.is_initialized() or dist.get_rank() == 0


@contextlib.contextmanager
def rank_zero_first() -> Iterator[None]:
    """Rank 0 runs the block first (filling a dataset's clip caches), the others after it
    (reading them): no two processes compute, or write, the same cache."""
    if not dist.is_initialized():
        yield
        return
    if dist.get_rank() != 0:
        dist.barrier()
    yield
    if dist.get_rank() == 0:
        dist.barrier()
