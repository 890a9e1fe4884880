"""`sgs.runner.play` raises the collector's young threshold once for the process, never lowers
it, and leaves collection off when it is off; the games it plays do not depend on it."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from sgs.runner import YOUNG_THRESHOLD, fewer_collections, play


@pytest.fixture
def thresholds() -> Iterator[None]:
    saved = gc.get_threshold()
    enabled = gc.isenabled()
    yield
    gc.set_threshold(*saved)
    if enabled:
        gc.enable()


def test_play_raises_the_young_threshold(thresholds: None) -> None:
    gc.set_threshold(700, 10, 10)
    play("goofspiel", {}, 1, ["random"])
    assert gc.get_threshold() == (YOUNG_THRESHOLD, 10, 10)


def test_a_higher_threshold_or_collection_off_is_left_alone(thresholds: None) -> None:
    gc.set_threshold(50_000, 5, 5)
    fewer_collections()
    assert gc.get_threshold() == (50_000, 5, 5)
    gc.set_threshold(0, 10, 10)
    fewer_collections()
    assert gc.get_threshold() == (0, 10, 10)


def test_the_same_bytes_whatever_the_collector_does(thresholds: None, tmp_path: Path) -> None:
    gc.set_threshold(1, 1, 1)  # collect as often as possible: play raises it again
    play("sanguosha", {"players": 5}, 3, ["random"], tmp_path / "a.sgslog")
    gc.disable()
    play("sanguosha", {"players": 5}, 3, ["random"], tmp_path / "b.sgslog")
    assert (tmp_path / "a.sgslog").read_bytes() == (tmp_path / "b.sgslog").read_bytes()
