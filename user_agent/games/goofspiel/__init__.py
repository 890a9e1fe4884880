"""The Goofspiel client: its view, words, bot and observation encoder."""

from user_agent.games.manifest import ClientGame, EnvEntry

ENV_DOC = """Goofspiel as a PettingZoo AEC environment (2 agents, sealed bids, hidden prize order).

    from sgs.envs import goofspiel_v0
    env = goofspiel_v0.env(config={"cards": 13})    # options: config={...}, log_dir="logs"

Both players are asked for their bid at once; the environment asks them one after the other
(player_0 first), and player_1's observation never shows player_0's card before the reveal.
An action picks one card of the hand (options ascending). Observation fields:
`user_agent.games.goofspiel.observe`.
"""

CLIENT = ClientGame(
    "goofspiel",
    view="user_agent.games.goofspiel.view:make_view",
    title="Goofspiel",
    words="user_agent.games.goofspiel.words:WORDS",
    bots={"greedy": "user_agent.games.goofspiel.greedy:GreedyBot"},
    env=EnvEntry(
        "goofspiel_v0",
        encoder="user_agent.games.goofspiel.observe:GoofspielObs",
        doc=ENV_DOC,
    ),
)
