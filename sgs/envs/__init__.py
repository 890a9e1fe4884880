"""PettingZoo AEC environments for the bundled games (docs/research.md).

    from sgs.envs import harmony_v0, carcassonne_v0, sanguosha_v0
    env = carcassonne_v0.env(config={"players": 3})
    env.reset(seed=1)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        ...

`core` holds the environment every game shares, `actions` the action space (requests as
successive picks, with masks), and `<game>_obs` each game's observation encoding.
"""
