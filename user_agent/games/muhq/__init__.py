"""The muhq's game client: its view, words, bots, widgets and observation encoder."""

from user_agent.games.manifest import ClientGame, EnvEntry

ENV_DOC = """muhq's game as a PettingZoo AEC environment (a duel, or 2 players against the Kraken).

    from sgs.envs import muhq_v0
    env = muhq_v0.env(config={"mode": "kraken"})    # options: config={...}, log_dir="logs"

One agent per player seat; the Kraken is played by the ruleset and has no agent. Every request
is a `choice` (one step) except the discard, a `subset` of the hand (picks, then DONE). The
observation is the seat's view (its own hand; other hands and every deck as counts, and what
it can deduce of each side's hand and deck together):
the map, each side's cards, the action stack, the request and what each action picks, fields
in `user_agent.games.muhq.observe` and docs/research.md.
"""

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
    env=EnvEntry("muhq_v0", encoder="user_agent.games.muhq.observe:MuhqObs", doc=ENV_DOC),
    simulates=("user_agent.games.muhq.greedy",),
)
