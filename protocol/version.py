"""The protocol version. It travels in `hello`; a peer with another version is refused."""

PROTOCOL_VERSION = 2  # 2: requests carry `piles` (the `arrange` form)
