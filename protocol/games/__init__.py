"""Each game's contract, one package per game: `protocol.games.<game>` holds what both sides need
(its schema and the catalogue a client shows). `protocol.registry.get_schema(name)` imports it on
first use, so a new game needs no line here."""
