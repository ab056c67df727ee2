"""The `cuakit` command: `cuakit GROUP COMMAND [ARGS]`, each command a tyro config dataclass."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import tyro
from rich.table import Table

from cuakit import __version__
from cuakit.cli.common import err_console, out_console
from cuakit.errors import CuakitError


@dataclass(frozen=True)
class Command:
    """One command. Its module is imported only when it runs: most pull in torch, which
    takes seconds, and ``cuakit --help`` or ``cuakit dataset info`` need not wait for it."""

    group: str
    name: str
    module: str
    """the cuakit.cli submodule with the config dataclass and the function that runs it"""
    config_name: str
    run_name: str
    summary: str
    """the first paragraph of the config's docstring (tests/cli keeps the two equal)"""

    def load(self) -> tuple[type, Callable[[Any], None]]:
        module = importlib.import_module(f"cuakit.cli.{self.module}")
        return getattr(module, self.config_name), getattr(module, self.run_name)


# fmt: off
COMMANDS = (
    Command("envs", "", "envs", "EnvsArgs", "run_envs",
            "List the registered environments and their task families."),
    Command("collect", "", "envs", "CollectArgs", "run_collect",
            "Run a policy in one or more envs and record every episode into a dataset."),
    Command("dataset", "info", "dataset", "InfoArgs", "run_info",
            "Summarise a dataset: episodes, success rate, frames, duration, bytes, labels."),
    Command("dataset", "preview", "dataset", "PreviewArgs", "run_preview",
            "Write an episode as a GIF, an MP4, or a PNG contact sheet of its frames."),
    Command("dataset", "merge", "dataset", "MergeArgs", "run_merge",
            "Merge shard datasets (one per worker or machine) into one: every episode once, "
            "labels re-pointed."),
    Command("dataset", "export", "label", "ExportArgs", "run_export",
            "Export success judgements and their videos as ExeVR-style ShareGPT JSON."),
    Command("dataset", "import", "label", "ImportArgs", "run_import",
            "Import ExeVR-style ShareGPT JSON (videos + correct/incorrect) into an episode "
            "dataset."),
    Command("label", "success", "label", "LabelSuccessArgs", "run_label_success",
            "Label success from the env's ground truth, optionally adding adversarial negatives."),
    Command("label", "pairs", "label", "LabelPairsArgs", "run_label_pairs",
            "Add preference pairs from ground truth: correctness, then efficiency, then progress."),
    Command("curate", "filter", "curate", "FilterArgs", "run_filter",
            "Keep the step samples that pass every quality check and are no near-duplicate "
            "screens; report how many failed each check."),
    Command("curate", "stats", "curate", "StatsArgs", "run_stats",
            "Describe a step-sample file: samples by action type, difficulty, resolution and "
            "source (a table, or --json; bar charts as PNGs with --out)."),
    Command("curate", "export", "curate_export", "ExportArgs", "run_export",
            "Export episodes as step samples, SFT conversations or a Hugging Face dataset."),
    Command("curate", "refusals", "curate_export", "RefusalsArgs", "run_refusals",
            "Write refusal data for SFT: unsafe instructions on desksim screens answered by "
            "`fail` with the risk named, mixed with as many benign look-alikes answered by the "
            "expert."),
    Command("curate", "import", "curate_export", "ImportArgs", "run_import",
            "Import AgentNet, Mind2Web or AndroidControl trajectories, or ScreenSpot grounding "
            "benchmarks, as step samples."),
    Command("reward", "train", "reward", "TrainArgs", "run_train",
            "Train a video reward model on a labelled episode dataset."),
    Command("reward", "eval", "reward", "EvalArgs", "run_eval",
            "Evaluate a trained reward model on DATA's val or test split: accuracy, precision, "
            "recall, F1, pairs, AUROC, ECE, IoU (RUN/eval_SPLIT.json, reliability_SPLIT.png, "
            "confusion_SPLIT.png)."),
    Command("reward", "score", "reward", "ScoreArgs", "run_score",
            "Score one execution video under an instruction: reward, P(success), where it flips."),
    Command("reward", "risk-judge", "risk", "RiskJudgeArgs", "run_risk_judge",
            "Train the safety gate's learned judge of risk (multilingual-e5 features, logistic "
            "regression) on the development red-team and benign case lists; use it with --judge "
            "/ --risk-judge."),
    Command("reward", "harden", "agent", "HardenArgs", "run_harden",
            "The cheater loop: PPO against the reward model (agent-decided termination), the "
            "failures it scored as successes added as negatives, the model retrained; per round."),
    Command("agent", "ppo", "agent", "PPOArgs", "run_ppo",
            "Train the lab policy with PPO on an env, rewarded by ground truth or a video reward "
            "model."),
    Command("agent", "eval", "agent", "EvalArgs", "run_eval",
            "Evaluate a policy (a PPO run, an SFT run, or `random`) on test seeds: true and "
            "predicted success."),
    Command("agent", "sft", "agent_sft", "SFTCommandArgs", "run_sft",
            "Fine-tune a Qwen2.5-VL policy on step samples with a LoRA adapter (TRL SFTTrainer)."),
    Command("agent", "sft-eval", "agent_sft", "SFTEvalArgs", "run_sft_eval",
            "Score an SFT run on held-out step samples against the best constant point."),
    Command("agent", "build-tiny-vlm", "agent_sft", "BuildTinyArgs", "run_build_tiny",
            "Write a tiny random Qwen2.5-VL for CPU runs and tests."),
    Command("agent", "rft", "agent_sft", "RFTCommandArgs", "run_rft",
            "Rejection-sampling fine-tuning of a Qwen2.5-VL policy: rollouts in an env, the "
            "episodes the video judge scores as successes kept, SFT on their steps, repeated per "
            "round."),
    Command("agent", "grounding-sft", "agent_grounding", "GroundingSFTArgs", "run_grounding_sft",
            "Train the lab grounding model (the lab policy's click map) on click samples."),
    Command("agent", "grpo", "agent_grounding", "GRPOArgs", "run_grpo",
            "Train a grounding policy with GRPO and a grounding reward: the lab model or a VLM."),
    Command("agent", "grpo-episodes", "agent_episodes", "EpisodeGRPOArgs", "run_grpo_episodes",
            "GRPO over whole episodes: each task instance played by a group of rollouts that end "
            "when the policy says so, each episode's outcome (ground truth or the video judge) "
            "normalised within its group as the advantage of every step it took."),
    Command("eval", "agent", "run", "EvalAgentArgs", "run_eval_agent",
            "Evaluate any agent (a --model spec) on task suites: success per task with a 95 % "
            "interval, steps, time, safety decisions, the judge's agreement; OUT/report.html with "
            "GIFs."),
    Command("eval", "grounding", "agent_grounding", "EvalGroundingArgs", "run_eval_grounding",
            "Score a grounding policy on click samples: accuracy, distance, by role and size."),
    Command("serve", "policy", "serve", "ServePolicyArgs", "run_serve_policy",
            "Serve a policy (lab:RUN or hf:PATH[+ADAPTER]) behind an OpenAI-compatible POST "
            "/v1/chat/completions (images as data URLs), with /healthz and /v1/models."),
    Command("serve", "reward", "serve", "ServeRewardArgs", "run_serve_reward",
            "Serve a video reward model behind POST /v1/score (an mp4 upload, or an episode under "
            "--data-root, with the instruction), batching requests that arrive together."),
    Command("annotate", "serve", "annotate", "ServeArgs", "run_serve",
            "Serve the preference annotation app for a dataset: two execution videos side by "
            "side in sync, votes per criterion, agreement for the admin."),
    Command("annotate", "add-user", "annotate", "AddUserArgs", "run_add_user",
            "Add an annotator to a dataset's annotation app and print their token (shown once)."),
    Command("annotate", "agreement", "annotate", "AgreementArgs", "run_agreement",
            "Agreement between annotators per criterion: Cohen's kappa per pair of annotators, "
            "Fleiss' kappa, each annotator against the majority and against ground truth."),
    Command("annotate", "export", "annotate", "ExportArgs", "run_export",
            "Append the annotators' majority votes to labels/preferences.parquet (source human), "
            "for `cuakit reward train`."),
    Command("annotate", "retrain", "annotate", "RetrainArgs", "run_retrain",
            "Train a new reward model on the labels so far (the votes exported first) and swap "
            "it into the run the annotation queue follows."),
    Command("annotate", "simulate", "annotate", "SimulateArgs", "run_simulate",
            "Replay the labelling loop with simulated annotators (ground truth with an error "
            "rate): val pairwise accuracy against labels bought, random against uncertainty "
            "selection."),
    Command("run", "", "run", "RunArgs", "run_run",
            "Run a model as a computer-use agent: screenshot → model → parse → safety gate → "
            "execute → record, until it says finish or fail; the recording judged with --judge."),
    Command("demo", "", "demo", "DemoArgs", "run_demo",
            "Run the whole loop on desksim: episodes → video reward model → PPO (gt vs video) → "
            "report."),
    Command("bench", "video", "bench", "VideoBenchArgs", "run_video",
            "Encode/decode frames/s at 320×200 and 1280×800: lossless vs compact vs raw numpy."),
    Command("bench", "env", "bench", "EnvBenchArgs", "run_env",
            "desksim steps/s per core: rendering only vs recording at --fps, per task family; "
            "then desksim next to MiniWoB (Chromium) and AbiWord (X11): steps/s, frames/s, "
            "memory."),
    Command("bench", "experts", "bench", "ExpertBenchArgs", "run_experts",
            "Success rate per env (desksim families by default) of the expert, a noisy expert and"
            " random, on the same seeds."),
    Command("bench", "reward", "reward_bench", "RewardBenchArgs", "run_reward_bench",
            "Clips/s, training steps/s and FLOPs per reward backbone, fp32 vs bf16, pruning on vs"
            " off, against TimeSformer-base (random weights, 8 frames at 224x224)."),
    Command("bench", "reading", "bench", "ReadingBenchArgs", "run_reading",
            "Text recognisers side by side on desksim, MiniWoB and X11 screens: character error "
            "rate and frames/s per backend and env; the reward model's reading time per "
            "recorded second."),
    Command("bench", "safety", "bench", "SafetyBenchArgs", "run_safety",
            "The safety gate on the red-team and benign case lists: share of risky cases "
            "confirmed or denied, share of benign ones asked about; dev (tuned on) and held-out "
            "lists apart."),
    Command("bench", "serve", "bench", "ServeBenchArgs", "run_serve_bench",
            "The reward service under load, batch size 1 against 8 in one process: requests/s "
            "and p50/p99 latency for uploads of a recorded desksim episode."),
    Command("bench", "scale", "scale", "ScaleBenchArgs", "run_scale_bench",
            "Steps/s and recorded episodes/s with 1, 2, … Ray env workers (and one process "
            "without Ray), reward-scoring clips/s with 1, 2, … scorers, and PPO's seconds per "
            "update with its rollouts here or on 1, 2, … Ray workers."),
    Command("bench", "agent", "agent_bench", "AgentBenchArgs", "run_agent_bench",
            "PPO with the video reward vs ground truth vs random on several desksim families."),
)
# fmt: on


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
    config_class, run = command.load()
    try:
        config = tyro.cli(
            config_class,
            args=rest,
            prog=f"cuakit {command.group} {command.name}".rstrip(),
            description=config_class.__doc__,
        )
        run(config)
    except CuakitError as exc:
        err_console.print(f"[red]error:[/] {exc}", highlight=False, soft_wrap=True)
        return 2
    except OSError as exc:  # a path the user gave that cannot be read or written
        err_console.print(f"[red]error:[/] {exc}", highlight=False, soft_wrap=True)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
