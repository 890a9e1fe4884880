"""The seat handshake's proofs (protocol 3): the token never travels.

    agent  -> hello(seat, nonce=a)
    server -> challenge(table, nonce=s, proof=server_proof(token, table, seat, a, s))
    agent     checks the proof (the server knows the token: it is the real table), then
    agent  -> auth(proof=agent_proof(token, table, seat, a, s))
    server -> welcome

Each proof is HMAC-SHA256 keyed by the token (its UTF-8 bytes) over a role-tagged message, in
hex. The roles differ, so the server's proof can never be replayed as an agent's; both nonces are
fresh per handshake, so a recorded proof is worth nothing later. An impostor that took the
server's port after a crash cannot produce `challenge.proof`, and learns nothing it could turn
into the token (128 random bits) from a `hello`.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

NONCE_HEX = 32  # 16 random bytes


def new_nonce() -> str:
    return secrets.token_hex(NONCE_HEX // 2)


def is_nonce(value: str) -> bool:
    return len(value) == NONCE_HEX and all(c in "0123456789abcdef" for c in value)


def _proof(role: str, token: str, table: str, seat: int, agent: str, server: str) -> str:
    msg = f"sgs-{role}\n{table}\n{seat}\n{agent}\n{server}".encode()
    return hmac.new(token.encode(), msg, hashlib.sha256).hexdigest()


def server_proof(token: str, table: str, seat: int, agent_nonce: str, server_nonce: str) -> str:
    return _proof("server", token, table, seat, agent_nonce, server_nonce)


def agent_proof(token: str, table: str, seat: int, agent_nonce: str, server_nonce: str) -> str:
    return _proof("agent", token, table, seat, agent_nonce, server_nonce)


def same(a: str, b: str) -> bool:
    """Constant-time comparison of two proofs."""
    return hmac.compare_digest(a.encode(), b.encode())
