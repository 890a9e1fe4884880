"""The parts of the `smart` Sanguosha AI (`user_agent/games/sanguosha/smart.py`), one job each:
`tables` (data), `beliefs` (role inference), `situation` (one decision's facts), `values` (card
values), `targets` (whom to aim at), `play` (the play menu), `respond` (responses), `skills`
(skill policies), `choices` (the other requests), `plan` (the play menu's intent)."""
