"""Content as data: the bundled PROVISIONAL files load, and every kind of mistake in a user's
file is a clear error naming the file and the entry."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from game_agent.engine import ConfigError, Game
from game_agent.games import available, load
from protocol.games.muhq.content import Attack, load_content


def test_the_provisional_content_loads_as_the_rules_give_it() -> None:
    c = load_content()
    core = c.sets["PROV-CORE"]
    assert core.provisional and len(core.cards) == 14
    assert sum(core.store.values()) == 19 and sum(core.pool.values()) == 60
    king = c.cards["PROV-00"]
    assert (king.type, king.buy, king.life, king.move, king.attack) == (
        "unit",
        None,
        4,
        1,
        (Attack(1, 1),),
    )
    assert c.cards["PROV-07"].crew == 2 and c.cards["PROV-11"].solid == 3
    assert c.cards["PROV-13"].durability == 2 and c.cards["PROV-08"].fast
    m = c.maps["PROV-MAP-1"]
    assert (m.width, m.height, m.players, m.resource_gain) == (7, 7, 2, 3)
    assert m.tile(3, 0) == "K1" and m.tile(3, 6) == "K2" and m.tile(3, 3) == "="
    assert m.tile(0, 3) == "~" and m.tile(1, 3) == "#" and m.tile(0, 6) == "F"
    # point-symmetric: neither side has a positional advantage
    swap = {"S1": "S2", "S2": "S1", "K1": "K2", "K2": "K1"}
    for y in range(7):
        for x in range(7):
            assert swap.get(m.tile(x, y), m.tile(x, y)) == m.tile(6 - x, 6 - y)
    assert m.starting_units == (("PROV-00", 1, 3, 0), ("PROV-00", 2, 3, 6))
    assert dict(m.starting_deck) == {"PROV-01": 3, "PROV-02": 2}
    k = c.maps["PROV-MAP-1-KRAKEN"]
    assert k.kraken and k.tile(0, 3) == "P0" and k.tile(6, 3) == "P0" and k.tile(3, 3) == "="
    assert dict(k.kraken_deck) == {"PROV-K1": 8, "PROV-K2": 1}
    assert c.cards["PROV-K2"].ai == "wandering 3" and c.cards["PROV-K1"].swimming


def test_a_new_unit_and_a_new_map_from_a_file(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text(
        """
[set]
id = "MY"
name = "Mine"

[[card]]
id = "MY-01"
name = "Scout"
type = "unit"
buy = 2
life = 1
move = 4
attack = [[1, 2]]
upkeep = 0
ai = "shy"

[map]
id = "MY-MAP"
name = "Tiny"
players = 2
grid = '''
S2 . K2
.  # .
K1 . S1
'''
resource_gain = 2
starting_deck = { MY-01 = 2 }
starting_units = [
  { card = "PROV-00", player = 1, at = "a1" },
  { card = "PROV-00", player = 2, at = "c3" },
]

[map.win]
kind = "vip"
card = "PROV-00"
""",
        encoding="utf-8",
    )
    c = load_content([tmp_path])
    assert c.cards["MY-01"].move == 4 and c.maps["MY-MAP"].tile(1, 1) == "#"
    assert "PROV-CORE" in c.sets  # the bundled content stays


CARD = """
[set]
id = "X"
name = "X"

[[card]]
id = "X-1"
name = "Thing"
{body}
"""


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (
            'type = "unit"\nbuy = 1\nlife = 1\nmove = 1\nupkeep = 0\neffects = ["fly"]',
            "unknown effect 'fly'; known effects:",
        ),
        (
            'type = "unit"\nbuy = 1\nlife = 1\nmove = 1\nupkeep = 0\nkeywords = ["taunt"]',
            "unknown keyword 'taunt'",
        ),
        (
            'type = "unit"\nbuy = 1\nlife = 1\nmove = 1\nupkeep = 0\nai = "berserk"',
            "unknown ai 'berserk'",
        ),
        ('type = "unit"\nbuy = 1\nlife = 1\nmove = 1', "a unit needs 'upkeep'"),
        ('type = "dragon"\nbuy = 1', "type must be one of unit"),
        ('type = "spell"\nbuy = -1', "buy must be an integer from 0 to 100 or false"),
        (
            'type = "unit"\nbuy = 1\nlife = 1\nmove = 1\nupkeep = 0\nattack = [[1]]',
            "an attack is [X, R]",
        ),
        (
            'type = "unit"\nbuy = 1\nlife = 1\nmove = 1\nupkeep = 0\ncolour = "red"',
            "unknown field(s) colour",
        ),
    ],
)
def test_mistakes_in_a_card_are_clear_errors(tmp_path: Path, body: str, message: str) -> None:
    f = tmp_path / "bad.toml"
    f.write_text(CARD.format(body=body), encoding="utf-8")
    with pytest.raises(ConfigError) as err:
        load_content([f])
    assert str(f) in str(err.value) and "card X-1" in str(err.value)
    assert message in str(err.value)


def test_duplicates_dangling_ids_and_missing_files(tmp_path: Path) -> None:
    dup = tmp_path / "dup.toml"
    dup.write_text(CARD.format(body='type = "spell"\nbuy = 1').replace('"X-1"', '"PROV-01"'))
    with pytest.raises(ConfigError, match="card PROV-01 is already defined in"):
        load_content([dup])
    store = tmp_path / "store.toml"
    store.write_text(CARD.format(body='type = "spell"\nbuy = 1') + "\n[store]\nNOPE = 1\n")
    with pytest.raises(ConfigError, match=r"\[store\]: unknown card 'NOPE'"):
        load_content([store])
    with pytest.raises(ConfigError, match="no such file or directory"):
        load_content([tmp_path / "missing.toml"])


def test_map_mistakes(tmp_path: Path) -> None:
    f = tmp_path / "m.toml"
    head = '[map]\nid = "M"\nname = "M"\nplayers = 2\n'
    win = '[map.win]\nkind = "vip"\n'
    f.write_text(head + 'grid = """\n. .\n. Q\n"""\nresource_gain = 1\n' + win)
    with pytest.raises(ConfigError, match=r"map M: grid row 2: unknown tile 'Q'"):
        load_content([f])
    f.write_text(head + 'base = "NOPE"\n' + win)
    with pytest.raises(ConfigError, match=r"base map is missing: M \(base NOPE\)"):
        load_content([f])


def test_the_game_is_playable() -> None:
    assert load("muhq").name == "muhq"
    assert "muhq" in available()


UNIT = 'type = "unit"\nbuy = 1\nlife = 1\nmove = 1\nupkeep = 0\n'


@pytest.mark.parametrize(
    ("body", "message"),
    [
        (UNIT.replace("life = 1", "life = 101"), "life must be an integer from 0 to 100"),
        (UNIT.replace("move = 1", "move = 51"), "move must be an integer from 0 to 50"),
        (UNIT.replace("upkeep = 0", "upkeep = 10000"), "upkeep must be an integer from 0 to"),
        (UNIT.replace("buy = 1", "buy = 101"), "buy must be an integer from 0 to 100"),
        (UNIT + "crew = 21", "crew must be an integer from 0 to 20"),
        (UNIT + "attack = [[1, 1000000000]]", "R from 1 to 26"),
        (UNIT + "attack = [[101, 1]]", "X from 1 to 100"),
        (UNIT + "attack = [" + "[1, 1], " * 11 + "]", "at most 10 [X, R] pairs"),
        (UNIT + 'ai = "wandering 51"', "X of 'wandering X' is 0 to 50"),
        (UNIT + 'ai = "wandering ' + "9" * 5000 + '"', "X of 'wandering X' is 0 to 50"),
        (
            UNIT + 'free_actions = [{ cost = 101, effect = "cure_poison" }]',
            "cost must be an integer from 0 to 100",
        ),
    ],
)
def test_every_number_of_a_card_is_bounded(tmp_path: Path, body: str, message: str) -> None:
    f = tmp_path / "bad.toml"
    f.write_text(CARD.format(body=body), encoding="utf-8")
    with pytest.raises(ConfigError, match="card X-1") as err:
        load_content([f])
    assert message in str(err.value)


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        ("[pool]\nX-1 = 200000000", r"\[pool\]: count of X-1 must be an integer from 1 to 100"),
        ("[store]\nX-1 = 101", r"\[store\]: count of X-1 must be an integer from 1 to 100"),
        ("[store]\nX-1 = 100", None),
    ],
)
def test_store_and_pool_counts_are_bounded(
    tmp_path: Path, tables: str, message: str | None
) -> None:
    f = tmp_path / "counts.toml"
    f.write_text(CARD.format(body='type = "spell"\nbuy = 1') + "\n" + tables, encoding="utf-8")
    if message is None:
        assert load_content([f]).sets["X"].store == {"X-1": 100}
        return
    with pytest.raises(ConfigError, match=message):
        load_content([f])


def test_a_table_holds_at_most_1000_cards(tmp_path: Path) -> None:
    cards = "".join(
        f'[[card]]\nid = "X-{i}"\nname = "T"\ntype = "spell"\nbuy = 1\n' for i in range(11)
    )
    pool = "[pool]\n" + "".join(f'"X-{i}" = 100\n' for i in range(11))
    f = tmp_path / "many.toml"
    f.write_text(f'[set]\nid = "X"\nname = "X"\n{cards}{pool}', encoding="utf-8")
    with pytest.raises(ConfigError, match=r"\[pool\]: 1100 cards, more than 1000 in one table"):
        load_content([f])


MAP = """[map]
id = "M"
name = "M"
players = {players}
resource_gain = {gain}
grid = '''
{grid}
'''
[map.win]
kind = "vip"
card = "PROV-00"
"""


@pytest.mark.parametrize(
    ("players", "gain", "grid", "message"),
    [
        (2, 1, "K1 " + ". " * 26 + "K2", "grid of 28 x 1 tiles; a map is at most 26 x 26"),
        (2, 1, "\n".join(["K1 K2"] + [". ."] * 26), "grid of 2 x 27 tiles"),
        (9, 1, "K1 K2", "players must be an integer from 1 to 8"),
        (2, 101, "K1 K2", "resource_gain must be an integer from 0 to 100"),
    ],
)
def test_every_number_of_a_map_is_bounded(
    tmp_path: Path, players: int, gain: int, grid: str, message: str
) -> None:
    f = tmp_path / "m.toml"
    f.write_text(MAP.format(players=players, gain=gain, grid=grid), encoding="utf-8")
    with pytest.raises(ConfigError, match="map M") as err:
        load_content([f])
    assert message in str(err.value)


def test_a_game_adds_at_most_64_content_files(tmp_path: Path) -> None:
    for i in range(65):
        (tmp_path / f"{i:02}.toml").write_text(f'[map]\nid = "M{i}"\n', encoding="utf-8")
    with pytest.raises(ConfigError, match="content: 65 files, more than 64"):
        load_content([tmp_path])
    with pytest.raises(ConfigError, match="content: more than 64 files"):
        Game(load("muhq"), {"content": [["f.toml", ""]] * 65}, 1)


def test_the_sets_of_a_game_hold_at_most_2000_cards_and_are_named_once() -> None:
    texts = []
    for s in range(3):
        cards = "".join(
            f'[[card]]\nid = "S{s}-{i}"\nname = "T"\ntype = "spell"\nbuy = 1\n' for i in range(10)
        )
        store = "[store]\n" + "".join(f'"S{s}-{i}" = 100\n' for i in range(10))
        texts.append([f"s{s}.toml", f'[set]\nid = "S{s}"\nname = "S"\n{cards}{store}'])
    sets = ["S0", "S1", "S2"]
    with pytest.raises(ConfigError, match="hold 3000 cards in their stores, more than 2000"):
        Game(load("muhq"), {"content": texts, "sets": sets}, 1)
    with pytest.raises(ConfigError, match="a set is named twice"):
        Game(load("muhq"), {"sets": ["PROV-CORE"] * 100_000}, 1)


SCENARIOS = Path(__file__).parent / "scenarios"


def test_a_positions_plain_form_is_checked_again() -> None:
    """The plain form of every scenario file (what a log's header holds) is accepted again as
    it is; a changed one is refused, whatever field was changed."""
    from game_agent.games.muhq.scenario import load_scenario

    muhq = load("muhq")
    files = sorted(SCENARIOS.glob("*.toml"))
    assert len(files) > 40
    for path in files:
        cfg = muhq.configure(load_scenario(path))
        assert muhq.configure(cfg) == cfg, path
    cfg = muhq.configure(load_scenario(SCENARIOS / "combat_exchange_damage_persists.toml"))
    changes = [
        ("permanents", 0, "damage", 10**9),
        ("permanents", 0, "x", 10**9),
        ("permanents", 0, "controller", 1 - cfg["scenario"]["permanents"][0]["controller"]),
        ("sides", 0, "resource", 10**12),
        ("sides", 0, "hand", ["NOPE"]),
    ]
    for key, n, field, value in changes:
        changed = copy.deepcopy(cfg)
        changed["scenario"][key][n][field] = value
        with pytest.raises(ConfigError, match="scenario"):
            muhq.configure(changed)
    changed = copy.deepcopy(cfg)
    changed["scenario"]["round"] = 10**6
    with pytest.raises(ConfigError, match="round must be an integer from 1 to 1000"):
        muhq.configure(changed)
