"""The Sanguosha client: its view, words, bots and widgets."""

from user_agent.games.manifest import ClientGame, EnvEntry, RoleWords

ENV_DOC = """Sanguosha as a PettingZoo AEC environment (2 to 10 agents: identity mode, or 1v1).

    from sgs.envs import sanguosha_v0
    env = sanguosha_v0.env(config={"players": 5})      # or {"mode": "1v1"}

Every request maps onto the same actions: a `choice` is one step, a `subset` (targets, cards to
discard or give) is built pick by pick and closed with DONE, an `arrange` (Guanxing, Yiji) item
by item, pile by pile. Rewards follow the teams of identity mode: every winner +1 (the lord's
side, the rebels, or the renegade), everyone else -1. Observation fields:
`user_agent.games.sanguosha.observe`.
"""

CLIENT = ClientGame(
    "sanguosha",
    view="user_agent.games.sanguosha.view:make_view",
    title="Sanguosha",
    words="user_agent.games.sanguosha.words:WORDS",
    console="user_agent.games.sanguosha.console:CONSOLE",
    report="user_agent.games.sanguosha.report:REPORT",
    screen="user_agent.games.sanguosha.screen:SCREEN",
    web="user_agent.games.sanguosha.web:WEB",
    passes="user_agent.games.sanguosha.passes:PASSES",
    roles=RoleWords(
        games="two rebels in one game are two rebel games",
        teams="the lord's side, the rebels, each renegade (1v1: each seat)",
    ),
    bots={
        "smart": "user_agent.games.sanguosha.smart:SmartBot",
        "mcts": "sgs.search.bot:MctsBot",
    },
    search="user_agent.games.sanguosha.search:HOOKS",
    env=EnvEntry(
        "sanguosha_v0",
        encoder="user_agent.games.sanguosha.observe:SanguoshaObs",
        doc=ENV_DOC,
    ),
)
