"""The arena's PNG charts (matplotlib, Agg: no display needed)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt
from matplotlib.figure import Figure

from sgs.arena.report import GAPS_NOTE


def win_rates(summary: Mapping[str, Any], roles: Sequence[str], path: str, title: str) -> None:
    """Grouped bars: each bot's win rate in each role, with its 95% Wilson interval."""
    bots = list(summary["by_bot"])
    fig, ax = plt.subplots(figsize=(max(6.0, 1.4 * len(roles) * max(1, len(bots))), 4.5))
    width = 0.8 / max(1, len(bots))
    for i, bot in enumerate(bots):
        xs, ys, low, high = [], [], [], []
        for j, role in enumerate(roles):
            rec = summary["by_bot"][bot]["by_role"].get(role)
            if rec is None or rec["win_rate"] is None:
                continue
            rate = 100 * rec["win_rate"]
            xs.append(j - 0.4 + width * (i + 0.5))
            ys.append(rate)
            low.append(rate - 100 * rec["ci95"][0])
            high.append(100 * rec["ci95"][1] - rate)
        ax.bar(xs, ys, width, yerr=[low, high], capsize=3, label=bot)
    ax.set_xticks(range(len(roles)), list(roles))
    ax.set_ylabel("win rate (%), 95% interval")
    ax.set_ylim(0, 100)
    ax.set_title(title)
    ax.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def ratings(
    history: Sequence[Mapping[str, Any]], bots: Sequence[str], path: str, title: str
) -> None:
    """Each bot's OpenSkill mu after every game, with a band of ±sigma, as a PNG at `path`."""
    fig = ratings_figure(history, bots, title)
    fig.savefig(path, dpi=100)
    plt.close(fig)


def ratings_figure(history: Sequence[Mapping[str, Any]], bots: Sequence[str], title: str) -> Figure:
    """The chart of `ratings`, captioned with what its levels do not mean (`GAPS_NOTE`)."""
    fig, ax = plt.subplots(figsize=(8, 4.75))
    for bot in bots:
        points = [(h["index"], h[bot]) for h in history if bot in h]
        if not points:
            continue
        xs = [p[0] for p in points]
        mu = [p[1][0] for p in points]
        sigma = [p[1][1] for p in points]
        (line,) = ax.plot(xs, mu, label=bot)
        ax.fill_between(
            xs,
            [m - s for m, s in zip(mu, sigma, strict=True)],
            [m + s for m, s in zip(mu, sigma, strict=True)],
            color=line.get_color(),
            alpha=0.2,
        )
    ax.set_xlabel("game index")
    ax.set_ylabel("rating mu (band: ±sigma)")
    ax.set_title(title)
    ax.legend()
    fig.text(0.5, 0.01, f"{GAPS_NOTE[0].upper()}{GAPS_NOTE[1:]}.", ha="center", fontsize=8)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return fig
