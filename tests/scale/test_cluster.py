"""A 2-node Ray cluster simulated on this machine (two raylets, started as separate
processes with their own resource labels): PPO joins it by address and its rollout workers
are scheduled one per node."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cuakit.agent.ppo import PPOConfig
from cuakit.scale.rollouts import train_on_ray

# Under `pytest -n` (make test) the Ray tests share one worker: two local Ray clusters at
# once would fight over /tmp/ray and the machine's cores.
pytestmark = pytest.mark.xdist_group("ray")

ray = pytest.importorskip("ray")


@pytest.mark.slow  # ~40 s: two raylets, a short PPO run
def test_ppo_joins_a_two_node_cluster_and_its_workers_land_on_both_nodes(tmp_path: Path) -> None:
    from ray.cluster_utils import Cluster

    cluster = Cluster(initialize_head=True,
                      head_node_args={"num_cpus": 1, "resources": {"node_a": 1}})  # fmt: skip
    try:
        cluster.add_node(num_cpus=1, resources={"node_b": 1})
        cluster.wait_for_nodes()
        config = PPOConfig(env="cuakit/desksim-click-button-v0", difficulty=1, reward="gt",
                           steps=128, num_envs=4, num_steps=16, eval_episodes=2,
                           record_episodes=0, threads=1)  # fmt: skip
        metrics = train_on_ray(config, tmp_path / "ppo", 2, ray_address=cluster.address)
        assert not ray.is_initialized(), "a joined cluster is left, not shut down"
        nodes = metrics["scale"]["worker_nodes"]
        assert len(nodes) == 2 and len(set(nodes)) == 2, "one worker on each node"
        saved = json.loads((tmp_path / "ppo" / "metrics.json").read_text())
        assert saved["scale"]["worker_nodes"] == nodes
        assert [row["global_step"] for row in metrics["history"]] == [64, 128]
    finally:
        cluster.shutdown()
