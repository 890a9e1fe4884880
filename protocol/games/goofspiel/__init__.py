"""The goofspiel contract: its schema (events, request kinds), shared by both sides."""

from protocol.games.goofspiel.schema import SCHEMA

__all__ = ["SCHEMA"]
