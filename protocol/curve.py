"""CURVE keys for the sgs wire: key files and z85 keys.

What both sides read (the key file format, loading and writing keys, the allow-list directory).
No socket is touched here: the server's side of CURVE (the authenticator, its socket options) is
`game_agent.server.curve`, the client's (the keys set on its socket) `user_agent.curve`.

A CURVE key is 32 bytes, written as 40 characters of Z85 (ZeroMQ's base-85). Key files use
ZeroMQ's certificate format (what czmq and `zmq.auth.create_certificates` write), so they work
with other ZeroMQ tools:

    NAME.key         the public key: share it (servers keep clients' ones in an allow-list dir)
    NAME.key_secret  the keypair: never share it; `write_keypair` creates it with mode 0600

    #   ZeroMQ CURVE Public Certificate
    metadata
        name = "bot1"
    curve
        public-key = "rq:rM>}U?@Lns47E1%kR.o@n%FcmmsL/@{H8]yf7"

A public key file may also be a single line holding the 40-character key (what `sgs keys`
prints), which is handy for keys made by other tools. Every loader raises `CurveKeyError`, whose
message names the file and what is wrong with it.

A user agent pins the server's public key (`user_agent.curve.apply_client`), and the
connection only ever completes with a server that holds the matching secret key (see
docs/security.md).
"""

from __future__ import annotations

import contextlib
import datetime
import os
import re
import secrets
import stat
from pathlib import Path
from typing import NamedTuple

import structlog
import zmq
from zmq.utils import z85

log = structlog.get_logger("sgs.curve")

PUBLIC_SUFFIX = ".key"
SECRET_SUFFIX = ".key_secret"
KEY_CHARS = 40  # Z85 of 32 bytes
MAX_KEY_FILE_BYTES = 64 * 1024
_Z85 = re.compile(rb"[0-9a-zA-Z.\-:+=^!/*?&<>()\[\]{}@%$#]{40}")
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,63}")
_FIELD = re.compile(rb"(public-key|secret-key)\s*=\s*(.*)")

StrPath = str | os.PathLike[str]


class CurveError(Exception):
    """A CURVE setup problem an operator has to fix (keys, allow-list)."""


class CurveKeyError(CurveError):
    """A key file or key directory that cannot be used; the message names the path."""

    def __init__(self, path: StrPath, problem: str) -> None:
        self.path = str(path)
        self.problem = problem
        super().__init__(f"{self.path}: {problem}")


class KeyExistsError(CurveKeyError):
    """`write_keypair` refused to replace an existing key file."""


class KeyPair(NamedTuple):
    """A CURVE keypair, both keys as 40 bytes of Z85."""

    public: bytes
    secret: bytes


# --- keys ---------------------------------------------------------------------------------------


def check_key(value: bytes | str) -> bytes:
    """`value` as a 40-byte Z85 key; ValueError if it is not one."""
    raw = value.encode("ascii", "replace") if isinstance(value, str) else bytes(value)
    if _Z85.fullmatch(raw) is None:
        raise ValueError(f"not a {KEY_CHARS}-character Z85 CURVE key")
    if len(z85.decode(raw)) != 32:  # pragma: no cover - 40 Z85 characters are always 32 bytes
        raise ValueError("not a 32-byte CURVE key")
    return raw


def generate_keypair() -> KeyPair:
    public, secret = zmq.curve_keypair()
    return KeyPair(public, secret)


# --- writing ------------------------------------------------------------------------------------

_BANNER = {
    False: "#   ZeroMQ CURVE Public Certificate\n"
    "#   Share this file: a server keeps its clients' public keys in its allow-list directory,\n"
    "#   clients pin the server's public key. Compare keys over a trusted channel.\n",
    True: "#   ZeroMQ CURVE **Secret** Certificate\n"
    "#   DO NOT PROVIDE THIS FILE TO OTHER USERS nor change its permissions.\n",
}


def key_file_text(name: str, pair: KeyPair, *, secret: bool) -> str:
    """A certificate in ZeroMQ's format (the public one unless `secret`)."""
    stamp = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
    lines = [
        f"#   ****  Generated on {stamp} by sgs keys  ****",
        _BANNER[secret],
        "metadata",
        f'    name = "{name}"',
        "curve",
        f'    public-key = "{pair.public.decode("ascii")}"',
    ]
    if secret:
        lines.append(f'    secret-key = "{pair.secret.decode("ascii")}"')
    return "\n".join(lines) + "\n"


def key_paths(directory: StrPath, name: str) -> tuple[Path, Path]:
    """(public, secret) file paths for key `name` in `directory`."""
    base = Path(directory)
    return base / f"{name}{PUBLIC_SUFFIX}", base / f"{name}{SECRET_SUFFIX}"


def check_name(name: str) -> str:
    if _NAME.fullmatch(name) is None:
        raise ValueError(
            f"bad key name {name!r}: use 1-64 letters, digits, '.', '_' or '-' "
            "(starting with a letter or digit)"
        )
    return name


def write_keypair(
    directory: StrPath, name: str, *, force: bool = False, pair: KeyPair | None = None
) -> tuple[Path, Path, KeyPair]:
    """Write a new keypair as `DIR/NAME.key` (mode 0644) and `DIR/NAME.key_secret` (0600).

    The directory is created (mode 0700) if missing. An existing key file is never replaced
    unless `force` (then each file is replaced atomically); the secret file is created with
    mode 0600 from the start, never written with a wider mode first.
    Returns (public path, secret path, keypair).
    """
    check_name(name)
    pair = pair or generate_keypair()
    public_path, secret_path = key_paths(directory, name)
    try:
        Path(directory).mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise CurveKeyError(directory, f"cannot create the key directory: {_why(exc)}") from exc
    if not force:
        for path in (secret_path, public_path):
            if os.path.lexists(path):
                raise KeyExistsError(path, "already exists; refusing to overwrite a key")
    _write(secret_path, key_file_text(name, pair, secret=True), 0o600, replace=force)
    _write(public_path, key_file_text(name, pair, secret=False), 0o644, replace=force)
    return public_path, secret_path, pair


def _write(path: Path, text: str, mode: int, *, replace: bool) -> None:
    """Create `path` with `mode` (O_EXCL: never through an existing file or symlink)."""
    target = path.with_name(f".{path.name}.{secrets.token_hex(4)}.tmp") if replace else path
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(target, flags, mode)
    except FileExistsError as exc:
        raise KeyExistsError(path, "already exists; refusing to overwrite a key") from exc
    except OSError as exc:
        raise CurveKeyError(path, f"cannot create: {_why(exc)}") from exc
    try:
        with os.fdopen(fd, "w", encoding="ascii") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if replace:
            os.replace(target, path)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.unlink(target)
        raise CurveKeyError(path, f"cannot write: {_why(exc)}") from exc


# --- reading ------------------------------------------------------------------------------------


def _why(exc: OSError) -> str:
    if isinstance(exc, FileNotFoundError):
        return "no such file or directory"
    if isinstance(exc, PermissionError):
        return "permission denied"
    if isinstance(exc, IsADirectoryError):
        return "is a directory, not a key file"
    return exc.strerror or str(exc)


def _read(path: StrPath) -> bytes:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_KEY_FILE_BYTES + 1)
    except OSError as exc:
        raise CurveKeyError(path, f"cannot read the key file: {_why(exc)}") from exc
    if len(data) > MAX_KEY_FILE_BYTES:
        raise CurveKeyError(path, f"too large for a key file (over {MAX_KEY_FILE_BYTES} bytes)")
    return data


def parse_key_file(path: StrPath, data: bytes | None = None) -> tuple[bytes | None, bytes | None]:
    """(public key, secret key) found in a key file; either may be None. Keys are checked."""
    text = _read(path) if data is None else data
    found: dict[bytes, bytes] = {}
    content: list[bytes] = []
    for number, raw_line in enumerate(text.splitlines(), 1):
        line = raw_line.strip()
        if not line or line.startswith(b"#"):
            continue
        content.append(line)
        m = _FIELD.fullmatch(line)
        if m is None:
            continue
        field, value = m.group(1), m.group(2).strip().strip(b"\"'")
        if field in found:
            raise CurveKeyError(path, f"line {number}: {field.decode()} given twice")
        try:
            found[field] = check_key(value)
        except ValueError:
            raise CurveKeyError(
                path, f"line {number}: {field.decode()} is not a {KEY_CHARS}-character Z85 key"
            ) from None
    if not found and len(content) == 1:  # a bare key on one line (a public key)
        try:
            return check_key(content[0]), None
        except ValueError:
            pass
    if not found:
        raise CurveKeyError(
            path,
            "not a CURVE key file: no 'public-key = \"…\"' line "
            f"(expected a ZeroMQ certificate or a single {KEY_CHARS}-character Z85 key)",
        )
    return found.get(b"public-key"), found.get(b"secret-key")


def load_public(path: StrPath) -> bytes:
    """The public key in a public key file (`NAME.key`), as 40 bytes of Z85.

    A file holding a secret key is refused: a public key file is meant to be copied around.
    """
    public, secret = parse_key_file(path)
    if secret is not None:
        raise CurveKeyError(
            path,
            f"holds a secret key; give the public key file ({PUBLIC_SUFFIX}), "
            f"never a {SECRET_SUFFIX} file",
        )
    if public is None:  # pragma: no cover - parse_key_file found a secret-key or raised
        raise CurveKeyError(path, "no public-key line")
    return public


def load_keypair(path: StrPath) -> KeyPair:
    """The keypair in a secret key file (`NAME.key_secret`); the two keys must belong together.

    Logs a warning if other users may read the file.
    """
    public, secret = parse_key_file(path)
    if secret is None:
        raise CurveKeyError(
            path,
            f"holds no secret key (is this a public {PUBLIC_SUFFIX} file? "
            f"give the {SECRET_SUFFIX} file)",
        )
    derived = zmq.curve_public(secret)
    if public is not None and public != derived:
        raise CurveKeyError(path, "its public-key does not belong to its secret-key")
    _warn_if_exposed(path)
    return KeyPair(derived, secret)


def _warn_if_exposed(path: StrPath) -> None:
    if os.name != "posix":
        return
    with contextlib.suppress(OSError):
        mode = os.stat(path).st_mode
        if mode & 0o077:
            log.warning(
                "secret key file readable by other users",
                path=str(path),
                mode=oct(stat.S_IMODE(mode)),
                fix=f"chmod 600 {path}",
            )


def load_allow_dir(directory: StrPath) -> dict[bytes, Path]:
    """The public keys in `DIR/*.key` (files starting with '.' skipped): key -> file.

    Every file must be a valid public key file; an empty directory is an error (an allow-list
    that lets nobody in is almost certainly a mistake).
    """
    base = Path(directory)
    try:
        entries = sorted(base.iterdir())
    except NotADirectoryError as exc:
        raise CurveKeyError(directory, "not a directory (give the allow-list directory)") from exc
    except OSError as exc:
        raise CurveKeyError(
            directory, f"cannot read the allow-list directory: {_why(exc)}"
        ) from exc
    keys: dict[bytes, Path] = {}
    for entry in entries:
        if not entry.name.endswith(PUBLIC_SUFFIX) or entry.name.startswith("."):
            continue
        keys.setdefault(load_public(entry), entry)
    if not keys:
        raise CurveKeyError(
            directory,
            f"no public key files (*{PUBLIC_SUFFIX}) in the allow-list directory; "
            f"copy the clients' NAME{PUBLIC_SUFFIX} files into it",
        )
    return keys
