"""The carcassonne contract, shared by both sides: its schema (events, request kinds), the tiles
(`tiles`), the grid (`geometry`) and the features a board folds into (`regions`)."""

from protocol.games.carcassonne.schema import SCHEMA

__all__ = ["SCHEMA"]
