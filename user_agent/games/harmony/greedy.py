"""A greedy Harmony of Elements bot.

For each legal placement it evaluates the resulting board with the ruleset's pure attack
function (`game_agent.games.harmony.attack.totals`, the documented exception to "bots import no
game_agent code"; nothing else of game_agent is imported) and scores it by damage dealt minus
damage taken, with a large bonus for a winning attack phase and a large malus for a losing one.

When it places first in a round whose attack phase is resolved, the opponent still places
before the attack: the best few candidates are then re-scored by the opponent's best reply (a
two-ply minimax on the same score). Ties are broken with the bot's own seeded RNG, so the bot is
deterministic given its seed.
"""

from __future__ import annotations

from game_agent.games.harmony import attack
from protocol.choices import Choice, RequestSpec
from user_agent.bot import Bot, View, random_legal
from user_agent.games.harmony.view import HarmonyView

LETHAL = 10
WIN = 1000
PIECES = range(16)


def score(dealt: int, taken: int, lethal: bool) -> int:
    """Our value of an attack phase (antisymmetric: score(d, t) == -score(t, d))."""
    value = dealt - taken
    if lethal:
        if dealt >= LETHAL > taken:
            return WIN + value
        if taken >= LETHAL > dealt:
            return -WIN + value
    return value


class GreedyBot(Bot):
    name = "greedy"
    lookahead = 6  # candidates re-scored by the opponent's best reply

    def __init__(self, seat: int, seed: int, view: View | None = None) -> None:
        super().__init__(seat, seed, view if view is not None else HarmonyView(seat))

    def decide(self, request: RequestSpec, view: View) -> Choice:
        if not isinstance(view, HarmonyView):
            view = self.view
        if request.kind != "place_piece" or not isinstance(view, HarmonyView):
            return random_legal(request, self.rng)
        cells, roles, elements = request.options
        me, opp = self.seat, 1 - self.seat
        board = attack.board_of(view.fields)
        field = board[me]
        lethal = view.round > view.skip_attack_rounds
        totals = attack.totals
        # (score, cell, piece, reply): one entry per legal placement
        scored: list[tuple[int, int, int, list[int]]] = []
        for ci, name in enumerate(cells):
            c = attack.CELL_INDEX[name]
            for ri, role in enumerate(roles):
                for ei, element in enumerate(elements):
                    p = attack.PIECE_INDEX[role + element]
                    field[c] = p
                    to = totals(board)
                    scored.append((score(to[opp], to[me], lethal), c, p, [ci, ri, ei]))
            field[c] = attack.EMPTY
        if lethal and len(view.fields[opp]) < view.round:
            # the opponent still places before this round's attack: look at its best reply
            scored.sort(key=lambda t: -t[0])
            rescored = []
            for _, c, p, reply in scored[: self.lookahead]:
                field[c] = p
                rescored.append((self._worst_reply(board, opp), c, p, reply))
                field[c] = attack.EMPTY
            scored = rescored
        best = max(t[0] for t in scored)
        return self.rng.choice([t[3] for t in scored if t[0] == best])

    def _worst_reply(self, board: attack.Board, opp: int) -> int:
        """Our score after the opponent's best reply (the one that minimises it)."""
        me = 1 - opp
        field = board[opp]
        totals = attack.totals
        worst = WIN * 10
        for c in range(attack.N_CELLS):
            if field[c] != attack.EMPTY:
                continue
            for p in PIECES:
                field[c] = p
                to = totals(board)
                s = score(to[opp], to[me], True)
                if s < worst:
                    worst = s
            field[c] = attack.EMPTY
        return worst
