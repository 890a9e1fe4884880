"""The muhq contract, shared by both sides: its schema (events, request kinds), the card and map
catalogue (`content`, with the bundled data files), and the state a game or a seat's view folds
its events into (`state`)."""

from protocol.games.muhq.schema import SCHEMA

__all__ = ["SCHEMA"]
