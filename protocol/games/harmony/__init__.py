"""The harmony contract: its schema (events, request kinds), shared by both sides."""

from protocol.games.harmony.schema import SCHEMA

__all__ = ["SCHEMA"]
