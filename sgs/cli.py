"""`sgs`: every subcommand lives in `sgs/commands/<name>.py` with `add_parser` and `run`."""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from collections.abc import Sequence

import sgs.commands
from sgs.errors import UsageError
from sgs.structured_logging import configure


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sgs",
        description="An event-sourced game server: simulate, serve, join, watch and replay games.",
        epilog="Run `sgs COMMAND --help` for a command's options. Docs: README.md, docs/.",
    )
    parser.add_argument("--log-level", default=None, help="debug, info (default), warning")
    parser.add_argument("--log-json", action="store_true", help="JSON log lines on stderr")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(sgs.commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"sgs.commands.{info.name}")
        module.add_parser(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    configure(args.log_level, True if args.log_json else None)
    try:
        code: int = args.run(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:  # e.g. `sgs replay FILE | head`: the reader left, not an error
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    return code


if __name__ == "__main__":
    sys.exit(main())
