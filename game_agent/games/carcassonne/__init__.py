"""Carcassonne (base game): the groundwork of the ruleset, pure data and functions only.

Not registered as a game yet (no settlements, requests or events). See docs/carcassonne.md and
/work/shared/rules/carcassonne.md.

Modules: `tiles` (the 24 kinds as data, ports and rotation), `board` (placed tiles, legal
placements), `features` (roads, cities, cloisters and farms across the board; follower
deployment), `scoring` (scoring during the game and at the end, farm variants).
"""
