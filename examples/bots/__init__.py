"""The example bots of docs/bots.md, one per game: `sgs sim --bots examples.bots.<game>_bot:Bot`."""
