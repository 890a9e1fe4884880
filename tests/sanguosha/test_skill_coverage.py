"""Whole-table behaviour of the skills: what general selection requests show (rules §3.1, §3.3,
§4.2 step 3, §5), and that the random bot, playing full games, reaches every skill that does
something it can see (every skill except the five that only change legality).

Skills are detected from events only, as a spectator would see them: a public `skill` event,
or a public `use` / `respond` event whose `skill` field names a conversion."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from sanguosha_support import SCENARIOS, Table, lord, of, scen, seat

from game_agent.engine import Event, Game
from game_agent.games.sanguosha import RULESET
from game_agent.games.sanguosha.scenario import config_from_file
from game_agent.games.sanguosha.skills import NAMES
from protocol.choices import RequestSpec
from protocol.games.sanguosha.generals import GENERALS
from user_agent.bot import random_legal

# --- the rules' tables (§3.1 roster, §3.2 titles, §3.3 kinds), written out independently ----------

M, F = "male", "female"
ROSTER: dict[str, tuple[str, str, str, str, int, tuple[str, ...]]] = {
    "caocao": ("Cao Cao", "曹操", "wei", M, 4, ("jianxiong", "hujia")),
    "simayi": ("Sima Yi", "司马懿", "wei", M, 3, ("guicai", "fankui")),
    "xiahoudun": ("Xiahou Dun", "夏侯惇", "wei", M, 4, ("ganglie",)),
    "zhangliao": ("Zhang Liao", "张辽", "wei", M, 4, ("tuxi",)),
    "xuchu": ("Xu Chu", "许褚", "wei", M, 4, ("luoyi",)),
    "guojia": ("Guo Jia", "郭嘉", "wei", M, 3, ("tiandu", "yiji")),
    "zhenji": ("Zhen Ji", "甄姬", "wei", F, 3, ("luoshen", "qingguo")),
    "liubei": ("Liu Bei", "刘备", "shu", M, 4, ("rende", "jijiang")),
    "guanyu": ("Guan Yu", "关羽", "shu", M, 4, ("wusheng",)),
    "zhangfei": ("Zhang Fei", "张飞", "shu", M, 4, ("paoxiao",)),
    "zhugeliang": ("Zhuge Liang", "诸葛亮", "shu", M, 3, ("guanxing", "kongcheng")),
    "zhaoyun": ("Zhao Yun", "赵云", "shu", M, 4, ("longdan",)),
    "machao": ("Ma Chao", "马超", "shu", M, 4, ("mashu", "tieqi")),
    "huangyueying": ("Huang Yueying", "黄月英", "shu", F, 3, ("jizhi", "qicai")),
    "sunquan": ("Sun Quan", "孙权", "wu", M, 4, ("zhiheng", "jiuyuan")),
    "ganning": ("Gan Ning", "甘宁", "wu", M, 4, ("qixi",)),
    "lvmeng": ("Lü Meng", "吕蒙", "wu", M, 4, ("keji",)),
    "huanggai": ("Huang Gai", "黄盖", "wu", M, 4, ("kurou",)),
    "zhouyu": ("Zhou Yu", "周瑜", "wu", M, 3, ("yingzi", "fanjian")),
    "daqiao": ("Da Qiao", "大乔", "wu", F, 3, ("guose", "liuli")),
    "luxun": ("Lu Xun", "陆逊", "wu", M, 3, ("qianxun", "lianying")),
    "sunshangxiang": ("Sun Shangxiang", "孙尚香", "wu", F, 3, ("jieyin", "xiaoji")),
    "huatuo": ("Hua Tuo", "华佗", "qun", M, 3, ("qingnang", "jijiu")),
    "lvbu": ("Lü Bu", "吕布", "qun", M, 4, ("wushuang",)),
    "diaochan": ("Diao Chan", "貂蝉", "qun", F, 3, ("lijian", "biyue")),
}
CHINESE = {
    "jianxiong": "奸雄", "hujia": "护驾", "guicai": "鬼才", "fankui": "反馈", "ganglie": "刚烈",
    "tuxi": "突袭", "luoyi": "裸衣", "tiandu": "天妒", "yiji": "遗计", "luoshen": "洛神",
    "qingguo": "倾国", "rende": "仁德", "jijiang": "激将", "wusheng": "武圣", "paoxiao": "咆哮",
    "guanxing": "观星", "kongcheng": "空城", "longdan": "龙胆", "mashu": "马术", "tieqi": "铁骑",
    "jizhi": "集智", "qicai": "奇才", "zhiheng": "制衡", "jiuyuan": "救援", "qixi": "奇袭",
    "keji": "克己", "kurou": "苦肉", "yingzi": "英姿", "fanjian": "反间", "guose": "国色",
    "liuli": "流离", "qianxun": "谦逊", "lianying": "连营", "jieyin": "结姻", "xiaoji": "枭姬",
    "qingnang": "青囊", "jijiu": "急救", "wushuang": "无双", "lijian": "离间", "biyue": "闭月",
}  # fmt: skip
COMPULSORY = {"paoxiao", "kongcheng", "mashu", "qicai", "qianxun", "wushuang", "jiuyuan"}
ACTIVE = {"zhiheng", "fanjian", "jieyin", "qingnang", "lijian", "rende", "kurou"}
CONVERSION = {"qingguo", "wusheng", "longdan", "qixi", "guose", "jijiu", "jijiang"}
LORD_SKILLS = {"hujia", "jijiang", "jiuyuan"}
LORD_ELIGIBLE = {"caocao", "liubei", "sunquan"}


def kind_of(skill: str) -> str:
    for kind, group in (("compulsory", COMPULSORY), ("active", ACTIVE), ("conversion", CONVERSION)):
        if skill in group:
            return kind
    return "optional"


def check_general_option(option: dict[str, Any], lord: bool, bonus: int = 0) -> None:
    """One offered general, shown in full (the lord's offer at 5+ players with his +1 max HP);
    its lord skill only when offered to the lord."""
    name, chinese, faction, gender, hp, skills = ROSTER[option["id"]]
    assert set(option) == {"id", "name", "chinese", "faction", "gender", "hp", "skills"}
    assert (option["name"], option["chinese"], option["faction"]) == (name, chinese, faction)
    assert (option["gender"], option["hp"]) == (gender, hp + bonus)
    shown = [s for s in skills if lord or s not in LORD_SKILLS]
    assert [s["id"] for s in option["skills"]] == shown, option["id"]
    for s in option["skills"]:
        assert set(s) == {"id", "title", "chinese", "kind", "lord", "text"}
        assert s["title"] == s["id"].capitalize() and s["chinese"] == CHINESE[s["id"]]
        assert s["kind"] == kind_of(s["id"]) and s["lord"] == (s["id"] in LORD_SKILLS)
        assert isinstance(s["text"], str) and len(s["text"]) > 20
        assert s["text"] == RULESET.skills[s["id"]].about.text


def setup_requests(config: dict[str, Any], seed: int) -> Iterator[RequestSpec]:
    """The choose_general requests of one game's setup, answered with option `seed` mod the
    number of options (so the lord does not always take the same general)."""
    g = Game(RULESET, config, seed)
    step = g.start()
    while step.request is not None and step.request.kind == "choose_general":
        yield step.request
        step = g.resume(seed % len(step.request.options))


def test_the_roster_table_matches_the_rules() -> None:
    assert set(GENERALS) == set(ROSTER) and set(CHINESE) == set(NAMES)


def test_lord_offer_shows_every_general_in_full_with_lord_skills() -> None:
    for seed in range(5):
        (r, *_rest) = setup_requests({"players": 5}, seed)
        assert r.info == {"reason": "lord"} and len(r.options) == 5
        assert {o["id"] for o in r.options} >= LORD_ELIGIBLE
        for o in r.options:
            check_general_option(o, lord=True, bonus=1)
        caocao = next(o for o in r.options if o["id"] == "caocao")
        assert [(s["id"], s["lord"]) for s in caocao["skills"]] == [
            ("jianxiong", False),
            ("hujia", True),
        ]


def test_a_lord_eligible_general_offered_to_a_non_lord_has_no_lord_skill() -> None:
    """The lord's two unchosen lord-eligible generals go back to the pool; when one of them is
    offered to another seat, its lord skill is not listed."""
    found: set[str] = set()
    for seed in range(60):
        requests = list(setup_requests({"players": 8}, seed))
        assert requests[0].info["reason"] == "lord"
        for r in requests[1:]:
            assert r.info["reason"] == "identity" and len(r.options) == 3
            for o in r.options:
                check_general_option(o, lord=False)
                if o["id"] in LORD_ELIGIBLE:
                    assert not any(s["lord"] for s in o["skills"])
                    found.add(o["id"])
        if found == LORD_ELIGIBLE:
            break
    assert found == LORD_ELIGIBLE


def test_1v1_offers_never_list_a_lord_skill() -> None:
    found: set[str] = set()
    reasons: set[str] = set()
    for seed in range(40):
        for r in setup_requests({"mode": "1v1"}, seed):
            reasons.add(r.info["reason"])
            for o in r.options:
                check_general_option(o, lord=False)
                if o["id"] in LORD_ELIGIBLE:
                    found.add(o["id"])
        if found == LORD_ELIGIBLE:
            break
    assert found == LORD_ELIGIBLE and reasons == {"pick", "start"}


def test_1v1_replacement_offer_of_the_warm_side_lists_no_lord_skill() -> None:
    """The warm side carries the "lord" role tag in 1v1, yet its next general's lord skill is
    neither offered nor brought to the table."""
    t = Table(
        scen(
            lord("zhangfei", hp=1, reserve=["caocao", "sunquan"]),
            seat("guanyu", "renegade", hand=["slash/spade/7"]),
            turn=(1, "play"),
            mode="1v1",
            skills="standard",
        )
    )
    t.play("slash", 0, seat=1)
    r = t.expect("choose_general", 0)
    assert r.info == {"reason": "next"} and [o["id"] for o in r.options] == ["caocao", "sunquan"]
    for o in r.options:
        check_general_option(o, lord=False)
    t.reply(0)
    (general,) = of(t.new(), "general")
    assert general["general"] == "caocao" and general["skills"] == ["jianxiong"]
    assert t.st.players[0].skills == ["jianxiong"]


# --- the random bot reaches every skill -----------------------------------------------------------

# Skills that only change what is legal (a modifier or a prohibition): nothing to announce.
STATIC = {"paoxiao", "kongcheng", "mashu", "qicai", "qianxun"}
VISIBLE = [s for s in NAMES if s not in STATIC]


def seen_in(events: list[Event]) -> set[str]:
    """The standard skills a spectator sees invoked in these events."""
    out: set[str] = set()
    for e in events:
        if e.seats is not None:
            continue  # only what everybody sees
        if e.kind == "skill":
            out.add(e.data["name"])
        elif e.kind in ("use", "respond") and e.data.get("skill"):
            skill = e.data["skill"]
            if skill in RULESET.skills and RULESET.skills[skill].about.kind == "conversion":
                out.add(skill)
    return out & set(NAMES)


def random_game(config: dict[str, Any], seed: int) -> Game:
    g = Game(RULESET, config, seed)
    rng = random.Random(seed)
    step = g.start()
    while step.request is not None:
        step = g.resume(random_legal(step.request, rng))
    return g


# A position random games reach only rarely: Sun Quan, the lord, dying and saved by a Wu
# player's Peach (Jiuyuan). The random bot plays the game on from it.
RARE = {"jiuyuan": "skills/lord_sunquan_saved_by_wu_peach.toml"}


def test_the_static_skills_are_exactly_those_without_effects() -> None:
    """The five left out of the coverage test have no trigger, conversion or active part."""
    for sid in NAMES:
        s = RULESET.skills[sid]
        effects = bool(s.triggers or s.views or s.active)
        assert effects == (sid not in STATIC), sid
    assert len(VISIBLE) == 35


def test_random_bot_reaches_the_rare_jiuyuan_position() -> None:
    hits = 0
    for seed in range(12):
        g = random_game(config_from_file(SCENARIOS / RARE["jiuyuan"]), seed)
        if "jiuyuan" in seen_in(g.events):
            hits += 1
            recover = next(
                e.data
                for e, prev in zip(g.events[1:], g.events, strict=False)
                if prev.kind == "skill" and prev.data["name"] == "jiuyuan"
            )
            assert recover["seat"] == 0 and recover["amount"] == 2 and recover["source"] == 2
    assert hits >= 2


def test_random_bot_reaches_every_skill() -> None:
    """Full random-bot games with random generals (5 to 8 players, fixed seeds) until all 35
    skills were seen, plus the rare positions above played on by the random bot."""
    seen: dict[str, str] = {}
    for skill, path in RARE.items():
        for seed in range(12):
            g = random_game(config_from_file(SCENARIOS / path), seed)
            for s in seen_in(g.events):
                seen.setdefault(s, f"{path} seed {seed}")
            if skill in seen:
                break
    games = 0
    for seed in range(300):
        if set(VISIBLE) <= set(seen):
            break
        config = {"players": 5 + seed % 4, "generals": "random"}
        g = random_game(config, seed)
        games += 1
        for s in seen_in(g.events):
            seen.setdefault(s, f"{config} seed {seed}")
    missing = [s for s in VISIBLE if s not in seen]
    assert not missing, f"never reached in {games} random games: {missing}"
    assert not set(seen) & STATIC
