"""`sgs reference`: the bot authors' reference (protocol/PROTOCOL.md section 15), made from
the request contracts and seeded games (`sgs.reference`): print it, check the file, or write it."""

from __future__ import annotations

import argparse

from game_agent.games import GAMES
from sgs.errors import UsageError


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "reference",
        help="print every request kind's contract and example (PROTOCOL.md section 15)",
        description=(
            "The reference of each game's events and request kinds, made from the code: what "
            "each request decides, its options' shapes, its default, what nil means, and a "
            "real request with a legal reply from a seeded game."
        ),
    )
    p.add_argument("--game", choices=GAMES, help="print one game's part only")
    p.add_argument("--kind", help="with --game: print one request kind only")
    mode = p.add_mutually_exclusive_group()
    mode.add_argument(
        "--check",
        action="store_true",
        help="exit 1 when PROTOCOL.md's section or contract.schema.json is behind the code",
    )
    mode.add_argument(
        "--write",
        action="store_true",
        help="bring PROTOCOL.md's section and protocol/contract.schema.json up to date",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from protocol import contract
    from sgs import reference

    if (args.check or args.write) and (args.game or args.kind):
        raise UsageError("--check and --write take the whole section: leave out --game/--kind")
    if args.kind and not args.game:
        raise UsageError("--kind needs --game")
    if not reference.DOC.is_file() and (args.check or args.write):
        raise UsageError(f"no {reference.DOC} here (an installed copy has no docs to write)")
    if args.check:
        behind = list(reference.stale())
        code = 0
        if behind:
            shown = "; ".join(behind[:8]) + (
                f"; and {len(behind) - 8} more" if len(behind) > 8 else ""
            )
            print(f"protocol/PROTOCOL.md section 15 is behind the code in: {shown}")
            code = 1
        else:
            print("protocol/PROTOCOL.md section 15 is up to date")
        if not contract.is_current():
            print("protocol/contract.schema.json is behind the code")
            code = 1
        else:
            print("protocol/contract.schema.json is up to date")
        if code:
            print("run `sgs reference --write` and commit the result")
        return code
    if args.write:
        changed = reference.write()
        print(f"{reference.DOC}: {'rewritten' if changed else 'already up to date'}")
        written = contract.write()
        print(f"{contract.path()}: {'rewritten' if written else 'already up to date'}")
        return 0
    if args.kind:
        from protocol.registry import get_schema

        schema = get_schema(args.game)
        if args.kind not in schema.requests:
            kinds = ", ".join(schema.requests)
            raise UsageError(f"{args.game} has no request kind {args.kind!r}; its kinds: {kinds}")
        ex = reference.examples(args.game).get(args.kind)
        print("\n".join(reference.kind_section(schema, args.kind, ex)))
        return 0
    games = (args.game,) if args.game else GAMES
    print(reference.generated(games))
    return 0
