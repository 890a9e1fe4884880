"""The exceptions the protocol package lets reach its callers: bad bytes on the wire
(`ProtocolError`), and a config, scenario or contract data file that is refused (`ConfigError`,
raised by the bounded TOML reader and the games' catalogues; the engine hands it on)."""


class ProtocolError(Exception):
    """Bad bytes, an unknown message or event type, a wrong field type, or an oversized frame.

    `code` is a short stable identifier (sent on the wire in `error.code`); the message is for
    people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


class ConfigError(ValueError):
    """A game config, scenario or data file that is refused, with a message for people."""
