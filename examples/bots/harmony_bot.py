"""A Harmony of Elements bot for docs/bots.md: the placement whose attack phase pays best.

Harmony hides nothing, so the view holds the whole board. For each legal (cell, role, element)
the bot puts the piece on a copy of the board and counts the attack phase with the ruleset's
pure function `attack.totals` (the one game_agent module a bot may import: it is a formula over
the board, not the game). Score: damage dealt minus damage taken; ties go to the seeded RNG.

Run it from the repository root:  sgs sim --game harmony --bots examples.bots.harmony_bot:Bot
or from this directory:           sgs sim --game harmony --bots harmony_bot:Bot
"""

from __future__ import annotations

from game_agent.games.harmony import attack
from protocol.choices import Choice, RequestSpec
from user_agent.bot import Bot as BaseBot
from user_agent.bot import View, random_legal
from user_agent.games.harmony.view import HarmonyView


class Bot(BaseBot):
    name = "guide-harmony"
    game = "harmony"

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view if view is not None else HarmonyView(seat))

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if request.kind != "place_piece" or not isinstance(view, HarmonyView):
            return random_legal(request, self.rng)
        # a `product` request: three axes, and every combination of one item each is legal
        cells, roles, elements = self.options(request)  # e.g. ["a/F", ...], ["T", ...], [...]
        me, opp = self.seat, 1 - self.seat
        board = attack.board_of(view.fields)  # [South's cells, North's cells] as piece ids
        best: list[list[int]] = []
        best_score = -(10**9)
        for ci, cell in enumerate(cells):
            c = attack.CELL_INDEX[cell]
            for ri, role in enumerate(roles):
                for ei, element in enumerate(elements):
                    board[me][c] = attack.PIECE_INDEX[role + element]
                    damage_to = attack.totals(board)  # (to South, to North)
                    score = damage_to[opp] - damage_to[me]
                    if score > best_score:
                        best, best_score = [], score
                    if score == best_score:
                        best.append([ci, ri, ei])  # the reply: one index per axis
            board[me][c] = attack.EMPTY
        return self.rng.choice(best)
