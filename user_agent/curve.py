"""The client's side of CURVE: the keys set on a user agent's socket before it connects.

A user agent pins the server's public key: `apply_client(socket, "keys/bot1.key_secret",
"keys/server.key")` before `connect`, and the connection only ever completes with a server that
holds the matching secret key (see docs/security.md). The key files themselves are the
contract's (`protocol.curve`).
"""

from __future__ import annotations

from typing import Any

import zmq

from protocol.curve import KeyPair, StrPath, check_key, load_keypair, load_public


def set_client_keys(socket: zmq.Socket[Any], client: KeyPair, server_public: bytes) -> None:
    """Make `socket` a CURVE client of the server whose public key is `server_public`.

    Call before `connect`: the handshake then completes only with a server holding the
    matching secret key, and the server sees `client.public` (which it may refuse).
    """
    if socket.getsockopt(zmq.LAST_ENDPOINT):
        raise ValueError("set the CURVE keys before connect (the socket is already connected)")
    socket.curve_serverkey = check_key(server_public)
    socket.curve_publickey = check_key(client.public)
    socket.curve_secretkey = check_key(client.secret)


def apply_client(
    socket: zmq.Socket[Any], client_secret_file: StrPath, server_public_file: StrPath
) -> bytes:
    """Load the client's keypair and the server's public key, set them on `socket` (before
    `connect`). Returns the client's public key (Z85), e.g. for logging. Raises
    `CurveKeyError` naming the file if a key file is missing, unreadable or malformed."""
    server_public = load_public(server_public_file)
    client = load_keypair(client_secret_file)
    set_client_keys(socket, client, server_public)
    return client.public
