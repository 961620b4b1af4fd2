"""The manuals' list of a league's title and regulations is the rows'
(baska_cli/league/regulations.py): each row, its `league new` option, its bounds and default,
its help and its key in league.toml, in each manual's language. `python tools/settings_list.py`
writes it."""

from __future__ import annotations

import re

import pytest

from baska_cli.i18n import _, speaking
from baska_cli.league.regulations import REGULATIONS, Regulation

from .conftest import ROOT
from .test_docs_settings import MANUALS

BEGIN = (
    "<!-- regulations: written by tools/settings_list.py from baska_cli/league/regulations.py -->"
)
END = "<!-- regulations: end -->"
HEADINGS = {
    "en": ("`set` key", "`new` option", "Bounds; default", "What it is", "In league.toml"),
    "pl": ("Klucz `set`", "Opcja `new`", "Granice; domyślnie", "Co to jest", "W league.toml"),
}
BLOCK = re.compile(re.escape(BEGIN) + r"\n(.*?)" + re.escape(END), re.S)


def _bounds(row: Regulation) -> str:
    """The row's bounds and its default (what `league new` takes when it is not given)."""
    parts = []
    if row.kind.bounds is not None:
        low, high = row.kind.bounds
        parts.append(_("from {min} to {max}").format(min=low, max=high))
    shown = row.kind.show(row.default)
    if shown and not row.required:
        parts.append(f"`{shown}`")
    return "; ".join(parts)


def regulations_list(language: str) -> str:
    """The table of regulations in `language`, as the manual shows it."""
    with speaking(language):
        lines = ["| " + " | ".join(HEADINGS[language]) + " |", "|---" * 5 + "|"]
        for row in REGULATIONS:
            where = f"`[{row.section}]` `{row.key}`" if row.section else f"`{row.key}`"
            cells = (f"`{row.name}`", f"`--{row.name} {_(row.metavar)}`", _bounds(row),
                     _(row.help), where)  # fmt: skip
            lines.append("| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |")
    return "\n".join(lines) + "\n\n"  # (a blank line ends the table)


def written(text: str, language: str) -> str:
    """A manual's text with its list of regulations as the rows give it."""
    return BLOCK.sub(lambda _m: f"{BEGIN}\n{regulations_list(language)}{END}", text)


@pytest.mark.parametrize("language", MANUALS)
def test_the_manual_lists_every_regulation_as_the_rows_do(language: str) -> None:
    text = (ROOT / MANUALS[language]).read_text("utf-8")
    block = BLOCK.search(text)
    assert block is not None, f"{MANUALS[language]}: no list of regulations"
    listed = re.findall(r"^\| `([a-z-]+)` \|", block.group(1), re.M)
    assert listed == [row.name for row in REGULATIONS]
    assert block.group(1) == regulations_list(language), "run: python tools/settings_list.py"
