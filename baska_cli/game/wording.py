"""The words of an explanation: the messages of one language (the interface's, or the
Polish that scripts read whatever the interface speaks), and signed numbers."""

from __future__ import annotations

import gettext
from collections.abc import Callable
from functools import cache

from baska_cli import i18n

# The language a script reads the explanation in (JSON, CSV), whatever the interface speaks.
SCRIPT_LANGUAGE = "pl"


class Words:
    """The messages of one language: `_` and `ngettext` as the i18n module has them."""

    __slots__ = ("_", "language", "ngettext")

    def __init__(self, language: str, tr: gettext.NullTranslations | None = None) -> None:
        self.language = language
        self._: Callable[[str], str] = tr.gettext if tr else i18n._
        self.ngettext: Callable[[str, str, int], str] = tr.ngettext if tr else i18n.ngettext


def _no_word(message: str) -> str:
    return ""


def _no_words(singular: str, plural: str, count: int) -> str:
    return ""


# The words of no language: every message empty, for scoring a hand's numbers alone (the
# Scorer, which checks ledgers, needs the changes, not why). The numbers are the same.
SILENT = Words("")
SILENT._ = _no_word
SILENT.ngettext = _no_words


@cache
def _words_in(language: str) -> Words:
    return Words(language, i18n.translation(language))


@cache
def _interface_words(language: str) -> Words:
    return Words(language)  # (i18n's own `_`: whatever catalog the interface uses now)


def words(language: str | None = None) -> Words:
    """The messages of `language`, or of the interface language for None."""
    now = i18n.language()
    if language is None or language == now:
        return _interface_words(now)
    return _words_in(language)


def signed(value: int) -> str:
    """+2, -2 (ASCII, as the tables show them), 0."""
    return f"{value:+d}" if value else "0"
