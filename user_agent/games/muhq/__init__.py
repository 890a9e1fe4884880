"""The muhq's game client: its view, words, bots and widgets."""

from user_agent.games.manifest import ClientGame

CLIENT = ClientGame(
    "muhq",
    view="user_agent.games.muhq.view:make_view",
    title="muhq's game",
    words="user_agent.games.muhq.words:WORDS",
    console="user_agent.games.muhq.console:CONSOLE",
    report="user_agent.games.muhq.report:REPORT",
    screen="user_agent.games.muhq.screen:SCREEN",
    web="user_agent.games.muhq.web:WEB",
    bots={
        "greedy": "user_agent.games.muhq.greedy:GreedyBot",
    },
    simulates=("user_agent.games.muhq.greedy",),
)
