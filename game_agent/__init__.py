"""The game agent: the single authority of a table (engine, rulesets, server)."""
