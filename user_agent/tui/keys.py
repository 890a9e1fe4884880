"""The key bar in the reader's language: the descriptions of the full-screen apps' key
bindings (the Footer shows them) by action, as ids of the shell's catalogue. English keeps the
descriptions the bindings are declared with; another language gets a copy of the node's
bindings with each description it has an id for replaced (`localize`)."""

from __future__ import annotations

import dataclasses

from textual.binding import BindingsMap
from textual.dom import DOMNode

from user_agent.words.lang import SOURCE
from user_agent.words.messages import SHELL

# action -> the catalogue id of its description
KEY_WORDS: dict[str, str] = {
    "help": "tui.key.help",
    "quit_app": "tui.key.quit",
    "next_seat_text": "tui.key.seat_text",
    "dismiss_help": "tui.key.close",
    "dismiss_jump": "tui.key.close",
    "move(-1)": "tui.key.up",
    "move(1)": "tui.key.down",
    "confirm": "tui.key.choose",
    "mark": "tui.key.mark",
    "default": "tui.key.default",
    "cancel": "tui.key.cancel",
    "undo": "tui.key.back",
    "about": "tui.key.about",
    "step(1)": "replay.key.forward",
    "step(-1)": "replay.key.back",
    "decision(1)": "replay.key.next_decision",
    "decision(-1)": "replay.key.prev_decision",
    "turn(1)": "replay.key.next_turn",
    "turn(-1)": "replay.key.prev_turn",
    "goto(0)": "replay.key.start",
    "goto(-1)": "replay.key.end",
    "ask('decision')": "replay.key.jump_decision",
    "ask('turn')": "replay.key.jump_turn",
}


def localize(node: DOMNode, lang: str) -> None:
    """Put `node`'s key descriptions in `lang` (its own copy: the class's stay English)."""
    if lang == SOURCE:
        return
    keys = {
        key: [
            dataclasses.replace(b, description=SHELL(lang, KEY_WORDS[b.action]))
            if b.action in KEY_WORDS and b.description
            else b
            for b in bindings
        ]
        for key, bindings in node._bindings.key_to_bindings.items()
    }
    node._bindings = BindingsMap.from_keys(keys)
