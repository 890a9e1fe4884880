"""The words the console shows, from `user_agent.words` (names, request descriptions, the
narrator) when it is there; each call falls back to the schemas' plain renderings otherwise, or
when the words module fails on something (presentation must never stop a game)."""

from __future__ import annotations

import contextlib
import importlib
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import structlog

from protocol.choices import RequestSpec
from protocol.errors import ProtocolError
from protocol.registry import Renderer, get_schema
from protocol.schemas import harmony as harmony_schema
from protocol.schemas import sanguosha as sgs_schema

log = structlog.get_logger("sgs.tui")


def _module(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(f"user_agent.words.{name}")
    except ImportError:
        return None


def _call(module: str, func: str, *args: Any) -> Any:
    """`user_agent.words.<module>.<func>(*args)`, or None when missing or failing."""
    mod = _module(module)
    fn = getattr(mod, func, None) if mod is not None else None
    if fn is None:
        return None
    try:
        return fn(*args)
    except Exception as exc:  # presentation only
        log.debug("words failed", func=f"{module}.{func}", reason=str(exc))
        return None


@dataclass
class RequestWords:
    title: str
    options: list[str]
    axes: list[list[str]] = field(default_factory=list)
    axis_names: list[str] = field(default_factory=list)
    option_seats: list[int | None] = field(default_factory=list)
    default: str = ""
    cancel: str = ""
    hint: str = ""
    piles: list[str] = field(default_factory=list)


FACTIONS_ZH = {"wei": "魏", "shu": "蜀", "wu": "吴", "qun": "群", "god": "神"}


def card_name(card: dict[str, Any] | None, lang: str = "en") -> str:
    got = _call("names", "card_name", card, lang)
    return str(got) if got is not None else sgs_schema.card_text(card)


def kind_name(kind: str, lang: str = "en") -> str:
    """A card kind's name alone (``indulgence`` -> ``Indulgence``)."""
    got = _call("names", "card_name", kind, lang)
    return str(got) if got is not None else kind.replace("_", " ").title()


def general_name(gid: str, lang: str = "en") -> str:
    got = _call("names", "general_name", gid, lang)
    if got is not None:
        return str(got)
    return sgs_schema.GENERAL_NAMES.get(gid, gid) if gid else "?"


def faction_name(faction: str, lang: str = "en") -> str:
    got = _call("names", "faction_name", faction, lang)
    if got is not None:
        return str(got)
    return FACTIONS_ZH.get(faction, faction) if lang == "zh" else faction.title()


def general_text(gid: str, lang: str = "en") -> str:
    got = _call("names", "general_text", gid, lang)
    return str(got) if got is not None else general_name(gid, lang)


def card_text(kind: str, lang: str = "en") -> str:
    got = _call("names", "card_text", kind, lang)
    return str(got) if got is not None else kind.replace("_", " ").title()


def describe(game: str, req: RequestSpec, view: Any, lang: str = "en") -> RequestWords:
    got = _call("requests", "describe", game, req, view, lang)
    if got is not None:
        try:
            return RequestWords(
                title=str(got.title),
                options=[str(o) for o in got.options],
                axes=[[str(o) for o in a] for a in getattr(got, "axes", []) or []],
                axis_names=[str(a) for a in getattr(got, "axis_names", []) or []],
                option_seats=list(getattr(got, "option_seats", []) or []),
                default=str(getattr(got, "default", "")),
                cancel="cancel" if getattr(got, "cancel", False) else "",
                hint=str(getattr(got, "hint", "") or ""),
                piles=[str(p) for p in getattr(got, "piles", []) or []],
            )
        except Exception as exc:  # a shape we do not know: the plain words below
            log.debug("request words unusable", reason=str(exc))
    return plain_describe(game, req)


def plain_describe(game: str, req: RequestSpec) -> RequestWords:
    try:
        render = get_schema(game).render_option
    except ProtocolError:
        render = None

    def show(o: Any) -> str:
        if render is not None:
            try:
                return render(req.kind, o)
            except Exception:  # presentation only
                pass
        if game == "harmony" and isinstance(o, str):
            if o in harmony_schema.ROLE_NAMES:
                return harmony_schema.ROLE_NAMES[o]
            if o in harmony_schema.ELEMENT_NAMES:
                return harmony_schema.ELEMENT_NAMES[o]
            if "/" in o:
                lane, row = o.split("/", 1)
                return f"{o} ({harmony_schema.ROW_WORDS.get(row, row)} row, lane {lane})"
        return str(o)

    title = req.kind.replace("_", " ")
    info = req.info
    if isinstance(info.get("prompt"), str):
        title = f"{title}: {info['prompt']}"
    elif req.kind == "discard" and "count" in info:
        title = f"discard {info['count']} card(s)"
    if req.form == "product":
        axes = [[show(o) for o in axis] for axis in req.options]
        names = (
            ["cell", "piece", "element"]
            if game == "harmony" and len(axes) == 3
            else [f"part {n + 1}" for n in range(len(axes))]
        )
        return RequestWords(title, [], axes, names, [], str(req.default))
    seats: list[int | None] = [
        o if isinstance(o, int) and req.kind in ("targets", "skill_targets") else None
        for o in req.options
    ]
    default = ""
    if isinstance(req.default, int) and 0 <= req.default < len(req.options):
        default = show(req.options[req.default])
    return RequestWords(
        title,
        [show(o) for o in req.options],
        option_seats=seats,
        default=default,
        cancel="cancel" if req.cancel else "",
    )


class Narrator:
    """Plain sentences for the log: `user_agent.words.narrate.Narrator` when it exists, else the
    schema's line renderer."""

    def __init__(self, game: str, seats: int, lang: str = "en") -> None:
        self.game = game
        self._inner: Any = None
        mod = _module("narrate")
        cls = getattr(mod, "Narrator", None) if mod is not None else None
        if cls is not None:
            try:
                self._inner = cls(game, seats, lang, None)
            except Exception as exc:
                log.debug("narrator unusable", reason=str(exc))
        self._line: Renderer | None = None
        with contextlib.suppress(ProtocolError):
            self._line = get_schema(game).renderer()

    def event(self, kind: str, data: dict[str, Any]) -> str | None:
        if self._inner is not None:
            try:
                got = self._inner.event(kind, data)
                if self._line is not None:  # keep the fallback's memory current
                    self._line(kind, data)
                return None if got is None else str(got)
            except Exception as exc:
                log.debug("narrator failed", kind=kind, reason=str(exc))
        if kind in ("phase_end", "turn_end"):
            return None
        if self._line is not None:
            try:
                return self._line(kind, data)
            except Exception:  # presentation only
                pass
        return f"{kind} " + " ".join(f"{k}={v}" for k, v in data.items())

    def decision(self, req: RequestSpec, choice: Any, timeout: bool) -> str:
        if self._inner is not None:
            try:
                return str(self._inner.decision(req, choice, timeout))
            except Exception as exc:
                log.debug("narrator failed", kind=req.kind, reason=str(exc))
        how = " (time ran out: the default)" if timeout else ""
        return f"seat {req.seat} answers {req.kind}: {choice}{how}"


def harmony_lines(view: Any) -> list[str] | None:
    got = _call("harmony_board", "board_lines", view)
    return [str(x) for x in got] if isinstance(got, list) else None
