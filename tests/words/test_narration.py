"""Every event of seeded games, full and as a seat or a spectator sees it, narrates as a plain
sentence (or is left out as bookkeeping); decisions say what was chosen."""

from __future__ import annotations

import re

import pytest
from words_games import every_event, every_request

from protocol.choices import RequestSpec
from protocol.registry import get_schema
from user_agent.words.narrate import EVENT_KINDS, Narrator

RAW = re.compile(r"[{}\[\]_]|None")


@pytest.mark.parametrize("game", ["sanguosha", "harmony"])
def test_every_event_kind_of_the_schema_has_a_sentence(game: str) -> None:
    assert set(get_schema(game).events) <= EVENT_KINDS[game]


def test_every_event_of_seeded_games_narrates_plainly() -> None:
    narrators: dict[tuple[str, int, int | None], Narrator] = {}
    said: set[str] = set()
    for seen in every_event():
        key = (seen.game, seen.seats, seen.viewer)
        n = narrators.setdefault(key, Narrator(seen.game, seen.seats))
        text = n.event(seen.kind, seen.data)
        if text is None:
            continue
        where = f"{seen.game} {seen.kind} {seen.data} (viewer {seen.viewer})"
        assert text.strip() and text.endswith("."), where
        assert not RAW.search(text), f"raw text {text!r} for {where}"
        said.add(seen.kind)
    assert {"use", "damage", "draw", "game_over", "piece_placed", "attack_stream"} <= said


def test_every_decision_of_seeded_games_says_what_was_chosen() -> None:
    narrators: dict[tuple[str, int], Narrator] = {}
    for asked in every_request():
        n = narrators.setdefault((asked.game, asked.req.seat), Narrator(asked.game, 10))
        text = n.decision(asked.req, asked.choice)
        assert text.startswith(("seat ", "South", "North")), text
        assert not RAW.search(text), f"raw text {text!r} for {asked.req.kind} {asked.choice}"


def test_sentences_for_equipping_outcomes_and_deadlines() -> None:
    n = Narrator("sanguosha", 5)
    blade = {"name": "blade", "suit": "spade", "rank": 5, "color": "black"}
    use = {"seat": 2, "card": blade, "subcards": [], "from": [], "targets": [2], "victim": None}
    equipped = n.event("use", dict(use, counted=False, skill=""))
    assert equipped == "Seat 2 equips ♠5 Green Dragon Blade."
    over = {"winner": "lord", "winners": [0, 3], "reason": "rebels_and_renegades_dead"}
    assert n.event("game_over", {"outcome": over}).startswith("The lord and loyalists win")
    assert n.event("deck", {"count": 108}) is None
    hidden = {"seat": 1, "count": 2, "reason": "draw_phase"}
    assert n.event("draw", hidden) == "Seat 1 draws 2 cards."
    req = RequestSpec(3, 1, "play", "choice", [{"kind": "end", "card": None}], 0)
    assert n.decision(req, 0) == "seat 1 ends the play phase"
    assert n.decision(req, 0, timeout=True) == (
        "seat 1 takes the default (deadline): end the play phase"
    )
    snatch = {"id": 88, "suit": "diamond", "rank": 4, "name": "snatch"}
    play = RequestSpec(
        4, 2, "play", "choice",
        [{"kind": "card", "card": snatch, "skill": "", "targets": [1]}, {"kind": "end"}], 1,
    )  # fmt: skip
    assert n.decision(play, 0) == "seat 2 plays ♦4 Snatch"
    respond = RequestSpec(5, 3, "respond", "choice", [{"kind": "decline"}], 0, info={})
    assert n.decision(respond, 0) == "seat 3 declines"


def test_harmony_sentences_name_sides_cells_and_pieces() -> None:
    n = Narrator("harmony", 2)
    placed = {"round": 2, "seat": 1, "cell": "c/F", "role": "A", "element": "f"}
    assert n.event("piece_placed", placed) == "North places a Fire Archer at c/F."
    out = {"winner": 0, "reason": "damage", "round": 6, "damage_to": [3, 11]}
    assert n.event("game_over", {"outcome": out}) == (
        "South wins in round 6 (damage taken: South 3, North 11)."
    )
