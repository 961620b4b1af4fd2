"""The manuals' list of a tournament's settings is the settings table's
(baska_cli/tournament/settings.py): each row, its `new` option, its bounds or default, its help
and its reach, in each manual's language. `python tools/settings_list.py` writes it."""

from __future__ import annotations

import re

import pytest

from baska_cli.i18n import _, speaking
from baska_cli.tournament.settings import REQUIRED, SETTINGS, Setting

from .conftest import ROOT

MANUALS = {"en": "docs/manual.en.md", "pl": "docs/manual.pl.md"}
BEGIN = "<!-- settings: written by tools/settings_list.py from baska_cli/tournament/settings.py -->"
END = "<!-- settings: end -->"
HEADINGS = {
    "en": ("`set` key", "`new` option", "Bounds or default", "What it is", "A change reaches"),
    "pl": ("Klucz `set`", "Opcja `new`", "Granice albo domyślnie", "Co to jest", "Zmiana dotyczy"),
}
BLOCK = re.compile(re.escape(BEGIN) + r"\n(.*?)" + re.escape(END), re.S)


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _bounds(row: Setting) -> str:
    """The row's bounds, its default or nothing."""
    if row.kind.bounds is not None:
        low, high = row.kind.bounds
        return _("from {min} to {max}").format(min=low, max=high)
    if row.default is REQUIRED or callable(row.default) or row.kind.flag:
        return ""
    shown = row.kind.show(row.default)
    return f"`{shown}`" if shown else ""


def _option(row: Setting) -> str:
    if row.kind.flag:
        return f"`--{row.name}`"
    return f"`--{row.name} {_(row.metavar)}`"


def settings_list(language: str) -> str:
    """The table of settings in `language`, as the manual shows it."""
    with speaking(language):
        lines = ["| " + " | ".join(HEADINGS[language]) + " |", "|---" * 5 + "|"]
        for row in SETTINGS:
            cells = (f"`{row.name}`", _option(row), _bounds(row), _(row.help), _(row.reach.value))
            lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines) + "\n\n"  # (a blank line ends the table)


def written(text: str, language: str) -> str:
    """A manual's text with its list of settings as the table gives it."""
    return BLOCK.sub(lambda _m: f"{BEGIN}\n{settings_list(language)}{END}", text)


@pytest.mark.parametrize("language", MANUALS)
def test_the_manual_lists_every_setting_as_the_table_does(language: str) -> None:
    text = (ROOT / MANUALS[language]).read_text("utf-8")
    block = BLOCK.search(text)
    assert block is not None, f"{MANUALS[language]}: no list of settings"
    listed = re.findall(r"^\| `([a-z-]+)` \|", block.group(1), re.M)
    assert listed == [row.name for row in SETTINGS]
    assert block.group(1) == settings_list(language), "run: python tools/settings_list.py"
