"""The one exception the protocol package lets reach its callers."""


class ProtocolError(Exception):
    """Bad bytes, an unknown message or event type, a wrong field type, or an oversized frame.

    `code` is a short stable identifier (sent on the wire in `error.code`); the message is for
    people.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message
