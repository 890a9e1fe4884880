"""Names for ids: cards, generals, skills, factions, roles, phases and reasons, in English or
Chinese (``lang="zh"``; English where no Chinese name is known), and the rules text of cards
and generals. Unknown ids are shown with spaces for underscores, never raw."""

from __future__ import annotations

import re
from typing import Any

from protocol.games.sanguosha.catalogue import KINDS, RANK_SIGN, SUIT_SIGN
from protocol.games.sanguosha.generals import FACTIONS, GENERALS
from protocol.games.sanguosha.rulebook import ROLES
from protocol.games.sanguosha.skills import SKILLS
from user_agent.games.sanguosha.messages import (
    PHASE,
    PROMPT_PATTERNS,
    REASON,
    SKILL_KIND,
    SKILL_PART,
    SLOT,
    SUIT,
    SUIT_NAMED,
    ZONE,
)
from user_agent.words.messages import SHELL


def plain(word: object) -> str:
    """An id as words: `hand_limit` -> `hand limit` (the last resort for unknown ids)."""
    return str(word).replace("_", " ").strip()


def rank_sign(rank: object) -> str:
    if type(rank) is not int or rank <= 0:
        return ""
    return RANK_SIGN.get(rank, str(rank))


def kind_name(kind_id: str, lang: str = "en") -> str:
    """A card kind id -> its name (`snatch` -> `Snatch`)."""
    k = KINDS.get(kind_id)
    if k is None:
        return plain(kind_id).title()
    return k.chinese if lang == "zh" else k.title


def card_name(card: dict[str, Any] | str, lang: str = "en") -> str:
    """A card as events carry it (`{"suit", "rank", "name"}`) -> `♦4 Snatch`; a kind id ->
    `Snatch`. A virtual card without suit or rank is just its name."""
    if isinstance(card, str):
        return kind_name(card, lang)
    name = kind_name(str(card.get("name", "card")), lang)
    suit = SUIT_SIGN.get(str(card.get("suit", "none")), "")
    return f"{suit}{rank_sign(card.get('rank'))} {name}".strip()


def cards_words(cards: list[dict[str, Any]], lang: str = "en") -> str:
    return SHELL(lang, "list.sep").join(card_name(c, lang) for c in cards) or SHELL(lang, "nothing")


def general_name(general_id: str, lang: str = "en") -> str:
    g = GENERALS.get(general_id)
    if g is None:
        return plain(general_id).title()
    return g.chinese if lang == "zh" else g.name


def faction_name(f: str, lang: str = "en") -> str:
    en, zh = FACTIONS.get(f, (plain(f).title(), ""))
    return zh if lang == "zh" and zh else en


def role_name(role: str, lang: str = "en") -> str:
    en, zh = ROLES.get(role, (plain(role), ""))
    return zh if lang == "zh" and zh else en


# 1v1: the engine tags the two sides with the identity roles lord (warm) and renegade (cool)
SIDES: dict[str, tuple[str, str]] = {
    "lord": ("warm side", "暖色方"),
    "renegade": ("cool side", "冷色方"),
    "warm": ("warm side", "暖色方"),
    "cool": ("cool side", "冷色方"),
}


def side_name(role: str, lang: str = "en") -> str:
    """A 1v1 side by its role tag (lord: warm, renegade: cool) or its name."""
    en, zh = SIDES.get(role, (plain(role), ""))
    return zh if lang == "zh" and zh else en


def phase_name(phase: str, lang: str = "en") -> str:
    return PHASE.get(lang, phase, plain(phase))


def zone_name(zone: str, lang: str = "en") -> str:
    return ZONE.get(lang, zone, plain(zone))


def slot_name(slot: str, lang: str = "en") -> str:
    return SLOT.get(lang, slot, plain(slot))


def suit_words(suit: str, lang: str = "en") -> str | None:
    """`spade` -> `♠ spades` (None: not a suit)."""
    return SUIT.template(lang, suit) if SUIT.has(suit) else None


def suit_named(suit: str, lang: str = "en") -> str | None:
    """`spade` -> `spades` (None: not a suit)."""
    return SUIT_NAMED.template(lang, suit) if SUIT_NAMED.has(suit) else None


def skill_name(skill_id: str, lang: str = "en") -> str:
    """A skill id -> its title (`wusheng` -> `Wusheng`); an equipment's effect by the card's
    name (`eight_diagram` -> `Eight Diagram`)."""
    s = SKILLS.get(skill_id)
    if s is not None:
        return s.chinese if lang == "zh" and s.chinese else s.title
    if skill_id in KINDS:
        return kind_name(skill_id, lang)
    return SKILL_PART.get(lang, skill_id, plain(skill_id).title())


def mark_text(name: str, value: object, lang: str = "en") -> str:
    """A seat's mark in words: `slash_used`=1 -> "Slash used", `rende_given`=2 -> "Rende:
    2 given", `jijiang_failed` -> "Jijiang failed", `luoyi` -> "Luoyi"."""
    head, _, rest = name.partition("_")
    what = skill_name(head, lang) if head in SKILLS or head in KINDS else plain(head).title()
    if rest == "given":
        return f"{what}: {value} given"
    tail = f" {plain(rest)}" if rest else ""
    count = f" ({value})" if type(value) is int and value > 1 else ""
    return f"{what}{tail}{count}"


def word(token: str, lang: str = "en") -> str:
    """Any id met in event or request data, as a name or words."""
    if token in SKILLS or token in KINDS:
        return skill_name(token, lang)
    if token in GENERALS:
        return general_name(token, lang)
    if REASON.has(token):
        return REASON.template(lang, token)
    return plain(token)


_SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")
_PAREN = re.compile(r"\(([a-z_]+)\)")


def sanitize(text: str, lang: str = "en") -> str:
    """A sentence written by the game (a skill's prompt): ids in it become names; in Chinese,
    the sentence is the translation of its pattern (`messages.PROMPTS_ZH`)."""
    if lang == "zh":
        for pattern, zh in PROMPT_PATTERNS:
            m = pattern.match(text)
            if m is not None:
                return zh.format(*(_part_zh(g) for g in m.groups()))
    text = _PAREN.sub(lambda m: f"({word(m.group(1), lang)})", text)
    text = _SNAKE.sub(lambda m: word(m.group(0), lang), text)
    return text.replace("_", " ")


def _part_zh(part: str) -> str:
    """A part of a skill's prompt, in Chinese: a card (`♠3 Lightning`), an id, or as it is."""
    sign, _, name = part.partition(" ")
    kid = find_card(name) or find_card(part)
    if kid is not None:
        return f"{sign}{kind_name(kid, 'zh')}" if find_card(name) else kind_name(kid, "zh")
    return word(part, "zh") if re.fullmatch(r"[a-z_]+", part) else part


def skill_line(skill_id: str, lang: str = "en") -> str:
    s = SKILLS.get(skill_id)
    if s is None:
        return skill_name(skill_id, lang)
    kind = SKILL_KIND.get(lang, s.kind, s.kind)
    tags = kind + (SKILL_KIND.template(lang, "lord") if s.lord else "")
    return f"{skill_name(skill_id, lang)} ({tags}): {s.text}"


def general_text(general_id: str, lang: str = "en") -> str:
    """A general: name, faction, HP, gender, then each skill with its rules text."""
    g = GENERALS.get(general_id)
    if g is None:
        return f"{plain(general_id).title()}: no such general"
    other = g.chinese if lang != "zh" else g.name
    head = (
        f"{general_name(general_id, lang)} {other} - {faction_name(g.faction, lang)}, "
        f"{g.max_hp} HP, {g.gender}"
    )
    return "\n".join([head, *(f"  {skill_line(s, lang)}" for s in g.skills)])


def card_text(kind_id: str, lang: str = "en") -> str:
    """What a card does: `Snatch 顺手牵羊: Trick. ...`."""
    if kind_id not in KINDS:
        return f"{plain(kind_id).title()}: no such card"
    k = KINDS[kind_id]
    return f"{k.title} {k.chinese}: {k.text}"


def _key(text: str) -> str:
    return re.sub(r"[^a-z0-9\u4e00-\u9fff]", "", text.lower())


def find_card(name: str) -> str | None:
    """A typed card name (`snatch`, `Ex Nihilo`, `杀`) -> its kind id, or None."""
    key = _key(name)
    for kid, kind in KINDS.items():
        if key in (_key(kid), _key(kind.title), _key(kind.chinese)):
            return kid
    return None


def find_general(name: str) -> str | None:
    """A typed general name (`guanyu`, `Guan Yu`, `关羽`) -> its id, or None."""
    key = _key(name.replace("ü", "v"))
    for gid, g in GENERALS.items():
        if key in (gid, _key(g.name.replace("ü", "v")), _key(g.chinese)):
            return gid
    return None
