"""Skill policies of the smart bot on hand-made views: Tuxi, Guanxing, Guicai, Liuli, Fankui,
Luoshen, Fanjian, Yiji, Kylin Bow, pick_card."""

from __future__ import annotations

from smart_ai_support import give, request, seated_bot

from protocol.choices import SEPARATOR, check_choice

ROLES5 = ["lord", "loyalist", "rebel", "rebel", "renegade"]


def ask(bot, req):  # type: ignore[no-untyped-def]
    req.seat = bot.seat
    choice = bot.decide(req, bot.view)
    assert check_choice(req, choice) is None
    return choice


def test_tuxi_takes_from_two_foes() -> None:
    bot = seated_bot(1, ROLES5)  # a loyalist: the non-lord seats are likely rebels
    for s in range(5):
        bot.view.seats[s].hand_count = 3
    req = request(
        "skill_targets",
        [2, 3, 4, 0],
        form="subset",
        min=1,
        max=2,
        cancel=True,
        default=None,
        info={"skill": "tuxi", "prompt": "", "about": {}},
    )
    choice = ask(bot, req)
    assert choice is not None and 0 not in [req.options[i] for i in choice]
    assert len(choice) == 2


def test_guanxing_puts_a_heart_on_top_for_indulgence() -> None:
    bot = seated_bot(2, ROLES5)
    bot.on_event(
        "move",
        {
            "cards": [{"id": 12, "name": "indulgence", "suit": "spade", "rank": 6}],
            "from": "hand",
            "from_seat": 0,
            "to": "judge",
            "to_seat": 2,
            "reason": "use",
            "as": "indulgence",
        },
    )
    cards = [
        {"id": 70, "suit": "club", "rank": 8, "name": "slash"},
        {"id": 52, "suit": "heart", "rank": 13, "name": "dodge"},
        {"id": 50, "suit": "heart", "rank": 12, "name": "peach"},
        {"id": 1, "suit": "spade", "rank": 1, "name": "lightning"},
    ]
    piles = [{"name": "top", "min": 0, "max": 4}, {"name": "bottom", "min": 0, "max": 4}]
    req = request(
        "skill_arrange",
        cards,
        form="arrange",
        piles=piles,
        default=[0, 1, 2, 3, -1],
        info={"skill": "guanxing", "prompt": "", "about": {}},
    )
    choice = ask(bot, req)
    top = choice[: choice.index(SEPARATOR)]
    assert cards[top[0]]["suit"] == "heart"  # the Indulgence judgement escapes
    assert cards[top[0]]["name"] == "dodge"  # ... with the cheaper heart; the Peach is drawn
    assert 2 in top[1:3]
    assert choice[-1] == 3  # the Lightning goes to the bottom


def test_guicai_turns_a_foes_eight_diagram_black() -> None:
    bot = seated_bot(1, ROLES5)  # loyalist; seat 2 attacked the lord
    bot.on_event(
        "use",
        {
            "seat": 2,
            "card": {"name": "slash"},
            "targets": [0],
            "skill": "",
            "subcards": [],
            "from": [],
            "counted": True,
            "victim": None,
        },
    )
    give(bot, (70, "slash", "club", 8), (52, "dodge", "heart", 13))
    req = request(
        "skill_cards",
        [
            {"id": 70, "suit": "club", "rank": 8, "name": "slash"},
            {"id": 52, "suit": "heart", "rank": 13, "name": "dodge"},
        ],
        form="subset",
        cancel=True,
        default=None,
        info={
            "skill": "guicai",
            "prompt": "",
            "about": {
                "seat": 2,
                "reason": "eight_diagram",
                "judgement": {"id": 30, "suit": "heart", "rank": 2, "name": "dodge"},
            },
        },
    )
    assert ask(bot, req) == [0]
    # the judgement already fails for the foe: no retrial
    req.info["about"]["judgement"] = {"id": 5, "suit": "spade", "rank": 3, "name": "x"}
    assert ask(bot, req) is None


def test_liuli_passes_a_foes_slash_to_a_foe_and_fankui_spares_friends() -> None:
    bot = seated_bot(1, ROLES5)
    give(bot, (70, "slash", "club", 8))
    cards = request(
        "skill_cards",
        [{"id": 70, "suit": "club", "rank": 8, "name": "slash"}],
        form="subset",
        cancel=True,
        default=None,
        info={"skill": "liuli", "prompt": "", "about": {"user": 2, "card": {}}},
    )
    assert ask(bot, cards) == [0]
    seats = request(
        "skill_targets",
        [0, 3],
        form="subset",
        cancel=True,
        default=None,
        info={"skill": "liuli", "prompt": "", "about": {"user": 2}},
    )
    assert ask(bot, seats) == [1]  # seat 3, not the lord
    fankui = request(
        "trigger",
        ["fankui", "pass"],
        default=1,
        info={"timing": "damaged", "about": {"target": 1, "source": 0}},
    )
    assert ask(bot, fankui) == 1  # not from the lord
    fankui.info["about"]["source"] = 3
    assert ask(bot, fankui) == 0


def test_luoshen_goes_on_and_fanjian_names_the_least_seen_suit() -> None:
    bot = seated_bot(0, ROLES5)
    again = request(
        "skill_choice",
        ["again", "stop"],
        default=1,
        info={"skill": "luoshen", "prompt": "", "about": {"seat": 0}},
    )
    assert ask(bot, again) == 0
    give(
        bot,
        (70, "slash", "club", 8),
        (71, "slash", "club", 9),
        (52, "dodge", "heart", 13),
        (5, "dismantlement", "spade", 3),
    )
    suits = request(
        "skill_choice",
        ["spade", "heart", "club", "diamond"],
        info={"skill": "fanjian", "prompt": "", "about": {"source": 2}},
    )
    assert ask(bot, suits) == 3  # no diamond seen yet


def test_pick_card_takes_a_foes_armor_and_a_friends_indulgence() -> None:
    bot = seated_bot(0, ROLES5)  # the lord
    bot.on_event(
        "use",
        {
            "seat": 3,
            "card": {"name": "slash"},
            "targets": [0],
            "skill": "",
            "subcards": [],
            "from": [],
            "counted": True,
            "victim": None,
        },
    )

    def card(cid: int, name: str) -> dict[str, object]:
        return {"id": cid, "suit": "spade", "rank": 5, "name": name}

    options = [
        {"zone": "hand", "count": 3, "card": None},
        {"zone": "equip", "count": 1, "card": card(10, "jueying")},
        {"zone": "equip", "count": 1, "card": card(3, "eight_diagram")},
        {"zone": "judge", "count": 1, "card": card(12, "indulgence")},
    ]
    foe = request("pick_card", options, info={"owner": 3, "reason": "dismantlement"})
    assert ask(bot, foe) == 2
    foe.info["owner"] = 0  # my own areas (a friend's): the Indulgence
    assert ask(bot, foe) == 3


def test_kylin_bow_drops_a_foes_horse_only() -> None:
    bot = seated_bot(2, ROLES5)  # a rebel: the lord is a foe
    horses = [{"id": 10, "suit": "spade", "rank": 5, "name": "jueying"}, {"kind": "decline"}]
    assert ask(bot, request("kylin_bow", horses, default=1, info={"target": 0})) == 0


def test_it_does_not_pay_a_peach_and_a_nullification_for_a_spear_slash() -> None:
    bot = seated_bot(2, ROLES5)
    give(bot, (50, "peach", "heart", 12), (80, "nullification", "club", 12))
    options = [{"kind": "view_as", "skill": "spear", "card": "slash"}, {"kind": "decline"}]
    info = {"card": "slash", "mode": "play", "reason": "savage_assault", "source": 0,
            "target": None, "against": ""}  # fmt: skip
    assert ask(bot, request("respond", options, default=1, info=info)) == 1
    give(bot, (70, "slash", "club", 8), (1, "lightning", "spade", 1))  # two cheap cards
    assert ask(bot, request("respond", options, default=1, info=info)) == 0


def _card_option(cid: int, name: str, suit: str, targets: list[int]) -> dict[str, object]:
    return {"kind": "card", "card": {"id": cid, "suit": suit, "rank": 7, "name": name},
            "skill": "", "targets": targets}  # fmt: skip


END = {"kind": "end", "card": None, "skill": "", "targets": []}


def test_aoe_when_foes_outnumber_friends_hurt_but_not_on_a_dying_lord() -> None:
    bot = seated_bot(1, ROLES5)  # loyalist of 5: the three other non-lords are likely foes
    give(bot, (14, "savage_assault", "spade", 7))
    menu = [_card_option(14, "savage_assault", "spade", [2, 3, 4, 0]), END]
    assert ask(bot, request("play", menu, default=1)) == 0
    four = seated_bot(1, ["lord", "loyalist", "rebel", "renegade"])
    give(four, (14, "savage_assault", "spade", 7))
    four.view.seats[0].hp = 1  # the lord would likely die of it
    for s in (2, 3):
        four.view.seats[s].hand_count = 4
    menu = [_card_option(14, "savage_assault", "spade", [2, 3, 0]), END]
    assert ask(four, request("play", menu, default=1)) == 1


def test_duel_with_more_slashes_on_a_foe() -> None:
    bot = seated_bot(2, ROLES5)  # a rebel: the lord is the foe
    give(bot, (0, "duel", "spade", 1), (15, "slash", "spade", 7), (16, "slash", "spade", 8))
    bot.view.seats[0].hand_count = 1
    menu = [_card_option(0, "duel", "spade", [3, 4, 0, 1]), END]
    assert ask(bot, request("play", menu, default=1)) == 0
    targets = request(
        "targets",
        [3, 4, 0, 1],
        form="subset",
        cancel=True,
        default=None,
        info={"card": {"name": "duel"}, "step": "target"},
    )
    assert ask(bot, targets) == [2]  # the lord
