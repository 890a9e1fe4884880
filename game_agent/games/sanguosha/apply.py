"""The event applier: the only code that changes the state (one small function per event kind).

Every appliers reads the event's full data (`Event.data`); redacted public forms are for seats only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game_agent.engine import Event
from game_agent.games.sanguosha.cards import KINDS, NAME
from game_agent.games.sanguosha.state import PHASES, Player, State


def _ids(cards: list[dict[str, Any]]) -> list[int]:
    return [c["id"] for c in cards]


def _remove_from_player(p: Player, cid: int) -> None:
    if cid in p.hand:
        p.hand.remove(cid)
        return
    for slot, eid in p.equip.items():
        if eid == cid:
            del p.equip[slot]
            return
    p.judge.remove(cid)


def _zone_remove(st: State, zone: str, seat: int | None, cid: int) -> None:
    if zone == "draw":
        st.draw.remove(cid)
    elif zone == "discard":
        st.discard.remove(cid)
    elif zone == "processing":
        st.processing.remove(cid)
    elif zone == "hand":
        st.players[seat].hand.remove(cid)  # type: ignore[index]
    elif zone == "equip":
        p = st.players[seat]  # type: ignore[index]
        del p.equip[KINDS[NAME[cid]].slot]
    elif zone == "judge":
        st.players[seat].judge.remove(cid)  # type: ignore[index]
    else:  # "any": wherever the card is in the seat's areas
        _remove_from_player(st.players[seat], cid)  # type: ignore[index]


def _zone_add(st: State, zone: str, seat: int | None, cid: int) -> None:
    if zone == "discard":
        st.discard.append(cid)
    elif zone == "processing":
        st.processing.append(cid)
    elif zone == "hand":
        st.players[seat].hand.append(cid)  # type: ignore[index]
    elif zone == "equip":
        st.players[seat].equip[KINDS[NAME[cid]].slot] = cid  # type: ignore[index]
    elif zone == "judge":
        st.players[seat].judge.append(cid)  # type: ignore[index]
    elif zone == "draw":
        st.draw.insert(0, cid)
    elif zone == "draw_bottom":
        st.draw.append(cid)
    else:
        raise ValueError(f"unknown zone {zone!r}")


def _deck(st: State, d: dict[str, Any]) -> None:
    st.draw = list(d["order"])


def _reshuffle(st: State, d: dict[str, Any]) -> None:
    order = d["order"]
    taken = set(order)
    st.discard = [c for c in st.discard if c not in taken]
    st.draw.extend(order)
    st.reshuffles += 1


def _draw(st: State, d: dict[str, Any]) -> None:
    hand = st.players[d["seat"]].hand
    draw = st.draw
    for c in d["cards"]:
        draw.remove(c["id"])
        hand.append(c["id"])


def _move(st: State, d: dict[str, Any]) -> None:
    fz, fs, tz, ts = d["from"], d["from_seat"], d["to"], d["to_seat"]
    for c in d["cards"]:
        _zone_remove(st, fz, fs, c["id"])
        _zone_add(st, tz, ts, c["id"])


def _use(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    for c in d["subcards"]:
        _remove_from_player(p, c["id"])
        st.processing.append(c["id"])
    if d["counted"]:
        st.slash_used += 1


def _respond(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    for c in d["subcards"]:
        _remove_from_player(p, c["id"])
        st.discard.append(c["id"])


def _judge(st: State, d: dict[str, Any]) -> None:
    cid = d["card"]["id"]
    st.draw.remove(cid)
    st.processing.append(cid)


def _role(st: State, d: dict[str, Any]) -> None:
    st.players[d["seat"]].role = d["role"]


def _general(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    p.general = d["general"]
    p.max_hp = d["max_hp"]
    p.hp = d["hp"]
    if d["general"] in p.reserve:
        p.reserve.remove(d["general"])


def _general_chosen(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    p.general = d["general"]
    if d["general"] in p.reserve:
        p.reserve.remove(d["general"])


def _reserve(st: State, d: dict[str, Any]) -> None:
    st.players[d["seat"]].reserve.extend(d["generals"])


def _pool(st: State, d: dict[str, Any]) -> None:
    st.pool = list(d["generals"])


def _pick(st: State, d: dict[str, Any]) -> None:
    st.pool.remove(d["general"])
    st.players[d["seat"]].reserve.append(d["general"])


def _round(st: State, d: dict[str, Any]) -> None:
    st.round = d["round"]
    st.turn_stack = list(reversed(d["seats"]))


def _turn_skipped(st: State, d: dict[str, Any]) -> None:
    if st.turn_stack and st.turn_stack[-1] == d["seat"]:
        st.turn_stack.pop()


def _extra_turn(st: State, d: dict[str, Any]) -> None:
    st.turn_stack.append(d["seat"])


def _turn(st: State, d: dict[str, Any]) -> None:
    st.current = d["seat"]
    if st.turn_stack and st.turn_stack[-1] == d["seat"]:
        st.turn_stack.pop()
    st.phases = list(d["phases"])
    st.skipped = []
    st.phase = ""
    st.slash_used = 0
    st.turn_over = False


def _phase(st: State, d: dict[str, Any]) -> None:
    st.phase = d["phase"]
    if st.phases and st.phases[0] == d["phase"]:
        st.phases.pop(0)
    if d["phase"] == "play":
        st.slash_used = 0


def _phase_skip(st: State, d: dict[str, Any]) -> None:
    if d["phase"] not in st.skipped:
        st.skipped.append(d["phase"])


def _phase_insert(st: State, d: dict[str, Any]) -> None:
    st.phases.insert(d["index"], d["phase"])


def _phase_skipped(st: State, d: dict[str, Any]) -> None:
    if st.phases and st.phases[0] == d["phase"]:
        st.phases.pop(0)
    if d["phase"] in st.skipped:
        st.skipped.remove(d["phase"])


def _turn_end(st: State, d: dict[str, Any]) -> None:
    st.turn_over = True


def _damage(st: State, d: dict[str, Any]) -> None:
    st.players[d["target"]].hp -= d["amount"]


def _recover(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    p.hp = min(p.max_hp, p.hp + d["amount"])


def _lose_hp(st: State, d: dict[str, Any]) -> None:
    st.players[d["seat"]].hp -= d["amount"]


def _death(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    p.alive = False
    p.role = d["role"]


def _general_lost(st: State, d: dict[str, Any]) -> None:
    st.players[d["seat"]].lost += 1


def _mark(st: State, d: dict[str, Any]) -> None:
    marks = st.players[d["seat"]].marks
    if d["value"] is None:
        marks.pop(d["name"], None)
    else:
        marks[d["name"]] = d["value"]


def _game_over(st: State, d: dict[str, Any]) -> None:
    st.outcome = d["outcome"]


def _arrange(st: State, d: dict[str, Any]) -> None:
    """Guanxing-style: the given draw-pile cards go on top (in order) and to the bottom."""
    moved = set(d["top"]) | set(d["bottom"])
    rest = [c for c in st.draw if c not in moved]
    st.draw = list(d["top"]) + rest + list(d["bottom"])


def _info(st: State, d: dict[str, Any]) -> None:
    return None


APPLIERS: dict[str, Callable[[State, dict[str, Any]], None]] = {
    "deck": _deck,
    "reshuffle": _reshuffle,
    "draw": _draw,
    "move": _move,
    "use": _use,
    "respond": _respond,
    "judge": _judge,
    "judge_result": _info,
    "role": _role,
    "general": _general,
    "general_chosen": _general_chosen,
    "reserve": _reserve,
    "pool": _pool,
    "pick": _pick,
    "round": _round,
    "extra_turn": _extra_turn,
    "turn_skipped": _turn_skipped,
    "turn": _turn,
    "phase": _phase,
    "phase_skip": _phase_skip,
    "phase_insert": _phase_insert,
    "phase_skipped": _phase_skipped,
    "turn_end": _turn_end,
    "damage": _damage,
    "recover": _recover,
    "lose_hp": _lose_hp,
    "dying": _info,
    "death": _death,
    "general_lost": _general_lost,
    "reward": _info,
    "skill": _info,
    "no_effect": _info,
    "cancelled": _info,
    "slash_missed": _info,
    "choice": _info,
    "mark": _mark,
    "arrange": _arrange,
    "peek": _info,
    "reveal": _info,
    "game_over": _game_over,
}


def apply(state: State, event: Event) -> None:
    APPLIERS[event.kind](state, event.data)


__all__ = ["PHASES", "apply"]
