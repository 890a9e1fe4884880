"""Executing actions (rules 6.1: all effects at once) and what follows from them: damage,
tokens, defeat, dropped stacks, durability, and the win conditions (rules 10-16).

`execute(g, frame)` is a settlement: dropping a stack may ask where each permanent goes. Each
action checks its source and targets again first; one no longer legal fizzles (gap G6), its
costs stay paid.
"""

from __future__ import annotations

from typing import Any

from game_agent.engine import Game, Settlement
from game_agent.games.muhq import actions, combat, placement, victory
from game_agent.games.muhq.defeat import add_token, check_defeat, life_of
from game_agent.games.muhq.effects import FARM_GAIN, SPELLS, spell_of
from protocol.games.muhq.state import MuhqState, Perm

Frame = dict[str, Any]


def _frame_of(g: Game, frame: Frame) -> None:
    g.emit("action_executed", {"id": frame["id"]})


def fizzle(g: Game, frame: Frame, reason: str) -> None:
    g.emit("action_fizzled", {"id": frame["id"], "reason": reason})


def execute(g: Game, frame: Frame) -> Settlement:
    st: MuhqState = g.state
    kind = frame["kind"]
    if kind == "play":
        yield from _play(g, frame)
        return
    if kind == "cast":
        spell = spell_of(st, frame["card"])
        target = frame["target"]
        if spell is None or target not in spell.targets(st, frame["side"]):
            fizzle(g, frame, "target")
            return
        _frame_of(g, frame)
        spell.resolve(g, frame["side"], target)
        yield from after_defeats(g)
        return
    p = st.perms.get(frame["perm"])
    if p is None:
        fizzle(g, frame, "gone")
        return
    if kind == "free":  # rules 6.2: a permanent's free action; paid when declared
        effect = st.perm_card(p.id).free_actions[frame["ability"]].effect
        if p.paralysis > 0:
            fizzle(g, frame, "paralysed")
        elif frame["target"] not in SPELLS[effect].targets(st, frame["side"]):
            fizzle(g, frame, "target")
        else:
            _frame_of(g, frame)
            SPELLS[effect].resolve(g, frame["side"], frame["target"])
            yield from after_defeats(g)
        return
    if kind == "unparalyse":
        _frame_of(g, frame)
        add_token(g, p.id, "paralysis", -1)
        return
    if p.paralysis > 0:
        fizzle(g, frame, "paralysed")
        return
    if kind in ("move", "street"):
        dest = (frame["x"], frame["y"])
        legal = actions.moves(st, p)
        if kind == "street":
            street = actions.street_moves(st, p)
            legal = [q for q in legal if q in street]
        if dest not in legal:
            fizzle(g, frame, "target")
            return
        _frame_of(g, frame)
        g.emit(
            "unit_moved", {"perm": p.id, "x": dest[0], "y": dest[1], "action": kind, "into": None}
        )
        return
    if kind == "enter":
        if frame["target"] not in actions.enterable(st, p):
            fizzle(g, frame, "target")
            return
        _frame_of(g, frame)
        q = st.perms[frame["target"]]
        g.emit(
            "unit_moved",
            {"perm": p.id, "x": q.pos[0], "y": q.pos[1], "action": "move", "into": q.id},
        )
        return
    if kind == "attack":
        if frame["target"] not in actions.attack_targets(st, p):
            fizzle(g, frame, "target")
            return
        _frame_of(g, frame)
        deal_combat(g, p, st.perms[frame["target"]])
        yield from after_defeats(g)
        return
    if kind == "farm":
        _frame_of(g, frame)
        gain(g, p.controller, FARM_GAIN, "farm")
        return
    if kind == "carry":
        a = st.perms.get(frame["target"])
        dest = (frame["x"], frame["y"])
        if a is None or a not in actions.adjacent_artifacts(st, p, ("artifact", "equipment")):
            fizzle(g, frame, "target")
            return
        if dest not in actions.carry_moves(st, p, a):
            fizzle(g, frame, "target")
            return
        _frame_of(g, frame)
        occ = set(st.board) - {p.pos, a.pos} | {dest}
        spots = placement.drop_tiles(st.spec, occ, dest, False)
        i = 0
        if len(spots) > 1:
            i = yield g.ask(
                p.controller,
                "place_carried",
                [list(q) for q in spots],
                0,
                info={"perm": a.id, "card": a.card, "x": dest[0], "y": dest[1]},
            )
        ax, ay = spots[i]
        g.emit(
            "carried",
            {"perm": p.id, "artifact": a.id, "x": dest[0], "y": dest[1], "ax": ax, "ay": ay},
        )
        return
    if kind in ("equip", "swap"):
        a = st.perms.get(frame["target"])
        kinds = ("equipment",) if kind == "equip" else ("artifact", "equipment")
        if a is None or a not in actions.adjacent_artifacts(st, p, kinds):
            fizzle(g, frame, "target")
            return
        _frame_of(g, frame)
        if kind == "equip":
            g.emit("equipped", {"perm": a.id, "unit": p.id, "action": frame["spend"]})
        else:
            g.emit("swapped", {"perm": p.id, "artifact": a.id, "action": frame["spend"]})
        return
    raise ValueError(f"muhq: unknown action kind {kind!r}")


def _play(g: Game, frame: Frame) -> Settlement:
    """A permanent enters: onto a tile the map allows, still available (rules 8.2, 11.2)."""
    st: MuhqState = g.state
    card = st.content.cards[frame["card"]]
    tiles = placement.play_tiles(
        st.spec, set(st.board), actions.map_player(st, frame["side"]), card.swimming
    )
    if (frame["x"], frame["y"]) not in tiles:
        fizzle(g, frame, "tile")
        return
    _frame_of(g, frame)
    pid = st.next_id
    enter(g, pid, frame["card"], frame["side"], frame["x"], frame["y"])
    for extra in frame["with"]:
        enter(g, st.next_id, extra, frame["side"], frame["x"], frame["y"], under=pid)
    return
    yield  # a settlement (generator), asking nothing


def enter(
    g: Game, pid: int, card: str, side: int, x: int, y: int, under: int | None = None
) -> None:
    c = g.state.content.cards[card]
    d: dict[str, Any] = {"perm": pid, "card": card, "owner": side, "x": x, "y": y}
    d.update(under=under, durability=c.durability if c.type == "equipment" else 0)
    g.emit("permanent_entered", d)


def gain(g: Game, side: int, amount: int, reason: str) -> None:
    c = g.state.cards[side]
    g.emit(
        "resource_gained",
        {"side": side, "amount": amount, "resource": c.resource + amount, "reason": reason},
    )
    check_resource_win(g)


# --- combat, tokens, defeat ---------------------------------------------------------------------


def deal_combat(g: Game, attacker: Perm, defender: Perm) -> None:
    """Rules 13: both deal their damage at once; then poison, then defeat checks."""
    st: MuhqState = g.state
    out = actions.strike(st, attacker, defender)
    back = actions.strike_back(st, attacker, defender)
    g.emit(
        "attack_resolved",
        {
            "attacker": attacker.id,
            "defender": defender.id,
            "to_defender": out,
            "to_attacker": back,
        },
    )
    for src, dst, dmg in ((attacker, defender, out), (defender, attacker, back)):
        if dmg > 0 and st.perm_card(dst.id).type == "unit" and _poisons(st, src):
            add_token(g, dst.id, "poison", 1, check=False)
    check_defeat(g, defender.id)
    check_defeat(g, attacker.id)


def _poisons(st: MuhqState, p: Perm) -> bool:
    if "poison_on_damage" in st.perm_card(p.id).effects:
        return True
    return any("poison_on_damage" in st.perm_card(s).effects for s in p.stack)


def after_defeats(g: Game) -> Settlement:
    st: MuhqState = g.state
    while st.doomed:
        pid = st.doomed.pop(0)
        if pid in st.perms:
            p = st.perms[pid]
            beaten = combat.defeated(life_of(st, p), p.damage, g.config["defeat_threshold"])
            reason = "damage" if beaten else "poison"
            yield from leave(g, pid, "permanent_defeated", reason)


def leave(g: Game, pid: int, kind: str, reason: str) -> Settlement:
    """A permanent leaves the map (defeated or destroyed) and its stack is dropped (11.2)."""
    st: MuhqState = g.state
    p = st.perms[pid]
    stack = list(p.stack)
    chooser = p.controller
    g.emit(kind, {"perm": pid, "card": p.card, "owner": p.owner, "reason": reason})
    for sid in stack:
        yield from drop(g, sid, p.pos, chooser)
    check_victory(g)


def drop(g: Game, sid: int, at: tuple[int, int], chooser: int) -> Settlement:
    st: MuhqState = g.state
    q = st.perms[sid]
    c = st.content.cards[q.card]
    durability = q.durability
    if c.type == "equipment":
        durability -= 1
        if durability < 1:  # rules 15
            g.emit("durability_changed", {"perm": sid, "durability": durability})
            yield from leave(g, sid, "permanent_destroyed", "durability")
            return
    spots = placement.drop_tiles(st.spec, set(st.board), at, c.swimming)
    if not spots:
        yield from leave(g, sid, "permanent_destroyed", "no_tile")
        return
    if chooser < st.players and len(spots) > 1:
        i = yield g.ask(
            chooser,
            "drop",
            [list(s) for s in spots],
            0,
            info={"perm": sid, "card": q.card, "x": at[0], "y": at[1]},
        )
    else:
        i = g.rng.below(len(spots)) if len(spots) > 1 else 0
    x, y = spots[i]
    g.emit("stack_dropped", {"perm": sid, "x": x, "y": y, "durability": durability})


# --- win conditions (rules 16, 17.3) ------------------------------------------------------------


def check_victory(g: Game) -> None:
    """The map's win condition (`victory.py`), checked whenever a permanent leaves the map."""
    st: MuhqState = g.state
    win = st.spec.win
    kind = win["kind"]
    if kind == "vip":
        alive = {p.owner for p in st.perms.values() if p.card == win["card"]}
        winners = victory.vip_outcome(range(st.players), alive)
        if winners is not None:
            g.end({"winners": winners, "reason": "vip", "round": st.round})
    elif kind == "kraken":
        cards = st.content.cards
        kings = sum(
            1
            for p in st.perms.values()
            if p.controller < st.players and "vip" in cards[p.card].keywords
        )
        side = victory.kraken_outcome(not st.kraken_slain, kings)
        if side == "players":
            g.end({"winners": list(range(st.players)), "reason": "kraken_slain", "round": st.round})
        if side == "kraken":
            g.end({"winners": [], "reason": "kings_defeated", "round": st.round})


def check_resource_win(g: Game) -> None:
    st: MuhqState = g.state
    win = st.spec.win
    if win["kind"] != "resource":
        return
    reached = [s for s in range(st.players) if st.cards[s].resource >= win["limit"]]
    if reached:
        g.end({"winners": reached, "reason": "resource", "round": st.round})
