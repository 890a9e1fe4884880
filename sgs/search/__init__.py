"""Search bots for research: information-set Monte Carlo tree search on samples of the live
game (`Bot.sampler`), valued by each game's `user_agent.search.SearchHooks`.

- `sampler`: the host's side, `LiveSampler` (what `sgs.runner.drive` gives a bot that asks).
- `budget`: the bot's options (`mcts:iterations=200`, `mcts:time=0.5`, ...).
- `actions`: the candidate replies of a request and their keys (stable across samples).
- `tree`: nodes and the selection rule (UCB with availability counts, progressive widening).
- `mcts`: the search itself, one determinization per iteration.
- `bot`: `MctsBot`, the `mcts` of each game's client manifest.

Nothing here names a game: a game takes part by naming its hooks in its client manifest
(`ClientGame.search`) and `sgs.search.bot:MctsBot` among its bots.
"""
