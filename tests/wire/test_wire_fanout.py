"""The fan-out's spliced event bytes are exactly the codec's, with per-seat views and seqs."""

from __future__ import annotations

from game_agent.engine import SPECTATOR, view_for
from game_agent.server.fanout import Fanout
from protocol.codec import decode, encode
from protocol.messages import EventMsg
from sgs.runner import play


def test_fanout_bytes_equal_the_codec_and_follow_visibility() -> None:
    game = play("sanguosha", {"players": 4}, 12, ["random"]).game
    fan = Fanout(game.seats)
    sent = fan.add(game.events)
    for seat in [*range(game.seats), SPECTATOR]:
        views = [v for v in (view_for(ev, seat) for ev in game.events) if v is not None]
        kinds = [ev.kind for ev in game.events if view_for(ev, seat) is not None]
        mine = [blob for s, blob in sent if s == seat]
        assert len(mine) == len(views) == fan.last_seq(seat) + 1
        for seq, (blob, kind, data) in enumerate(zip(mine, kinds, views, strict=True)):
            assert blob == encode(EventMsg(seq, kind, data))
            assert decode(blob) == EventMsg(seq, kind, data)
        assert fan.since(seat, 2) == mine[3:]
