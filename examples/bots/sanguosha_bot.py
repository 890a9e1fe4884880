"""A Sanguosha bot for docs/bots.md (identity mode): heal when hurt, hit enemies, dodge.

Allies and enemies: the view tells the lord's role to everyone and each seat its own role;
the others' roles show when they die. The bot also remembers who hurt the lord (`on_event`):
for the lord's side those are enemies, for a rebel friends.

Run it from the repository root:  sgs sim --game sanguosha --bots examples.bots.sanguosha_bot:Bot
or from this directory:           sgs sim --game sanguosha --bots sanguosha_bot:Bot
"""

from __future__ import annotations

from typing import Any

from protocol.choices import Choice, RequestSpec
from protocol.games.sanguosha.asks import Decline, Pick, PlayCard, PlayEnd, RespondCard
from user_agent.bot import Bot as BaseBot
from user_agent.bot import View, random_legal
from user_agent.games.sanguosha.view import SLOTS, SanguoshaView

AT_ENEMIES = {"slash", "duel", "dismantlement", "snatch", "indulgence"}
GOOD_FOR_ME = {"ex_nihilo", "amazing_grace"}  # cards with fixed targets worth playing any time
KEEP = {"peach": 5, "dodge": 4, "nullification": 3, "slash": 2}  # the rest: 0, discarded first


class Bot(BaseBot):
    name = "guide-sanguosha"
    game = "sanguosha"

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view if view is not None else SanguoshaView(seat, 5))
        self.hurt_lord: set[int] = set()  # seats that damaged the lord

    def on_event(self, kind: str, data: dict[str, Any]) -> None:
        super().on_event(kind, data)  # keeps self.view folded
        if kind != "damage" or not isinstance(self.view, SanguoshaView):
            return
        source, target = data["source"], data["target"]
        if source is not None and source != target and self.view.seats[target].role == "lord":
            self.hurt_lord.add(source)

    def enemy(self, seat: int) -> float:
        """How much `seat` is an enemy: 1 sure, 0.5 maybe, 0 an ally (or me)."""
        assert isinstance(self.view, SanguoshaView)
        mine, theirs = self.view.seats[self.seat].role, self.view.seats[seat].role
        if seat == self.seat:
            return 0.0
        if mine in ("lord", "loyalist"):
            if theirs in ("rebel", "renegade") or seat in self.hurt_lord:
                return 1.0
            return 0.0 if theirs in ("lord", "loyalist") else 0.5
        if mine == "rebel":
            if theirs in ("lord", "loyalist") or (theirs == "" and seat not in self.hurt_lord):
                return 1.0 if theirs else 0.5
            return 0.0
        return 1.0 if theirs != "lord" else 0.5  # a renegade: the lord falls last

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if not isinstance(view, SanguoshaView):
            return random_legal(request, self.rng)
        options = self.options(request)  # typed: PlayCard, RespondCard, Card, General, ...
        kind = request.kind
        if kind == "play":
            for i, o in enumerate(options):
                if isinstance(o, PlayCard) and self.worth_playing(o, view):
                    return i
            return next(i for i, o in enumerate(options) if isinstance(o, PlayEnd))
        if kind == "targets":  # never nil (it would go back to `play`, which asks again)
            seats: list[int] = options
            ranked = sorted(range(len(seats)), key=lambda i: -self.enemy(seats[i]))
            enemies = [i for i in ranked if self.enemy(seats[i]) > 0]
            return sorted(ranked[: max(request.min, min(request.max, len(enemies)))])
        if kind == "respond":
            return self.respond(request, options, view)
        if kind == "discard":  # the cards worth least
            ranked = sorted(range(len(options)), key=lambda i: KEEP.get(options[i].name, 0))
            return sorted(ranked[: int(request.info["count"])])
        if kind == "choose_general":  # options: General, the most HP
            return max(range(len(options)), key=lambda i: options[i].hp)
        if kind == "amazing_grace":
            return max(range(len(options)), key=lambda i: KEEP.get(options[i].name, 0))
        if kind == "pick_card":  # an enemy's equipment first; an ally's judgement cards
            want = "equip" if self.enemy(int(request.info["owner"])) else "judge"
            return next(
                (i for i, o in enumerate(options) if isinstance(o, Pick) and o.zone == want), 0
            )
        if kind == "trigger":
            return 0  # settle an effect (the last option, "pass", would skip them all)
        return request.default  # skills' questions: their default is the safe answer

    def worth_playing(self, o: PlayCard, view: SanguoshaView) -> bool:
        me, name = view.seats[self.seat], o.card.name
        if name in ("peach", "god_salvation"):
            return me.hp < me.max_hp
        if name in SLOTS:  # equipment: into an empty slot
            return SLOTS[name] not in me.equip
        if name in AT_ENEMIES:
            return any(self.enemy(t) >= 0.5 for t in o.targets)
        if name in ("savage_assault", "archery_attack"):  # hits everyone else
            others = [s for s in range(len(view.seats)) if s != self.seat and view.seats[s].alive]
            return sum(self.enemy(s) for s in others) > len(others) / 2
        return name in GOOD_FOR_ME

    def respond(self, request: RequestSpec, options: list[Any], view: SanguoshaView) -> int:
        decline = next(i for i, o in enumerate(options) if isinstance(o, Decline))
        cards = [i for i, o in enumerate(options) if isinstance(o, RespondCard)]
        if not cards:
            return decline
        asked, target = request.info["card"], request.info["target"]
        if asked == "peach":  # someone is dying: save me and my allies
            return cards[0] if target is None or self.enemy(int(target)) == 0 else decline
        if asked == "nullification":  # only a harmful trick on me or an ally, not yet nullified
            chain = request.info["chain"] or {}
            harmful = chain.get("trick") not in GOOD_FOR_ME | {"god_salvation"}
            on_friend = chain.get("target") is not None and self.enemy(int(chain["target"])) == 0
            return cards[0] if harmful and on_friend and not chain.get("used") else decline
        return cards[0]  # a Dodge against a Slash, a Slash in a Duel or against barbarians
