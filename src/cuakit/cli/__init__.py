"""The `cuakit` command: `cuakit GROUP COMMAND [ARGS]`, each command a tyro config dataclass."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import tyro
from rich.table import Table

from cuakit import __version__
from cuakit.cli import agent, agent_bench, bench, dataset, demo, envs, label, reward, reward_bench
from cuakit.cli.common import err_console, out_console
from cuakit.errors import CuakitError


@dataclass(frozen=True)
class Command:
    group: str
    name: str
    config: type
    run: Callable[[Any], None]

    @property
    def summary(self) -> str:
        return (self.config.__doc__ or "").strip().splitlines()[0]


COMMANDS = (
    Command("envs", "", envs.EnvsArgs, envs.run_envs),
    Command("collect", "", envs.CollectArgs, envs.run_collect),
    Command("dataset", "info", dataset.InfoArgs, dataset.run_info),
    Command("dataset", "preview", dataset.PreviewArgs, dataset.run_preview),
    Command("dataset", "export", label.ExportArgs, label.run_export),
    Command("dataset", "import", label.ImportArgs, label.run_import),
    Command("label", "success", label.LabelSuccessArgs, label.run_label_success),
    Command("label", "pairs", label.LabelPairsArgs, label.run_label_pairs),
    Command("reward", "train", reward.TrainArgs, reward.run_train),
    Command("reward", "eval", reward.EvalArgs, reward.run_eval),
    Command("reward", "score", reward.ScoreArgs, reward.run_score),
    Command("agent", "ppo", agent.PPOArgs, agent.run_ppo),
    Command("agent", "eval", agent.EvalArgs, agent.run_eval),
    Command("demo", "", demo.DemoArgs, demo.run_demo),
    Command("bench", "video", bench.VideoBenchArgs, bench.run_video),
    Command("bench", "env", bench.EnvBenchArgs, bench.run_env),
    Command("bench", "experts", bench.ExpertBenchArgs, bench.run_experts),
    Command("bench", "reward", reward_bench.RewardBenchArgs, reward_bench.run_reward_bench),
    Command("bench", "agent", agent_bench.AgentBenchArgs, agent_bench.run_agent_bench),
)


def print_help(group: str | None = None) -> None:
    out_console.print(
        f"[bold]cuakit {__version__}[/] — train computer-use agents from execution videos"
    )
    out_console.print(
        "usage: cuakit GROUP COMMAND [ARGS]   (cuakit GROUP COMMAND --help for options)"
    )
    table = Table("command", "what it does", show_lines=False)
    for command in COMMANDS:
        if group is None or command.group == group:
            table.add_row(f"cuakit {command.group} {command.name}".rstrip(), command.summary)
    out_console.print(table)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help", "help"):
        print_help()
        return 0
    if args[0] == "--version":
        out_console.print(__version__)
        return 0
    groups = {c.group for c in COMMANDS}
    if args[0] not in groups:
        err_console.print(
            f"[red]unknown command {args[0]!r}[/]; one of: {', '.join(sorted(groups))}"
        )
        return 2
    single = [c for c in COMMANDS if (c.group, c.name) == (args[0], "")]
    if single:
        command, rest = single[0], args[1:]
    else:
        if len(args) < 2 or args[1] in ("-h", "--help"):
            print_help(args[0])
            return 0 if len(args) >= 2 else 2
        matches = [c for c in COMMANDS if (c.group, c.name) == (args[0], args[1])]
        if not matches:
            names = ", ".join(c.name for c in COMMANDS if c.group == args[0])
            err_console.print(
                f"[red]unknown command 'cuakit {args[0]} {args[1]}'[/]; one of: {names}"
            )
            return 2
        command, rest = matches[0], args[2:]
    try:
        config = tyro.cli(
            command.config,
            args=rest,
            prog=f"cuakit {command.group} {command.name}".rstrip(),
            description=command.config.__doc__,
        )
        command.run(config)
    except CuakitError as exc:
        err_console.print(f"[red]error:[/] {exc}", highlight=False, soft_wrap=True)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
