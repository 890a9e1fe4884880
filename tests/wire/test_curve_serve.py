"""CURVE end to end: `sgs keys`, `sgs serve --curve-secret --curve-allow`, and `sgs bot` with
`--server-key --client-key`, as separate processes. A client whose key is not allowed never
reaches its seat; one with an allowed key plays; tokens are still required."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import WAIT, Proc, Procs

from replays import read_log, verify
from user_agent.client import BAD_SERVER_PROOF, GIVE_UP


def keys(procs: Procs, where: Path, name: str) -> None:
    p = procs.start(["keys", str(where), "--name", name])
    assert p.wait() == 0, p.output()


def test_a_client_without_an_allowed_key_is_refused_one_with_a_key_plays(
    procs: Procs, tmp_path: Path
) -> None:
    k = tmp_path / "keys"
    for name in ("server", "alice", "bob", "mallory"):
        keys(procs, k, name)
    allowed = tmp_path / "allowed"
    allowed.mkdir()
    for name in ("alice", "bob"):
        shutil.copy(k / f"{name}.key", allowed / f"{name}.key")
    served = procs.serve("--game", "harmony", "--seed", "9", "--linger", "0.5",
                         "--curve-secret", str(k / "server.key_secret"),
                         "--curve-allow", str(allowed))  # fmt: skip

    def bot(seat: int, who: str, token: str, *extra: str) -> Proc:
        return procs.start(
            ["bot", "--connect", served.endpoint, "--seat", str(seat), "--bot", "random",
             "--server-key", str(k / "server.key"), "--client-key", str(k / f"{who}.key_secret"),
             *extra],
            SGS_TOKEN=token,
        )  # fmt: skip

    def failure(p: Proc) -> str:
        code = p.wait()
        if code == 4:  # gave up (--give-up): no answer, as from no server
            assert [r.get("event") for r in p.stderr_records()].count("gave up") == 1, p.output()
            return GIVE_UP
        assert code == 3, p.output()
        codes = [r["code"] for r in p.stderr_records() if r.get("event") == "connection failed"]
        assert len(codes) == 1, p.output()
        return str(codes[0])

    # mallory holds seat 1's token but not an allowed key: the handshake never completes
    # (however long it is given: 3 s, to keep the test short)
    assert failure(bot(1, "mallory", served.tokens[1], "--give-up", "3")) == GIVE_UP
    # without CURVE at all, nothing either
    plain = procs.start(["bot", "--connect", served.endpoint, "--seat", "1", "--give-up", "3"],
                        SGS_TOKEN=served.tokens[1])  # fmt: skip
    assert failure(plain) == GIVE_UP
    # an allowed key with a wrong token is refused by the table (tokens stay required)
    wrong = bot(1, "bob", served.tokens[0], "--give-up", str(WAIT))
    assert failure(wrong) == BAD_SERVER_PROOF
    players = [bot(0, "alice", served.tokens[0]), bot(1, "bob", served.tokens[1])]
    for p in players:
        assert p.wait() == 0, p.output()
    assert served.proc.wait() == 0, served.proc.output()
    assert not any(d.timeout for d in read_log(served.log_path).decisions)
    assert verify(served.log_path).ok
    refusals = [r.get("event", "") for r in served.proc.stderr_records()]
    assert any("curve" in e for e in refusals), refusals
