"""The Harmony of Elements client: its view, words, bots and widgets."""

from user_agent.games.manifest import ClientGame, EnvEntry

ENV_DOC = """Harmony of Elements as a PettingZoo AEC environment (2 agents, perfect information).

    from sgs.envs import harmony_v0
    env = harmony_v0.env(render_mode="ansi")        # options: config={...}, log_dir="logs"

A placement (`place_piece`: cell x role x element) takes three steps of the same agent: the
cell, then the role, then the element. Observation fields: `user_agent.games.harmony.observe`.
"""

CLIENT = ClientGame(
    "harmony",
    view="user_agent.games.harmony.view:make_view",
    title="Harmony of Elements",
    words="user_agent.games.harmony.words:WORDS",
    console="user_agent.games.harmony.console:CONSOLE",
    report="user_agent.games.harmony.report:REPORT",
    screen="user_agent.games.harmony.screen:SCREEN",
    web="user_agent.games.harmony.web:WEB",
    seat_names=("south", "north"),
    bots={
        "greedy": "user_agent.games.harmony.greedy:GreedyBot",
        "medium": "user_agent.games.harmony.medium:MediumBot",
    },
    env=EnvEntry(
        "harmony_v0",
        encoder="user_agent.games.harmony.observe:HarmonyObs",
        doc=ENV_DOC,
    ),
    simulates=("user_agent.games.harmony.greedy", "user_agent.games.harmony.medium"),
)
