"""`sgs arena`: tournaments of bots with a balanced, seeded schedule, run on local processes
or on Ray, summarised per bot and role with Wilson intervals and OpenSkill ratings.

Modules: `schedule` (who sits where in which game), `worker` (one chunk of games, a pure
function of its inputs), `backends` (process pool or Ray), `stats` (counts and intervals),
`ratings` (OpenSkill), `charts` (PNGs), `report` (Markdown and the text summary).
Docs: docs/arena.md.
"""
