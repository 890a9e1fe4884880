"""The event applier: the only code that changes the state (one small function per event kind).

Every appliers reads the event's full data (`Event.data`); redacted public forms are for seats only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game_agent.engine import Event
from game_agent.games.sanguosha.cards import NAME
from game_agent.games.sanguosha.index import index_of
from game_agent.games.sanguosha.state import State
from protocol.games.sanguosha.catalogue import KINDS
from protocol.games.sanguosha.rulebook import PHASES

# Zones shared by the table (the rest belong to a seat: hand, equip, judge).
TABLE_ZONES = ("draw", "discard", "processing", "removed", "facedown")


def _zone_remove(st: State, zone: str, seat: int | None, cid: int) -> None:
    if zone in TABLE_ZONES:
        getattr(st, zone).remove(cid)
    elif zone == "hand":
        st.players[seat].hand.remove(cid)  # type: ignore[index]
    elif zone == "equip":
        p = st.players[seat]  # type: ignore[index]
        del p.equip[KINDS[NAME[cid]].slot]
        index_of(st).changed(st, p.seat)
    elif zone == "judge":
        p = st.players[seat]  # type: ignore[index]
        p.judge.remove(cid)
        p.judge_as.pop(cid, None)
    else:
        raise ValueError(f"unknown zone {zone!r}")


def _zone_add(st: State, zone: str, seat: int | None, cid: int, as_: str | None = None) -> None:
    if zone in ("discard", "processing", "removed", "facedown"):
        getattr(st, zone).append(cid)
    elif zone == "hand":
        st.players[seat].hand.append(cid)  # type: ignore[index]
    elif zone == "equip":
        st.players[seat].equip[KINDS[NAME[cid]].slot] = cid  # type: ignore[index]
        index_of(st).changed(st, seat)  # type: ignore[arg-type]
    elif zone == "judge":
        p = st.players[seat]  # type: ignore[index]
        p.judge.append(cid)
        p.judge_as[cid] = as_ or NAME[cid]
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
    as_ = d.get("as")  # redacted forms have none; only judgement-area moves use it
    for c in d["cards"]:
        _zone_remove(st, fz, fs, c["id"])
        _zone_add(st, tz, ts, c["id"], as_)


def _take_subcards(st: State, d: dict[str, Any], to: str) -> None:
    """A used or played card's sub-cards leave their owners' areas (named per sub-card)."""
    for c, o in zip(d["subcards"], d["from"], strict=True):
        _zone_remove(st, o["zone"], o["seat"], c["id"])
        _zone_add(st, to, None, c["id"])


def _history(st: State, d: dict[str, Any], how: str) -> None:
    st.history.append({"seat": d["seat"], "name": d["card"]["name"], "how": how, "phase": st.phase})


def _use(st: State, d: dict[str, Any]) -> None:
    _take_subcards(st, d, "processing")
    if d["counted"]:  # a Slash counted against the play phase's limit
        p = st.players[d["seat"]]
        p.marks["slash_used"] = p.marks.get("slash_used", 0) + 1
        p.scopes["slash_used"] = "phase"
    _history(st, d, "use")


def _respond(st: State, d: dict[str, Any]) -> None:
    _take_subcards(st, d, d["to"])
    _history(st, d, d["mode"])


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
    p.faction = d["faction"]
    p.gender = d["gender"]
    p.skills = list(d["skills"])
    p.face_down = False
    index_of(st).include(p.skills)
    index_of(st).changed(st, p.seat)
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
    st.history = []
    st.turn_over = False


def _phase(st: State, d: dict[str, Any]) -> None:
    st.phase = d["phase"]
    if st.phases and st.phases[0] == d["phase"]:
        st.phases.pop(0)


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


def _clear_marks(st: State, scope: str) -> None:
    for p in st.players:
        if p.scopes and scope in p.scopes.values():
            for name in [n for n, sc in p.scopes.items() if sc == scope]:
                del p.scopes[name]
                p.marks.pop(name, None)


def _phase_end(st: State, d: dict[str, Any]) -> None:
    _clear_marks(st, "phase")


def _turn_stop(st: State, d: dict[str, Any]) -> None:
    st.turn_over = True


def _turn_end(st: State, d: dict[str, Any]) -> None:
    _clear_marks(st, "turn")
    st.phase = ""


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
    index_of(st).changed(st, p.seat)


def _general_lost(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    p.lost += 1
    p.marks.clear()  # a general's marks and skills leave with it
    p.scopes.clear()
    p.skills = []
    index_of(st).changed(st, p.seat)


def _mark(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    name = d["name"]
    if d["value"] is None:
        p.marks.pop(name, None)
        p.scopes.pop(name, None)
    else:
        p.marks[name] = d["value"]
        p.scopes[name] = d["scope"]


def _skill_gained(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    if d["skill"] not in p.skills:
        p.skills.append(d["skill"])
    index_of(st).include([d["skill"]])
    index_of(st).changed(st, p.seat)


def _skill_lost(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    if d["skill"] in p.skills:
        p.skills.remove(d["skill"])
    index_of(st).changed(st, p.seat)


def _max_hp(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    p.max_hp = d["max_hp"]
    p.hp = min(p.hp, p.max_hp)


def _flip(st: State, d: dict[str, Any]) -> None:
    st.players[d["seat"]].face_down = d["face_down"]


def _attribute(st: State, d: dict[str, Any]) -> None:
    p = st.players[d["seat"]]
    if d["name"] == "faction":
        p.faction = d["value"]
    else:
        p.gender = d["value"]


def _pindian(st: State, d: dict[str, Any]) -> None:
    for seat, c in ((d["seat"], d["card"]), (d["target"], d["target_card"])):
        _zone_remove(st, "hand", seat, c["id"])
        st.processing.append(c["id"])


def _game_over(st: State, d: dict[str, Any]) -> None:
    st.outcome = d["outcome"]


def _arrange(st: State, d: dict[str, Any]) -> None:
    """Guanxing-style: the given draw-pile cards go on top (in order) and to the bottom."""
    top = [c["id"] for c in d["top"]]
    bottom = [c["id"] for c in d["bottom"]]
    moved = set(top) | set(bottom)
    rest = [c for c in st.draw if c not in moved]
    st.draw = top + rest + bottom


def _redeal(st: State, d: dict[str, Any]) -> None:
    """A determinized sample (`determinize.py`): hidden zones' new contents, new hidden roles."""
    for z in d["zones"]:
        cards = list(z["cards"])
        if z["zone"] == "hand":
            st.players[z["seat"]].hand = cards
        else:
            setattr(st, z["zone"], cards)
    for r in d["roles"]:
        st.players[r["seat"]].role = r["role"]


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
    "phase_end": _phase_end,
    "turn_stop": _turn_stop,
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
    "skill_gained": _skill_gained,
    "skill_lost": _skill_lost,
    "max_hp": _max_hp,
    "flip": _flip,
    "attribute": _attribute,
    "pindian": _pindian,
    "target_changed": _info,
    "declare": _info,
    "pindian_result": _info,
    "arrange": _arrange,
    "redeal": _redeal,
    "peek": _info,
    "reveal": _info,
    "game_over": _game_over,
}


def apply(state: State, event: Event) -> None:
    APPLIERS[event.kind](state, event.data)


__all__ = ["PHASES", "apply"]
