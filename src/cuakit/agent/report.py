"""The demo's ``report.html``: one self-contained page (images referenced relative to it) with
the reward model's metrics and plots, PPO with ground-truth reward and with the video reward
side by side, the random baseline, and episode GIFs with their true outcome and the reward
model's judgement."""

from __future__ import annotations

import html
import os
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

CSS = """
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.6em}h2{margin-top:1.6em;border-bottom:1px solid #ddd}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.3em .7em}
th{background:#f4f4f4;text-align:left}.num{text-align:right;font-variant-numeric:tabular-nums}
.grid{display:grid;grid-template-columns:repeat(3,1fr);gap:12px}
figure{margin:0;border:1px solid #ddd;padding:6px;border-radius:4px}
figcaption{font-size:.85em;margin-top:4px}img{max-width:100%}
.ok{color:#1a7f37;font-weight:bold}.bad{color:#c62828;font-weight:bold}.muted{color:#777}
"""


def _fmt(value: Any) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.3f}"
    return html.escape(str(value))


def _table(rows: list[tuple[str, Any]]) -> str:
    body = "".join(
        f"<tr><th>{html.escape(k)}</th><td class=num>{_fmt(v)}</td></tr>" for k, v in rows
    )
    return f"<table>{body}</table>"


def _img(path: Path, root: Path, alt: str) -> str:
    if not path.exists():
        return f"<p class=muted>({html.escape(alt)}: not produced)</p>"
    return f'<img src="{html.escape(os.path.relpath(path, root))}" alt="{html.escape(alt)}">'


def plot_comparison(runs: dict[str, list[dict[str, Any]]], baseline: float, path: Path) -> Path:
    """Training success rate of each PPO run against env steps, the random baseline dashed."""
    fig, ax = plt.subplots(figsize=(7, 3.6))
    for name, history in runs.items():
        points = [
            (h["global_step"], h["charts/success_rate"])
            for h in history
            if h["charts/success_rate"] is not None
        ]
        if points:
            ax.plot(*zip(*points, strict=True), label=f"{name} (true success)")
        predicted = [
            (h["global_step"], h["charts/predicted_success_rate"])
            for h in history
            if h.get("charts/predicted_success_rate") is not None
        ]
        if predicted:
            ax.plot(
                *zip(*predicted, strict=True), linestyle=":", label=f"{name} (predicted by VRM)"
            )
    ax.axhline(baseline, color="grey", linestyle="--", label="random policy")
    ax.set(xlabel="env steps", ylabel="success rate (sampled actions)", ylim=(-0.02, 1.02))
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)
    plt.close(fig)
    return path


def write_report(out: Path, metrics: dict[str, Any], paths: dict[str, Path]) -> Path:
    """Write ``out/report.html`` from the demo's metrics and the files in ``paths``."""
    vrm, gt, video, rnd = (metrics[k] for k in ("vrm", "ppo_gt", "ppo_vrm", "random"))
    ratio = video["success_rate"] / gt["success_rate"] if gt["success_rate"] else None
    summary = _table(
        [
            ("env", metrics["env"]),
            ("reward model: test success accuracy", vrm["success_accuracy"]),
            ("reward model: test pairwise accuracy", vrm["pair_accuracy"]),
            ("reward model: test AUROC", vrm.get("auroc")),
            *(
                (
                    f"reward model: {kind} videos scored below their genuine success",
                    row["below_genuine"],
                )
                for kind, row in sorted(vrm.get("deception", {}).items())
            ),
            ("PPO episodes end", "at the agent's finish or the step limit"),
            ("PPO, ground-truth reward: success (test seeds)", gt["success_rate"]),
            ("PPO, video reward: success", video["success_rate"]),
            ("video / ground-truth success ratio", ratio),
            ("random policy: success", rnd["success_rate"]),
            (
                "PPO video reward: predicted − true success (reward hacking)",
                video.get("hacking_gap"),
            ),
            ("wall time (s)", metrics["wall_seconds"]),
        ]
    )
    episodes = []
    for name, result in (
        ("PPO · ground truth", gt),
        ("PPO · video reward", video),
        ("random", rnd),
    ):
        cells = []
        for gif in result.get("gifs", []):
            verdict = (
                "<span class=ok>success</span>"
                if gif["success"]
                else "<span class=bad>failure</span>"
            )
            p = gif.get("p_success")
            image = _img(Path(gif["path"]), out, name)
            cells.append(
                f"<figure>{image}<figcaption><b>{html.escape(name)}</b>"
                f" — {html.escape(gif['instruction'])}<br>truth: {verdict}; "
                f"reward model P(success) = {_fmt(p)}</figcaption></figure>"
            )
        episodes.append("".join(cells))
    columns = "".join(
        f"<div>{cells or '<p class=muted>no episodes</p>'}</div>" for cells in episodes
    )
    page = f"""<!doctype html><html><head><meta charset=utf-8><title>cuakit demo</title>
<style>{CSS}</style></head><body>
<h1>cuakit demo — learning from execution videos</h1>
<p>Collected expert, noisy and random episodes on <code>{html.escape(metrics["env"])}</code>,
trained a video reward model on them, then trained the lab policy with PPO twice at the same
step budget: once rewarded by the environment's ground truth, once by the video reward model
alone (the agent never sees ground truth; success below is measured on held-out seeds).</p>
<h2>Summary</h2>{summary}
<h2>PPO: ground truth vs video reward</h2>{_img(paths["comparison"], out, "PPO comparison")}
<h3>PPO with ground-truth reward</h3>{_img(paths["ppo_gt_curves"], out, "PPO gt curves")}
<h3>PPO with the video reward</h3>{_img(paths["ppo_vrm_curves"], out, "PPO vrm curves")}
<h2>Episodes (held-out seeds)</h2><div class=grid>{columns}</div>
<h2>Video reward model</h2>
<div class=grid><div>{_img(paths["vrm_curves"], out, "reward model curves")}</div>
<div>{_img(paths["reliability"], out, "reliability diagram")}</div>
<div>{_img(paths["confusion"], out, "confusion matrix")}</div></div>
{_table([(k, v) for k, v in vrm.items() if not isinstance(v, dict | list)])}
<p class=muted>cuakit demo{" --quick" if metrics.get("quick") else ""}; numbers in metrics.json.</p>
</body></html>"""
    path = out / "report.html"
    path.write_text(page)
    return path
