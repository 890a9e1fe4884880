"""The protocol version. It travels in `hello`; a peer with another version is refused."""

PROTOCOL_VERSION = 5  # 2: requests carry `piles`; 3: token-free handshake, lobby, epochs;
# 4: `moved` (a table served at another endpoint: a lobby over worker processes);
# 5: a frame from the game agent may hold several messages (one frame per seat per step)
