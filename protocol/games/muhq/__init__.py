"""The muhq contract: its schema (events, request kinds), shared by both sides."""

from protocol.games.muhq.schema import SCHEMA

__all__ = ["SCHEMA"]
