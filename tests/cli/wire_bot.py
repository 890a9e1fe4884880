"""A small bot speaking the wire, for `sgs botcheck --exec` (tests/cli/test_botcheck.py): it
reads the connection from its environment as docs/botcheck.md says, and answers every request
with a random legal reply, or (argv[1] == "single-int") a subset request with one integer.
A second argument must be its seat (`--exec '... wire_bot.py ok {seat}'`), else it exits 3."""

from __future__ import annotations

import os
import random
import sys

from protocol.choices import RequestSpec
from protocol.messages import Bye, RequestMsg
from user_agent.bot import random_legal
from user_agent.client import Client


def main() -> int:
    wrong = sys.argv[1] if len(sys.argv) > 1 else ""
    if len(sys.argv) > 2 and sys.argv[2] != os.environ["SGS_SEAT"]:
        print(f"wire_bot: told seat {sys.argv[2]!r}, not {os.environ['SGS_SEAT']}", file=sys.stderr)
        return 3
    client = Client(
        os.environ["SGS_CONNECT"],
        seat=int(os.environ["SGS_SEAT"]),
        token=os.environ["SGS_TOKEN"],
        table=os.environ["SGS_TABLE"],
    )
    rng = random.Random(int(os.environ["SGS_BOT_SEED"]))
    client.connect()
    while not client.finished:
        for msg in client.poll(1.0):
            if isinstance(msg, Bye):
                break
            if isinstance(msg, RequestMsg):
                w = msg.request
                req = RequestSpec(
                    w["id"], w["seat"], w["kind"], w["form"], w["options"], w["default"],
                    w["min"], w["max"], w["cancel"], w["info"], w["piles"],
                )  # fmt: skip
                if wrong == "single-int" and req.form == "subset":
                    client.reply(req.id, 0)
                else:
                    client.reply(req.id, random_legal(req, rng))
    client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
