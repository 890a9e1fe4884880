"""The sanguosha contract: its schema (events, request kinds), shared by both sides."""

from protocol.games.sanguosha.schema import SCHEMA

__all__ = ["SCHEMA"]
