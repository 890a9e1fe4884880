"""Sanguosha's part of the replay report: a turn is a player's turn (`turn`)."""

from __future__ import annotations

from typing import Any

from replays.reader import Log
from user_agent.games.sanguosha.messages import SG
from user_agent.games.sanguosha.names import (
    general_name,
    role_name,
    side_name,
    skill_name,
    word,
)
from user_agent.replay import ReportHooks
from user_agent.words.narrate import Narrator

_SIDES = {"lord": "the lord and loyalists", "rebel": "the rebels", "renegade": "the renegade"}


class SanguoshaReport(ReportHooks):
    turn_event = "turn"

    def turn_header(self, turn: int, data: dict[str, Any], narrator: Narrator) -> str:
        who = narrator.s(data.get("seat"))
        return SG(narrator.lang, "report.turn", turn=turn, round=data.get("round"), who=who)

    def seat_identity(
        self, kind: str, data: dict[str, Any], seat: int, known: dict[str, str]
    ) -> dict[str, str]:
        """The seat's role (in 1v1, which its `reserve` shows: its side) and general."""
        if data.get("seat") != seat:
            return {}
        if kind == "role" and data.get("role"):
            return {"role": role_name(str(data["role"]))}
        if kind == "general" and data.get("general"):
            return {"general": general_name(str(data["general"]))}
        if kind == "reserve":  # 1v1 only: its roles lord and renegade are the two sides
            side = {role_name(r): side_name(r) for r in ("lord", "renegade")}
            role = known.get("role", "")
            return {"role": side[role]} if role in side else {}
        return {}

    def account(self, log: Log) -> list[str]:
        """Who was which role and general (with the skills), the deaths in order with the turn
        they came in, and the winner, from the events `role`, `general`, `turn`, `death` and
        `game_over` (the log holds every seat's secret role)."""
        roles: dict[int, str] = {}
        generals: dict[int, dict[str, Any]] = {}
        deaths: list[str] = []
        turn, rnd, outcome = 0, 0, None

        def who(seat: object) -> str:
            g = generals.get(int(seat)) if isinstance(seat, int) else None
            name = f" {general_name(str(g['general']))}" if g else ""
            return f"seat {seat}{name}"

        for e in log.events:
            d = e.data
            if e.kind == "role" and d.get("role"):
                roles[int(d["seat"])] = str(d["role"])
            elif e.kind == "general":
                generals[int(d["seat"])] = d
            elif e.kind == "turn":
                turn, rnd = turn + 1, int(d.get("round") or rnd)
            elif e.kind == "death":
                when = f"turn {turn} (round {rnd})" if turn else "before the first turn"
                killer = d.get("killer")
                by = f", killed by {who(killer)}" if killer is not None else ""
                role = role_name(str(d.get("role")))
                deaths.append(f"  {when}: {who(d['seat'])}, the {role}{by}")
            elif e.kind == "game_over":
                outcome = d.get("outcome") or {}
        out = [f"{len(generals) or len(roles)} seats, {turn} turns in {rnd} rounds:"]
        for seat in sorted(set(roles) | set(generals)):
            g = generals.get(seat)
            role = role_name(roles.get(seat, "?"))
            if g is None:
                out.append(f"  seat {seat}  {role}")
                continue
            skills = ", ".join(skill_name(str(s)) for s in g.get("skills") or []) or "no skill"
            line = f"{general_name(str(g['general']))} ({g.get('max_hp')} HP): {skills}"
            out.append(f"  seat {seat}  {role:<9} {line}")
        out.append("deaths, in order:" if deaths else "deaths: none")
        out.extend(deaths)
        if outcome is None:
            out.append("winner: none, the game did not finish")
        else:
            winners = outcome.get("winners") or []
            side = outcome.get("winner")
            names = ", ".join(who(s) for s in winners) or "nobody"
            reason = word(str(outcome["reason"])) if outcome.get("reason") else ""
            head = _SIDES.get(str(side), f"the {role_name(str(side))}") if side else "a draw"
            out.append(f"winner: {head}: {names}" + (f" ({reason})" if reason else ""))
        return out


REPORT = SanguoshaReport()
