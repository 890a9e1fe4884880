"""The Carcassonne client: its view, words, bots and widgets."""

from user_agent.games.manifest import ClientGame, EnvEntry

ENV_DOC = """Carcassonne as a PettingZoo AEC environment (2 to 5 agents).

    from sgs.envs import carcassonne_v0
    env = carcassonne_v0.env(config={"players": 3, "farm_scoring": "per_city_4"})

Each turn is one `place_tile` step (action i = legal placement i) and, when a follower can be
deployed, one `deploy` step (the free segments, then skip). Observation fields:
`user_agent.games.carcassonne.observe`.
"""

CLIENT = ClientGame(
    "carcassonne",
    view="user_agent.games.carcassonne.view:make_view",
    title="Carcassonne",
    words="user_agent.games.carcassonne.words:WORDS",
    console="user_agent.games.carcassonne.console:CONSOLE",
    report="user_agent.games.carcassonne.report:REPORT",
    screen="user_agent.games.carcassonne.screen:SCREEN",
    web="user_agent.games.carcassonne.web:WEB",
    bots={
        "greedy": "user_agent.games.carcassonne.greedy:GreedyBot",
        "mcts": "sgs.search.bot:MctsBot",
    },
    search="user_agent.games.carcassonne.search:HOOKS",
    env=EnvEntry(
        "carcassonne_v0",
        encoder="user_agent.games.carcassonne.observe:CarcassonneObs",
        doc=ENV_DOC,
    ),
    simulates=("user_agent.games.carcassonne.greedy",),
)
