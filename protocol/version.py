"""The protocol version. It travels in `hello`; a peer with another version is refused."""

PROTOCOL_VERSION = 3  # 2: requests carry `piles`; 3: token-free handshake, lobby, epochs
