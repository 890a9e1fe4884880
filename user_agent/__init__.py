"""User agents: bot SDK, bundled bots, per-game views, the connection client and consoles."""
