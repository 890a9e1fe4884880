"""The lobby's admission counters, unit by unit (the processes are in test_lobby_limits)."""

from __future__ import annotations

from game_agent.server.admission import Admission, Limits, source_key


def test_an_ipv6_host_is_one_source_by_its_64_bit_prefix() -> None:
    assert source_key("2001:db8:1:2:aaaa::1") == source_key("2001:db8:1:2:ffff::9")
    assert source_key("2001:db8:1:2::1") != source_key("2001:db8:1:3::1")
    assert source_key("::ffff:10.1.2.3") == source_key("::ffff:10.1.2.3")
    assert source_key("127.0.0.1") == "127.0.0.1"
    assert source_key("") == ""  # ipc peers: one source


def test_unproven_places_are_capped_per_source_and_freed_when_settled() -> None:
    a = Admission(Limits(max_unproven=2, max_tables_per_source=1, max_waiting=10, max_tables=5))
    for _ in range(2):
        assert a.refuse("h", 0, 0) is None
        a.queued("h")
    refused = a.refuse("h", 0, 0)
    assert refused is not None and refused[0] == "source_busy"
    assert a.refuse("other", 0, 0) is None  # another address is not held back
    a.settled("h")
    assert a.refuse("h", 0, 0) is None
    a.table_opened({"h"})
    refused = a.refuse("h", 0, 0)
    assert refused is not None and "open tables" in refused[1]
    a.table_closed({"h"})
    assert a.refuse("h", 0, 0) is None
    full = a.refuse("h", 10, 0)
    assert full is not None and full[0] == "lobby_full"
    assert a.refused == {"source_busy": 2, "lobby_full": 1}


def test_an_allow_list_lifts_the_per_source_caps_but_not_the_totals() -> None:
    a = Admission(Limits(max_unproven=1, max_tables=3), per_source=False)
    for _ in range(5):
        a.queued("h")
    assert a.refuse("h", 0, 0) is None
    refused = a.refuse("h", 0, 3)
    assert refused is not None and refused[0] == "lobby_full"
