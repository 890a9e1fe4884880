"""The arena's summary as text (stdout) and as Markdown (report.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from user_agent.games import client
from user_agent.games.manifest import RoleWords

WIN_RATES_PNG = "win_rates.png"
RATINGS_PNG = "ratings.png"


def role_words(s: Mapping[str, Any]) -> RoleWords | None:
    """The words of the summary's game if its seats play roles (its client manifest's)."""
    c = client(str(s["game"]))
    return c.roles if c is not None else None


def pct(rec: Mapping[str, Any] | None) -> str:
    if rec is None or rec["win_rate"] is None:
        return "-"
    low, high = rec["ci95"]
    return f"{100 * rec['win_rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def headline(s: Mapping[str, Any]) -> list[str]:
    out = []
    if s["interrupted"]:
        out.append(f"interrupted: {s['games']} of {s['scheduled']} games finished")
    mode = f" ({s['mode']})" if s["mode"] else ""
    out.append(
        f"{s['games']} {s['game']} games{mode}, {s['seats']} seats, bots {','.join(s['bots'])}, "
        f"lineup {s['lineup']}, seeds from {s['seed']} ({s['block']} games per seed)"
    )
    return out


def role_rows(s: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    roles = list(s["by_role"])
    head = ["bot", "games", "wins", "win rate [95%]", *roles]
    rows = [
        [
            bot,
            str(rec["games"]),
            str(rec["wins"]),
            pct(rec),
            *(pct(rec["by_role"].get(r)) for r in roles),
        ]
        for bot, rec in s["by_bot"].items()
    ]
    rows.append(["(all)", "", "", "", *(pct(s["by_role"][r]) for r in roles)])
    return head, rows


# What the ratings say, with every rating table and chart (docs/arena.md "Ratings").
GAPS_NOTE = (
    "only the gaps between the bots' ratings mean anything: the levels start at mu 25 and, "
    "in games of three or more teams, drift down together"
)


def rating_rows(s: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    head = ["bot", "mu", "sigma", "ordinal (mu - 3 sigma)"]
    rows = [
        [r["bot"], f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['ordinal']:.2f}"]
        for r in s["ratings"]
    ]
    return head, rows


def lineup_rows(s: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    head = [
        "lord side",
        "rebels + renegades",
        "games",
        "lord side won",
        "rebels won",
        "renegade won",
        "draws",
        "lord side rate [95%]",
    ]
    rows = []
    for x in s["lineups"]:
        w = x["won_by"]
        rate = {"win_rate": x["lord_side_win_rate"], "ci95": x["lord_side_ci95"]}
        rows.append(
            [
                x["lord_side"],
                x["others"],
                str(x["games"]),
                str(w.get("lord", 0)),
                str(w.get("rebel", 0)),
                str(w.get("renegade", 0)),
                str(w.get("draw", 0)),
                pct(rate),
            ]
        )
    return head, rows


def share(rec: Mapping[str, Any]) -> str:
    if rec["share"] is None:
        return "-"
    low, high = rec["ci95"]
    return f"{100 * rec['share']:.1f}% [{100 * low:.1f}, {100 * high:.1f}]"


def pair_intro(p: Mapping[str, Any]) -> str:
    return (
        f"{p['pairs']} pairs (one deal each, played twice with {p['bot']} and {p['against']} "
        f"exchanged in every seat); {p['bot']}'s pair share with its 95% bootstrap interval "
        f"({p['resamples']} resamples of the pairs) beside the two win rates with their 95% "
        f"Wilson intervals; {p['bot']} was ahead in {p['ahead']} pairs, level in {p['even']}, "
        f"behind in {p['behind']}; the same share with the games resampled one by one, as if "
        f"unpaired: [{100 * p['unpaired_ci95'][0]:.1f}, {100 * p['unpaired_ci95'][1]:.1f}]"
    )


def pair_rows(s: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Per role (and over all seats): how each seat's two games went, the bots' win rates
    and the first bot's pair share."""
    p = s["pairs"]
    a, b = p["bot"], p["against"]
    head = [
        "role",
        "seat pairs",
        f"{a} only won",
        "both won",
        "neither won",
        f"{b} only won",
        f"{a} win rate [95%]",
        f"{b} win rate [95%]",
        f"{a} pair share [95% bootstrap]",
    ]
    rows = []
    for role, rec in [("(all)", p["all"]), *p["by_role"].items()]:
        rates = [s["by_bot"].get(bot) for bot in (a, b)]
        if role != "(all)":
            rates = [None if r is None else r["by_role"].get(role) for r in rates]
        rows.append(
            [
                role,
                str(rec["seat_pairs"]),
                str(rec["a_only"]),
                str(rec["both"]),
                str(rec["neither"]),
                str(rec["b_only"]),
                pct(rates[0]),
                pct(rates[1]),
                share(rec),
            ]
        )
    return head, rows


def timing_rows(run: Mapping[str, Any]) -> tuple[list[str], list[list[str]]]:
    head = [
        "bot",
        "decisions",
        "ms per decision: mean",
        "median",
        "90%",
        "longest",
        "mean with on_event",
    ]
    rows = [
        [
            bot,
            str(t["decisions"]),
            f"{t['mean_ms']:.3f}",
            f"{t['median_ms']:.3f}",
            f"{t['p90_ms']:.3f}",
            f"{t['max_ms']:.1f}",
            f"{t['with_events_mean_ms']:.3f}",
        ]
        for bot, t in run.get("decision_ms", {}).items()
    ]
    return head, rows


def text_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    widths = [max(len(r[i]) for r in [head, *rows]) for i in range(len(head))]

    def fmt(row: Sequence[str]) -> str:
        cells = [row[0].ljust(widths[0])] + [
            c.rjust(w) for c, w in zip(row[1:], widths[1:], strict=True)
        ]
        return "  " + "  ".join(cells).rstrip()

    return [fmt(head), *(fmt(r) for r in rows)]


def markdown_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = [
        "| " + " | ".join(head) + " |",
        "|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|",
    ]
    out += ["| " + " | ".join(r) + " |" for r in rows]
    return out


def render_text(s: Mapping[str, Any]) -> list[str]:
    lines = headline(s)
    if role_words(s) is not None:
        lines.append("win rates per role, 95% Wilson intervals (a role's games are seat-games):")
    else:
        lines.append("win rates per bot and seat, 95% Wilson intervals:")
    lines += text_table(*role_rows(s))
    lines.append("OpenSkill ratings (Plackett-Luce), after every game in index order:")
    lines += text_table(*rating_rows(s))
    lines.append(f"  ({GAPS_NOTE})")
    if s["lineups"]:
        lines.append("lineups (games where each side was one bot):")
        lines += text_table(*lineup_rows(s))
    if s.get("pairs"):
        lines.append(f"paired games: {pair_intro(s['pairs'])}:")
        lines += text_table(*pair_rows(s))
    lines.append(f"  draws: {s['draws']}   decisions: {s['decisions']}")
    run = s.get("run")
    if run:
        lines.append(
            f"  {run['seconds']} s on {run['backend']} with {run['workers']} workers "
            f"({run['games_per_second']} games/s)"
        )
        if run.get("decision_ms"):
            lines.append("time per decision (wall clock, in the bot's decide):")
            lines += text_table(*timing_rows(run))
    if s.get("out"):
        lines.append(f"  report: {s['out']}/report.md")
    return lines


def render_markdown(s: Mapping[str, Any]) -> str:
    lines = ["# Arena: " + ", ".join(s["bots"]) + f" at {s['game']}", ""]
    lines += [x + "  " for x in headline(s)]
    if s["interrupted"]:
        lines.append(
            "The run was interrupted: the finished games need not balance seats and roles."
        )
    roles = role_words(s)
    if roles is not None:
        lines += ["", "## Win rates per role", ""]
        lines.append(
            "Win rate with its 95% Wilson score interval. A role's games are seat-games "
            f"({roles.games}). `(all)`: every seat in that role."
        )
    else:
        lines += ["", "## Win rates per bot and seat", ""]
        lines.append(
            "Win rate with its 95% Wilson score interval (a shared top score is a win for each "
            "seat sharing it). `(all)`: every bot in that seat."
        )
    lines.append("")
    lines += markdown_table(*role_rows(s))
    lines += ["", f"![win rates per role]({WIN_RATES_PNG})", "", "## Per seat", ""]
    seats = sorted({int(k) for rec in s["by_bot"].values() for k in rec["by_seat"]})
    head = ["bot", *(f"seat {x}" for x in seats)]
    rows = [
        [bot, *(pct(rec["by_seat"].get(str(x))) for x in seats)] for bot, rec in s["by_bot"].items()
    ]
    lines += markdown_table(head, rows)
    lines += ["", "## Ratings", ""]
    teams = f"teams: {roles.teams}" if roles is not None else "each seat plays for itself"
    lines.append(
        f"OpenSkill Plackett-Luce, updated game by game in game-index order; {teams}. "
        f"Ordinal = mu - 3 sigma. {GAPS_NOTE[0].upper()}{GAPS_NOTE[1:]}."
    )
    lines.append("")
    lines += markdown_table(*rating_rows(s))
    lines += ["", f"![ratings over games]({RATINGS_PNG})", ""]
    if s["lineups"]:
        lines += ["## Lineups", ""]
        lines.append(
            "Games where the lord and loyalists were all one bot and the rebels and renegades "
            "all one bot (with `--lineup teams`, every game)."
        )
        lines.append("")
        lines += markdown_table(*lineup_rows(s))
        lines.append("")
    if s.get("pairs"):
        lines += ["## Paired games", ""]
        lines.append(
            f"{pair_intro(s['pairs'])[0].upper()}{pair_intro(s['pairs'])[1:]}. A seat's point "
            "goes to the bot that won it when the other did not, and is shared when both or "
            "neither won it; the pair share is the first bot's part of the points (50%: level)."
        )
        lines.append("")
        lines += markdown_table(*pair_rows(s))
        lines.append("")
    lines += ["## Files", ""]
    lines.append(
        "- `games.jsonl`: one JSON line per game (index, seed, seats, roles, generals, "
        "outcome, winners, decisions, log)"
    )
    lines.append("- `ratings.jsonl`: each bot's [mu, sigma] after each game")
    lines.append("- `summary.json`: everything above as one object")
    lines.append(f"- `{WIN_RATES_PNG}`, `{RATINGS_PNG}`: the charts")
    lines.append("")
    lines.append(f"Draws: {s['draws']}. Decisions: {s['decisions']}.")
    return "\n".join(lines) + "\n"
