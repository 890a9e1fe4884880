"""muhq's game: the event types and request kinds, and one readable line per event.

Vocabulary shared by every side (no rules here): a *side* is a player's seat ``0 .. players-1``;
in Kraken mode the Kraken is side ``players`` (it has no seat). Tiles are ``x, y`` from the
bottom-left ``(0, 0)``, written ``a1`` (column letter, row number). Permanents have ids
(``perm``) that never repeat. Cards are content ids (``PROV-03``).

Events (full form = public form unless said otherwise):

``game_started``       players, map, mode (duel/kraken), first_player, draft, scenario (name or
                       nil), round, resource [per side], stores [[card]], discards [[card]],
                       upkeeps [per side], permanents [{perm, card, owner, x, y, under, ...}],
                       options {diagonal_rule, defeat_threshold, hand_rule,
                       reshuffle_mid_draw, max_rounds}, content [[file name, TOML text]] (the
                       files added to the bundled ones), cards {id: {name, set, type, buy,
                       life, move, attack [[X, R]], upkeep, swimming, crew, solid, durability,
                       keywords, effects, ai, free_actions [[cost, effect]]}}, grid {width,
                       height, tiles (row-major from a1), win}: everything a client needs to
                       know the cards and the map
``deck_set``           side, deck (top first). Secret: public form {side, count}
``hand_set``           side, hand (scenarios). Secret to the side: public form {side, count}
``draft_started``      packs, pool
``card_drafted``       side, card. Secret to the side: public form {side}
``store_set``          side, store (the drafted cards, face up)
``round_started``      round
``turn_started``       turn, side, round (the side's permanents untap)
``deck_refilled``      side, deck (the discard pile shuffled). Secret: public form {side, count}
``cards_drawn``        side, cards. Secret to the side: public form {side, count}
``resource_gained``    side, amount, resource (after), reason (upkeep/farm)
``upkeep_paid``        side, perm (0: the Kraken's total), amount, resource
``cards_traded``       side, cards (two), resource (after)
``action_declared``    id, side, kind (play/cast/free/move/street/enter/attack/farm/carry/equip/
                       swap/unparalyse), card, with, perm, target, x, y, spend, ability (a
                       free action's index on its card), cost (resource paid: a free action's;
                       0 otherwise) (nil where unused)
``action_executed``    id
``action_fizzled``     id, reason (target/tile/gone/paralysed)
``permanent_entered``  perm, card, owner, x, y, under (nil or the perm it is stacked on),
                       durability
``unit_selected``      perm, side
``unit_moved``         perm, x, y, action (move/street), into (nil or the crewed perm)
``attack_resolved``    attacker, defender, to_defender, to_attacker
``damage_dealt``       perm, amount, source
``token_changed``      perm, token (poison/paralysis), count, was
``permanent_defeated`` perm, card, owner, reason (damage/poison)
``permanent_destroyed`` perm, card, owner, reason (upkeep/durability/no_tile)
``stack_dropped``      perm, x, y, durability
``durability_changed`` perm, durability
``unit_tapped``        perm
``equipped``           perm (the equipment), unit, action
``swapped``            perm, artifact, action
``carried``            perm, artifact, x, y, ax, ay
``card_bought``        side, card, cost, resource
``cards_discarded``    side, cards
``card_revealed``      side, card (the Kraken's draw)
``redealt``            decks [[card] per side], hands [[card] per side]: a determinized
                       sample's new deal (`Game.determinize`, never in a played game). Secret:
                       public form {sides}
``game_over``          outcome: winners, reason (vip/kraken_slain/kings_defeated/resource/
                       max_rounds), round

Requests (form ``choice`` unless said; every option is a list ``[verb, *args]``, see
`game_agent/games/muhq/actions.py`):

``draft_pick``   options: card ids of the pack; info {pack, picked}
``upkeep``       ["pay"], ["destroy"], ["trade", a, b]; info {perm, card, upkeep, resource}
``action``       play/cast/free/select/trade/end; info {resource}
``unit_action``  move/street/enter/attack/farm/carry/equip/swap/unparalyse/tap; info {perm, card}
``priority``     ["pass"], ["cast", card, target], ["free", perm, ability, target],
                 ["trade", a, b]; info {top, stack}
``buy``          ["pass"], ["buy", card], ["trade", a, b]; info {resource}
``discard``      form subset over the hand's cards; info {}
``drop``         [x, y] per tile; info {perm, card, x, y}
``place_carried`` [x, y] per tile; info {perm, card, x, y}
"""

from __future__ import annotations

from typing import Any

from protocol.registry import GameSchema, register_schema

OPT = (int, None)

EVENTS: dict[str, dict[str, Any]] = {
    "game_started": {
        "players": int,
        "map": str,
        "mode": str,
        "first_player": int,
        "draft": bool,
        "scenario": (str, None),
        "round": int,
        "resource": [int],
        "stores": [list],
        "discards": [list],
        "upkeeps": [int],
        "permanents": [dict],
        "options": dict,
        "content": [list],
        "cards": dict,
        "grid": dict,
    },
    "deck_set": {"side": int, "deck": [str]},
    "hand_set": {"side": int, "hand": [str]},
    "draft_started": {"packs": int, "pool": int},
    "card_drafted": {"side": int, "card": str},
    "store_set": {"side": int, "store": [str]},
    "round_started": {"round": int},
    "turn_started": {"turn": int, "side": int, "round": int},
    "deck_refilled": {"side": int, "deck": [str]},
    "cards_drawn": {"side": int, "cards": [str]},
    "resource_gained": {"side": int, "amount": int, "resource": int, "reason": str},
    "upkeep_paid": {"side": int, "perm": int, "amount": int, "resource": int},
    "cards_traded": {"side": int, "cards": [str], "resource": int},
    "action_declared": {
        "id": int,
        "side": int,
        "kind": str,
        "card": (str, None),
        "with": [str],
        "perm": OPT,
        "target": OPT,
        "x": OPT,
        "y": OPT,
        "spend": (str, None),
        "ability": OPT,
        "cost": int,
    },
    "action_executed": {"id": int},
    "action_fizzled": {"id": int, "reason": str},
    "permanent_entered": {
        "perm": int,
        "card": str,
        "owner": int,
        "x": int,
        "y": int,
        "under": OPT,
        "durability": int,
    },
    "unit_selected": {"perm": int, "side": int},
    "unit_moved": {"perm": int, "x": int, "y": int, "action": str, "into": OPT},
    "attack_resolved": {"attacker": int, "defender": int, "to_defender": int, "to_attacker": int},
    "damage_dealt": {"perm": int, "amount": int, "source": str},
    "token_changed": {"perm": int, "token": str, "count": int, "was": int},
    "permanent_defeated": {"perm": int, "card": str, "owner": int, "reason": str},
    "permanent_destroyed": {"perm": int, "card": str, "owner": int, "reason": str},
    "stack_dropped": {"perm": int, "x": int, "y": int, "durability": int},
    "durability_changed": {"perm": int, "durability": int},
    "unit_tapped": {"perm": int},
    "equipped": {"perm": int, "unit": int, "action": str},
    "swapped": {"perm": int, "artifact": int, "action": str},
    "carried": {"perm": int, "artifact": int, "x": int, "y": int, "ax": int, "ay": int},
    "card_bought": {"side": int, "card": str, "cost": int, "resource": int},
    "cards_discarded": {"side": int, "cards": [str]},
    "card_revealed": {"side": int, "card": str},
    "redealt": {"decks": [list], "hands": [list]},
}
REDACTED: dict[str, dict[str, Any]] = {
    "deck_set": {"side": int, "count": int},
    "hand_set": {"side": int, "count": int},
    "card_drafted": {"side": int},
    "deck_refilled": {"side": int, "count": int},
    "cards_drawn": {"side": int, "count": int},
    "redealt": {"sides": int},
}

REQUESTS: dict[str, dict[str, Any]] = {
    "draft_pick": {"pack": int, "picked": int},
    "upkeep": {"perm": int, "card": str, "upkeep": int, "resource": int},
    "action": {"resource": int},
    "unit_action": {"perm": int, "card": str},
    "priority": {"top": int, "stack": int},
    "buy": {"resource": int},
    "discard": {},
    "drop": {"perm": int, "card": str, "x": int, "y": int},
    "place_carried": {"perm": int, "card": str, "x": int, "y": int},
}


def tile_name(x: object, y: object) -> str:
    if type(x) is int and type(y) is int and 0 <= x < 26:
        return f"{chr(ord('a') + x)}{y + 1}"
    return f"({x},{y})"


def side_name(side: object) -> str:
    return f"side {side}"


def _cards(v: object) -> str:
    return ", ".join(str(c) for c in v) if isinstance(v, list) and v else "nothing"


class _Render:
    """One line per event; remembers each permanent's card to name it."""

    def __init__(self) -> None:
        self.names: dict[Any, str] = {}

    def p(self, pid: object) -> str:
        return f"{self.names.get(pid, 'permanent')} #{pid}"

    def __call__(self, kind: str, d: dict[str, Any]) -> str:
        g = d.get
        if kind == "game_started":
            for u in g("permanents") or []:
                if isinstance(u, dict):
                    self.names[u.get("perm")] = str(u.get("card"))
            where = f" from scenario {g('scenario')}" if g("scenario") else ""
            return (
                f"game starts{where} on {g('map')} ({g('mode')}): {g('players')} players, "
                f"{side_name(g('first_player'))} first"
            )
        if kind in ("deck_set", "deck_refilled"):
            n = g("count") if "count" in d else len(g("deck") or [])
            verb = (
                "has a deck of"
                if kind == "deck_set"
                else "shuffles the discard pile into a deck of"
            )
            return f"{side_name(g('side'))} {verb} {n} cards"
        if kind == "hand_set":
            n = g("count") if "count" in d else len(g("hand") or [])
            return f"{side_name(g('side'))} holds {n} cards"
        if kind == "draft_started":
            return f"the draft begins: {g('packs')} packs from {g('pool')} cards"
        if kind == "card_drafted":
            what = g("card") if "card" in d else "a card"
            return f"{side_name(g('side'))} drafts {what}"
        if kind == "store_set":
            return f"{side_name(g('side'))}'s store: {_cards(g('store'))}"
        if kind == "round_started":
            return f"round {g('round')}"
        if kind == "turn_started":
            return f"turn {g('turn')}: {side_name(g('side'))}"
        if kind == "cards_drawn":
            what = _cards(g("cards")) if "cards" in d else f"{g('count')} cards"
            return f"{side_name(g('side'))} draws {what}"
        if kind == "resource_gained":
            return (
                f"{side_name(g('side'))} gains {g('amount')} ({g('reason')}), now {g('resource')}"
            )
        if kind == "upkeep_paid":
            return f"{side_name(g('side'))} pays {g('amount')} upkeep, {g('resource')} left"
        if kind == "cards_traded":
            return f"{side_name(g('side'))} trades {_cards(g('cards'))} for 1 resource"
        if kind == "action_declared":
            what = g("kind")
            bits = [str(g("card"))] if g("card") else []
            if g("perm") is not None:
                bits.append(self.p(g("perm")))
            if g("target") is not None:
                bits.append(f"-> {self.p(g('target'))}")
            if g("x") is not None:
                bits.append(f"at {tile_name(g('x'), g('y'))}")
            return f"{side_name(g('side'))} declares {what} {' '.join(bits)} (action {g('id')})"
        if kind == "action_executed":
            return f"action {g('id')} resolves"
        if kind == "action_fizzled":
            return f"action {g('id')} fizzles ({g('reason')})"
        if kind == "permanent_entered":
            self.names[g("perm")] = str(g("card"))
            on = f" on {self.p(g('under'))}" if g("under") is not None else ""
            return f"{self.p(g('perm'))} enters at {tile_name(g('x'), g('y'))}{on}"
        if kind == "unit_selected":
            return f"{self.p(g('perm'))} is activated"
        if kind == "unit_moved":
            into = f" into {self.p(g('into'))}" if g("into") is not None else ""
            return f"{self.p(g('perm'))} moves to {tile_name(g('x'), g('y'))}{into}"
        if kind == "attack_resolved":
            return (
                f"{self.p(g('attacker'))} attacks {self.p(g('defender'))}: "
                f"{g('to_defender')} damage dealt, {g('to_attacker')} back"
            )
        if kind == "damage_dealt":
            return f"{self.p(g('perm'))} takes {g('amount')} damage ({g('source')})"
        if kind == "token_changed":
            return f"{self.p(g('perm'))} has {g('count')} {g('token')} tokens (was {g('was')})"
        if kind in ("permanent_defeated", "permanent_destroyed"):
            verb = "is defeated" if kind == "permanent_defeated" else "is destroyed"
            return f"{self.p(g('perm'))} {verb} ({g('reason')})"
        if kind == "stack_dropped":
            return f"{self.p(g('perm'))} is dropped at {tile_name(g('x'), g('y'))}"
        if kind == "durability_changed":
            return f"{self.p(g('perm'))} durability {g('durability')}"
        if kind == "unit_tapped":
            return f"{self.p(g('perm'))} is tapped"
        if kind == "equipped":
            return f"{self.p(g('unit'))} equips {self.p(g('perm'))}"
        if kind == "swapped":
            return f"{self.p(g('perm'))} swaps tiles with {self.p(g('artifact'))}"
        if kind == "carried":
            return (
                f"{self.p(g('perm'))} carries {self.p(g('artifact'))}: to "
                f"{tile_name(g('x'), g('y'))}, the artifact to {tile_name(g('ax'), g('ay'))}"
            )
        if kind == "card_bought":
            return f"{side_name(g('side'))} buys {g('card')} for {g('cost')}"
        if kind == "cards_discarded":
            return f"{side_name(g('side'))} discards {_cards(g('cards'))}"
        if kind == "card_revealed":
            return f"the Kraken reveals {g('card')}"
        if kind == "game_over":
            o = g("outcome")
            o = o if isinstance(o, dict) else {}
            ws = o.get("winners") or []
            who = " and ".join(side_name(w) for w in ws) if ws else "nobody"
            return f"game over: {who} won ({o.get('reason')}, round {o.get('round')})"
        args = " ".join(f"{k}={v}" for k, v in d.items())
        return f"{kind} {args}".rstrip()


SCHEMA = register_schema(
    GameSchema("muhq", "1", EVENTS, REQUESTS, redacted=REDACTED, make_renderer=_Render)
)
