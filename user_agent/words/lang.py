"""Message catalogues: what a person reads, as per-language tables of templates keyed by message
id. English (`en`) is the source; every other language (`zh`) translates every id of it, with
the same `{placeholders}` (`tests/words/test_catalogues.py` fails on a missing or extra id, or
a placeholder that differs).

`Catalogue(name, {"en": EN, "zh": ZH})` declares one (the shared shell's is `messages.SHELL`, a
game's sit next to its words); `cat(lang, "id", **values)` is the text. A language without
the id (a gap the coverage test reports) or an unknown language gets the English text, logged
as a warning, never silently.
"""

from __future__ import annotations

import string
from collections.abc import Mapping

import structlog

log = structlog.get_logger("sgs.words")

SOURCE = "en"
LANGS = ("en", "zh")

# every catalogue declared, for the coverage test (in the order declared)
CATALOGUES: list[Catalogue] = []


class Catalogue:
    def __init__(self, name: str, tables: Mapping[str, Mapping[str, str]]) -> None:
        self.name = name
        self.tables = tables
        CATALOGUES.append(self)

    def template(self, lang: str, key: str) -> str:
        """The template of `key` in `lang` (English where it is missing: logged)."""
        table = self.tables.get(lang)
        found = None if table is None else table.get(key)
        if found is not None:
            return found
        if lang != SOURCE:
            log.warning("untranslated message", catalogue=self.name, key=key, lang=lang)
        return self.tables[SOURCE][key]

    def __call__(self, lang: str, key: str, /, **values: object) -> str:
        return self.template(lang, key).format(**values)

    def has(self, key: str) -> bool:
        return key in self.tables[SOURCE]

    def get(self, lang: str, key: str, fallback: str) -> str:
        """The text of `key` in `lang`, or `fallback` when the catalogue has no such id."""
        return self.template(lang, key) if self.has(key) else fallback

    def gaps(self) -> list[str]:
        """What is wrong with the translations: ids missing or extra, placeholders differing."""
        src = self.tables[SOURCE]
        out = []
        for lang in LANGS:
            table = self.tables.get(lang)
            if table is None:
                out.append(f"{self.name}: no {lang} table")
                continue
            out += [f"{self.name}: {lang} lacks {k!r}" for k in src if k not in table]
            out += [f"{self.name}: {lang} has an extra {k!r}" for k in table if k not in src]
            for k, text in table.items():
                if k in src and fields(text) != fields(src[k]):
                    out.append(
                        f"{self.name}: {lang} {k!r} has {sorted(fields(text))}, "
                        f"en {sorted(fields(src[k]))}"
                    )
        return out


def fields(template: str) -> set[str]:
    """The placeholders of a template."""
    return {f for _, f, _, _ in string.Formatter().parse(template) if f is not None}


def sentence_lang(lang: str, langs: frozenset[str]) -> str:
    """The language a game's sentences are told in: `lang` where the game's words have it,
    else English."""
    return lang if lang in langs else SOURCE
