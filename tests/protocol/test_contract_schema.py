"""The JSON Schema of the contract (`protocol/contract.schema.json`, `protocol.contract`): the
committed file is the code's, it is a valid draft 2020-12 schema naming every message type,
event and request kind, and what the game agent really sends keeps it: every event (full form,
and the form each seat and a spectator gets), request and reply of recorded games of all five
games, and every message a seated client and a spectator receive and send over the wire of a
served game (a real `sgs serve`). It also refuses what breaks the contract."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
import time
import tomllib
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import zmq
from wire_support import REPO, WAIT, Procs, RawAgent, child_env, frame_messages, procs

from protocol import contract
from protocol.contract import Validators, camel, contract_schema, games, load, render
from protocol.messages import MESSAGE_FIELDS
from protocol.registry import get_schema
from protocol.version import PROTOCOL_VERSION
from replays.contract import Checked, LogChecker
from sgs.runner import play

__all__ = ["procs"]  # the fixture, imported for the wire test

GAMES = games()
BEHIND = "run `python -m protocol.contract --write` and commit it"

# (config, bots, seeds) per game: a few seeded games of each, random and bundled bots
PLAYS: dict[str, list[tuple[dict[str, Any], list[str], range]]] = {
    "sanguosha": [
        ({"players": 5}, ["random"], range(1, 4)),
        ({"players": 2}, ["random"], range(1, 3)),
        ({"players": 8}, ["random"], range(1, 2)),
        ({"players": 10}, ["random"], range(1, 2)),
        ({"players": 5}, ["smart", "random"], range(1, 3)),
        ({"mode": "1v1"}, ["smart", "random"], range(1, 2)),
    ],
    "harmony": [
        ({}, ["random"], range(1, 7)),
        ({}, ["greedy", "medium"], range(1, 5)),
    ],
    "carcassonne": [
        ({}, ["random"], range(1, 5)),
        ({"players": 3}, ["greedy", "random"], range(1, 3)),
        ({"players": 5}, ["random"], range(1, 3)),
    ],
    "muhq": [
        ({}, ["random"], range(1, 5)),
        ({}, ["greedy", "random"], range(1, 3)),
        ({"draft": True}, ["random"], range(1, 2)),
        ({"mode": "kraken"}, ["greedy", "random"], range(1, 2)),
    ],
    "goofspiel": [
        ({}, ["random"], range(1, 7)),
        ({}, ["greedy", "random"], range(1, 7)),
    ],
}


@pytest.fixture(scope="module")
def validators() -> Validators:
    return Validators()


def test_the_committed_file_is_the_codes() -> None:
    committed = contract.path().read_text(encoding="utf-8")
    assert committed == render(), f"protocol/contract.schema.json is behind the code: {BEHIND}"
    assert render() == render()  # the same code gives the same bytes
    assert load() == json.loads(committed)


def test_it_is_a_2020_12_schema_of_every_type_and_kind() -> None:
    schema = load()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    defs = schema["$defs"]
    assert schema["x-sgs-protocol"] == PROTOCOL_VERSION == 5
    assert schema["x-sgs-games"] == {g: get_schema(g).version for g in GAMES}
    for t, fields in MESSAGE_FIELDS.items():
        message = defs[f"{camel(t)}Message"]
        assert list(message["properties"]) == ["t", *fields], t
        assert message["required"] == ["t", *fields] and message["additionalProperties"] is False
    for game in GAMES:
        gs, p = get_schema(game), camel(game)
        for kind, fields in gs.events.items():
            assert list(defs[f"{p}{camel(kind)}Data"]["properties"]) == list(fields)
            assert defs[f"{p}{camel(kind)}Event"]["properties"]["kind"] == {"const": kind}
        for kind, fields in gs.redacted.items():
            assert list(defs[f"{p}{camel(kind)}PublicData"]["properties"]) == list(fields)
        for kind, fields in gs.requests.items():
            assert list(defs[f"{p}{camel(kind)}Info"]["properties"]) == list(fields)
            request = defs[f"{p}{camel(kind)}Request"]["properties"]
            assert request["form"] == {"const": gs.ask(kind).form}
        assert set(defs[f"{p}Event"]["discriminator"]["mapping"]) == set(gs.events)
        assert set(defs[f"{p}Request"]["discriminator"]["mapping"]) == set(gs.requests)


def test_each_discriminator_names_its_members() -> None:
    """`Validators` checks only the member a discriminator names: sound only when the mapping
    lists exactly the `oneOf` members and each member's field is that constant."""
    defs = load()["$defs"]
    tagged = [d for d in defs.values() if "discriminator" in d]
    assert len(tagged) == 3 + 3 * len(GAMES)  # Agent/Server/Message, each game's three
    for d in tagged:
        field, mapping = d["discriminator"]["propertyName"], d["discriminator"]["mapping"]
        assert sorted(m["$ref"] for m in d["oneOf"]) == sorted(mapping.values())
        for value, ref in mapping.items():
            member = defs[ref.removeprefix("#/$defs/")]
            while "discriminator" in member and member["discriminator"]["propertyName"] != field:
                member = defs[next(iter(member["discriminator"]["mapping"].values()))[8:]]
            assert member["properties"][field] == {"const": value}, ref
            assert field in member["required"]


def seeded_logs(game: str, tmp: Path) -> list[Path]:
    out = []
    for config, bots, seeds in PLAYS[game]:
        for seed in seeds:
            path = tmp / f"{game}-{len(out)}.sgslog"
            play(game, config, seed, bots, path)
            out.append(path)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_recorded_games_keep_the_contract(
    game: str, tmp_path: Path, validators: Validators
) -> None:
    every = LogChecker(validators, every_seat=True)  # the first log: every seat's message
    forms = LogChecker(validators, every_seat=False)  # the others: each form once
    total = Checked()
    for i, path in enumerate(seeded_logs(game, tmp_path)):
        total.add((every if i == 0 else forms).check_path(str(path)))
    assert not total.failures, "\n".join(total.failures)
    assert total.games == sum(len(s) for _, _, s in PLAYS[game])
    for what in ("event (full)", "event (seat)", "event (spectator)", "request", "reply"):
        assert total.counts[what] > 0, (what, total.counts)
    if get_schema(game).redacted:
        assert total.counts["event (public form)"] > 0, total.counts


def test_a_contract_that_drifts_from_the_game_is_caught(tmp_path: Path) -> None:
    """The same check on the same log fails once the contract and the game disagree: a public
    form, a request's info, an option shape and the reply of a form, each changed in a copy."""
    drifted = load()
    defs = drifted["$defs"]
    defs["SanguoshaDrawPublicData"]["properties"]["count"] = {"type": "string"}
    defs["SanguoshaRespondInfo"]["required"].append("extra")
    defs["SanguoshaCard"]["properties"]["rank"] = {"type": "string"}
    defs["ChoiceReply"]["minimum"] = 1
    path = tmp_path / "sanguosha.sgslog"
    play("sanguosha", {"players": 5}, 1, ["random"], path)
    assert not LogChecker().check_path(str(path)).failures
    checked = LogChecker(Validators(drifted)).check_path(str(path))
    said = "\n".join(checked.failures)
    assert checked.failed["event (public form)"] > 0, checked.failed
    assert checked.failed["event (seat)"] > 0 and checked.failed["request"] > 0, checked.failed
    assert checked.failed["reply (form)"] > 0, checked.failed
    assert "SanguoshaDrawPublicData" in said and "record " in said, said


# --- what the schema refuses ---------------------------------------------------------------


def _request(game: str, kind: str) -> dict[str, Any]:
    for config, bots, seeds in PLAYS[game]:
        for seed in seeds:
            for req in play(game, config, seed, bots).game.requests:
                if req.kind == kind:
                    return {"t": "request", "request": req.to_wire(), "deadline": 30.0}
    raise AssertionError(f"no {game} {kind} request in the seeded games")


def broken_messages() -> list[tuple[str, str, dict[str, Any]]]:
    """(definition, what is wrong, message): each must be refused."""
    play_req = _request("sanguosha", "play")
    place = _request("carcassonne", "place_tile")
    piece = _request("harmony", "place_piece")
    out: list[tuple[str, str, dict[str, Any]]] = []

    def broken(name: str, why: str, msg: dict[str, Any], change: Any) -> None:
        msg = copy.deepcopy(msg)
        change(msg)
        out.append((name, why, msg))

    served = "SanguoshaServerMessage"
    broken(served, "an option without its card", play_req,
           lambda m: m["request"]["options"][0].pop("card"))  # fmt: skip
    broken(served, "an option of an unknown kind", play_req,
           lambda m: m["request"]["options"][0].update(kind="steal"))  # fmt: skip
    broken(served, "cancel where the contract has no nil", play_req,
           lambda m: m["request"].update(cancel=True))  # fmt: skip
    broken(served, "a default of another form", play_req,
           lambda m: m["request"].update(default=[0]))  # fmt: skip
    broken(served, "an info field too many", play_req,
           lambda m: m["request"]["info"].update(extra=1))  # fmt: skip
    broken(served, "an unknown request kind", play_req,
           lambda m: m["request"].update(kind="cheat"))  # fmt: skip
    broken(served, "piles outside arrange", play_req,
           lambda m: m["request"].update(piles=[{"name": "top", "min": 0, "max": 1}]))  # fmt: skip
    broken("CarcassonneServerMessage", "a placement row of two items", place,
           lambda m: m["request"]["options"][0].pop())  # fmt: skip
    broken("HarmonyServerMessage", "a product of two axes", piece,
           lambda m: m["request"]["options"].pop())  # fmt: skip
    draw = {"t": "event", "seq": 0, "kind": "draw", "data": {"seat": 0, "count": 2, "reason": "x"}}
    broken(served, "a public form naming its cards", draw,
           lambda m: m["data"].update(cards=[]))  # fmt: skip
    broken(served, "an event kind of another game", draw,
           lambda m: m.update(kind="tile_placed"))  # fmt: skip
    broken(served, "a bool for an int", draw, lambda m: m["data"].update(seat=True))
    broken(served, "a negative seq", draw, lambda m: m.update(seq=-1))
    hello = {
        "t": "hello",
        "version": PROTOCOL_VERSION,
        "table": "",
        "seat": 0,
        "nonce": "a" * 32,
        "name": "x",
    }
    broken("AgentMessage", "protocol version 2", hello, lambda m: m.update(version=2))
    broken("AgentMessage", "a short nonce", hello, lambda m: m.update(nonce="abc"))
    broken("AgentMessage", "a token in the hello", hello, lambda m: m.update(token="t"))
    reply = {"t": "reply", "id": 0, "choice": [0, 1]}
    broken("AgentMessage", "a string choice", reply, lambda m: m.update(choice="0"))
    broken("AgentMessage", "a server-only type", reply, lambda m: m.update(t="welcome"))
    return out


def test_what_breaks_the_contract_is_refused(validators: Validators) -> None:
    plain = jsonschema.Draft202012Validator(load())
    for name, why, msg in broken_messages():
        assert not validators[name].is_valid(msg), why
        # the plain oneOf (no discriminator) agrees: the root takes an agent's message or a
        # game's server message, so a message refused by every one of them is refused there
        if name == "AgentMessage" or not any(
            validators[f"{camel(g)}ServerMessage"].is_valid(msg) for g in GAMES
        ):
            assert not plain.is_valid(msg), why


def test_the_discriminator_gives_the_plain_verdict(validators: Validators) -> None:
    """On real messages (one request and one event of each kind met in a seeded game), the
    validator that follows the discriminators and jsonschema's own (every oneOf member tried)
    agree; and on the broken ones."""
    for game in GAMES:
        name = f"{camel(game)}ServerMessage"
        fast = validators[name]
        slow = jsonschema.Draft202012Validator(
            {"$ref": f"{contract.URI}#/$defs/{name}"}, registry=validators.registry
        )
        config, bots, seeds = PLAYS[game][0]
        g = play(game, config, seeds[0], bots).game
        requests = {r.kind: r for r in reversed(g.requests)}.values()
        events = {e.kind: e for e in reversed(g.events)}.values()
        msgs = [{"t": "request", "request": r.to_wire(), "deadline": 1.0} for r in requests]
        msgs += [{"t": "event", "seq": 0, "kind": e.kind, "data": e.data} for e in events]
        for msg in msgs:
            assert fast.is_valid(msg) and slow.is_valid(msg), msg
        for broken, why, msg in broken_messages():
            if broken == name:
                assert not fast.is_valid(msg) and not slow.is_valid(msg), why


# --- the command ---------------------------------------------------------------------------


def test_check_and_write(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    target = tmp_path / "contract.schema.json"
    monkeypatch.setattr(contract, "path", lambda: target)
    target.write_text("{}\n")
    assert contract.main(["--check"]) == 1
    assert contract.main(["--write"]) == 0
    assert target.read_text() == render()
    assert contract.main(["--check"]) == 0
    assert contract.main(["--write"]) == 0  # already up to date: untouched


def test_the_command_says_one_line() -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "protocol.contract", *args],
            cwd=REPO,
            env=child_env(),
            capture_output=True,
            text=True,
            timeout=WAIT,
        )

    ok = run("--check")
    assert ok.returncode == 0 and "is up to date" in ok.stdout, ok.stdout + ok.stderr
    bad = run("--wirte")
    assert bad.returncode == 2 and bad.stdout == "", bad
    assert bad.stderr.count("\n") == 1 and bad.stderr.startswith("error: "), bad.stderr
    both = run("--check", "--write")
    assert both.returncode == 2 and both.stderr.count("\n") == 1, both.stderr
    printed = run()
    assert printed.returncode == 0 and json.loads(printed.stdout) == contract_schema()


def test_the_file_ships_as_package_data() -> None:
    data = tomllib.loads((REPO / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert contract.FILE in data["package-data"]["protocol"]
    assert "jsonschema" in " ".join(
        tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["optional-dependencies"][
            "dev"
        ]
    )


# --- over the wire -------------------------------------------------------------------------


class Recording(RawAgent):
    """A raw agent that keeps every message it sends and receives."""

    def __init__(self, endpoint: str, keepalive: bool = True) -> None:
        super().__init__(endpoint, keepalive=keepalive)
        self.sent: list[dict[str, Any]] = []
        self.got: list[dict[str, Any]] = []

    def send(self, msg: dict[str, Any] | bytes) -> None:
        assert isinstance(msg, dict)
        self.sent.append(msg)
        super().send(msg)

    def recv(self, timeout: float = 5.0) -> dict[str, Any] | None:
        msg = super().recv(timeout)
        if msg is not None:
            self.got.append(msg)
        return msg


def legal(req: dict[str, Any], rng: random.Random) -> Any:
    """A random legal reply of the request's form (PROTOCOL.md section 14)."""
    options, form = req["options"], req["form"]
    if form == "choice":
        return rng.randrange(len(options))
    if form == "subset":
        return sorted(rng.sample(range(len(options)), rng.randint(req["min"], req["max"])))
    if form == "product":
        return [rng.randrange(len(axis)) for axis in options]
    return req["default"]


def test_a_served_game_keeps_the_contract(procs: Procs, validators: Validators) -> None:
    served = procs.serve(
        "--game", "sanguosha", "--players", "4", "--bots", "random,-,random,random", "--seed", "5"
    )
    ctx: zmq.Context[zmq.Socket[bytes]] = zmq.Context.instance()
    sub = ctx.socket(zmq.SUB)
    sub.setsockopt(zmq.LINGER, 0)
    sub.setsockopt(zmq.RCVHWM, 0)
    sub.setsockopt(zmq.SUBSCRIBE, b"")
    sub.connect(served.pub)
    watched: list[dict[str, Any]] = []

    def drain(wait_ms: int = 0) -> None:
        while sub.poll(wait_ms):
            _topic, payload = sub.recv_multipart()
            watched.extend(frame_messages(payload))  # protocol 5: one or more messages
            wait_ms = 0

    # the subscription holds once the stream's welcome (sent every heartbeat) comes through
    end = time.monotonic() + WAIT
    while not any(m["t"] == "welcome" for m in watched):
        assert time.monotonic() < end, "no spectator welcome"
        drain(100)
    agent = Recording(served.endpoint)
    welcome = agent.hello(1, served.tokens[1])
    assert welcome["t"] == "welcome", welcome
    agent.send({"t": "resync", "last_seq": -1})
    rng, answered, caught_up = random.Random(5), {}, False
    spectator = Recording(served.endpoint, keepalive=False)
    while not agent.bye:
        assert time.monotonic() < end, "the game did not end"
        msg = agent.recv(0.05)
        drain()
        if msg is None or msg["t"] != "request":
            continue
        req = msg["request"]
        choice = answered.setdefault(req["id"], legal(req, rng))
        agent.send({"t": "reply", "id": req["id"], "choice": choice})
        if not caught_up:  # mid-game: a spectator's catch-up and a status
            caught_up = True
            table = welcome["table"]
            spectator.send(
                {"t": "spectate", "version": PROTOCOL_VERSION, "table": table, "last_seq": -1}
            )
            spectator.recv_type("spectated")
            spectator.send({"t": "status", "version": PROTOCOL_VERSION})
            spectator.recv_type("tables")
            spectator.send({"t": "bye", "reason": "done"})
    while not any(m["t"] == "bye" for m in watched):
        assert time.monotonic() < end, "no bye on the spectator stream"
        drain(100)
    assert served.proc.wait() == 0, served.proc.output()

    server, agents = validators["SanguoshaServerMessage"], validators["AgentMessage"]
    received = agent.got + spectator.got + watched
    sent = agent.sent + spectator.sent
    problems = [f"received {m}: {e.message}" for m in received for e in server.iter_errors(m)]
    problems += [f"sent {m}: {e.message}" for m in sent for e in agents.iter_errors(m)]
    assert not problems, "\n".join(problems[:10])
    kinds = {m["t"] for m in received} | {f"sent {m['t']}" for m in sent}
    expected = {"challenge", "welcome", "event", "request", "bye", "spectated", "tables"}
    expected |= {"sent hello", "sent auth", "sent resync", "sent reply", "sent spectate"}
    expected |= {"sent status", "sent bye"}
    assert expected <= kinds, expected - kinds
    assert sum(m["t"] == "event" for m in watched) > 50
    assert sum(m["t"] == "event" for m in spectator.got) > 0
