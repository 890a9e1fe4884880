"""The protocol version. It travels in `hello`; a peer with another version is refused."""

PROTOCOL_VERSION = 4  # 2: requests carry `piles`; 3: token-free handshake, lobby, epochs;
# 4: `moved` (a table served at another endpoint: a lobby over worker processes)
