"""muhq's game: the event types and request kinds (their words are the client's).

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

from protocol.games.muhq.asks import ASKS
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


SCHEMA = register_schema(GameSchema("muhq", "1", EVENTS, REQUESTS, redacted=REDACTED, asks=ASKS))
