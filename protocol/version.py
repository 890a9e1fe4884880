"""The protocol version. It travels in `hello`; a peer with another version is refused."""

PROTOCOL_VERSION = 1
