"""A medium-strength Harmony of Elements bot: the rung between the random and the greedy bot.

It is an epsilon-greedy player built from half of the greedy bot. At each placement it flips a
coin with its own seeded RNG: with probability `focus` it plays the greedy bot's one-ply choice
(every legal placement scored by `greedy_harmony.score` on the board's `attack.totals`, ties
broken at random), otherwise it plays a uniformly random legal placement. Unlike the greedy bot
it never looks at the opponent's reply when it places first.

So it plays sensibly most of the time but makes an unforced blunder now and then: it beats the
random bot in most games and loses to the greedy bot in most games. Like the greedy bot it
imports nothing from game_agent except the pure `attack` module, and it is deterministic given
its seed.
"""

from __future__ import annotations

from game_agent.games.harmony import attack
from protocol.choices import Choice, RequestSpec
from user_agent.bot import Bot, View, random_legal
from user_agent.games.harmony.greedy import score
from user_agent.games.harmony.view import HarmonyView

LOWEST = -(10**9)  # below every score


class MediumBot(Bot):
    name = "medium"
    focus = 0.5  # probability of the greedy one-ply move; otherwise a random legal move

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view if view is not None else HarmonyView(seat))

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if not isinstance(view, HarmonyView):
            view = self.view
        if request.kind != "place_piece" or not isinstance(view, HarmonyView):
            return random_legal(request, self.rng)
        if self.rng.random() >= self.focus:
            return random_legal(request, self.rng)
        return self.rng.choice(self.best_placements(request, view))

    def best_placements(self, request: RequestSpec, view: HarmonyView) -> list[list[int]]:
        """The replies of the best one-ply score (greedy's evaluation, no lookahead)."""
        cells, roles, elements = request.options
        me, opp = self.seat, 1 - self.seat
        board = attack.board_of(view.fields)
        field = board[me]
        lethal = view.attack_this_round
        totals = attack.totals
        pieces = [
            (ri, ei, attack.PIECE_INDEX[role + element])
            for ri, role in enumerate(roles)
            for ei, element in enumerate(elements)
        ]
        best = LOWEST
        replies: list[list[int]] = []
        for ci, name in enumerate(cells):
            c = attack.CELL_INDEX[name]
            for ri, ei, p in pieces:
                field[c] = p
                to = totals(board)
                s = score(to[opp], to[me], lethal)
                if s > best:
                    best, replies = s, [[ci, ri, ei]]
                elif s == best:
                    replies.append([ci, ri, ei])
            field[c] = attack.EMPTY
        return replies
