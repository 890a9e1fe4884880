"""`sgs keys`: make a CURVE keypair for a server or an agent, or show a key file's public key.

    sgs keys keys/ --name server        # keys/server.key, keys/server.key_secret (0600)
    sgs keys keys/ --name bot1          # then copy keys/bot1.key into the allow-list directory
    sgs keys --show keys/server.key     # print the public key, to compare over a trusted channel

See docs/security.md.
"""

from __future__ import annotations

import argparse
import sys

from protocol.curve import (
    CurveKeyError,
    KeyExistsError,
    check_name,
    load_keypair,
    parse_key_file,
    write_keypair,
)


def add_parser(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "keys",
        help="generate a CURVE keypair (NAME.key, NAME.key_secret) for encrypted tables",
        description="Generate a CURVE keypair for `sgs serve --curve-secret` or an agent's "
        "--client-key: DIR/NAME.key (public, share it) and DIR/NAME.key_secret (secret, mode "
        "0600). An existing key is never replaced without --force. See docs/security.md.",
    )
    p.add_argument("dir", nargs="?", metavar="DIR", help="where to write the key files")
    p.add_argument(
        "--name", default="server", help="file name stem: NAME.key, NAME.key_secret (server)"
    )
    p.add_argument("--force", action="store_true", help="replace an existing key of that name")
    p.add_argument(
        "--show",
        nargs="+",
        metavar="FILE",
        default=None,
        help="instead: print the public key held in each key file (public or secret)",
    )
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.show is not None:
        if args.dir is not None:
            return _fail("give either DIR (to generate a key) or --show FILE, not both", 2)
        return _show(args.show)
    if args.dir is None:
        return _fail("give a directory for the key files, e.g. `sgs keys keys/ --name bot1`", 2)
    try:
        check_name(args.name)
    except ValueError as exc:
        return _fail(str(exc), 2)
    try:
        public_path, secret_path, pair = write_keypair(args.dir, args.name, force=args.force)
    except KeyExistsError as exc:
        return _fail(f"{exc} (pass --force to replace it; clients pinned to it would break)", 1)
    except CurveKeyError as exc:
        return _fail(str(exc), 1)
    print(f"public key: {pair.public.decode()}")
    print(f"public:  {public_path}   (share it; a server allows a client by this file)")
    print(f"secret:  {secret_path}   (mode 0600; never share it)")
    return 0


def _show(files: list[str]) -> int:
    code = 0
    for path in files:
        try:
            public, secret = parse_key_file(path)
            if secret is not None:
                public = load_keypair(path).public
        except CurveKeyError as exc:
            print(f"error: {exc}", file=sys.stderr)
            code = 1
            continue
        kind = "secret key file" if secret is not None else "public key file"
        print(f"{path}: {public.decode() if public else '?'}   ({kind})")
    return code


def _fail(message: str, code: int) -> int:
    print(f"error: {message}", file=sys.stderr)
    return code
