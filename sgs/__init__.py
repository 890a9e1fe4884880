"""The `sgs` command: the one place that wires the four packages together.

`protocol`, `game_agent`, `user_agent` and `replays` keep their one-way imports; this package
sits above them all (an in-process host for simulations, and the command-line surface).
"""
