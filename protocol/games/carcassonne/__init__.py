"""The carcassonne contract: its schema (events, request kinds), shared by both sides."""

from protocol.games.carcassonne.schema import SCHEMA

__all__ = ["SCHEMA"]
