"""`typed.csv` in a tournament's directory (beside folder.py, which reads and writes the
others): every entry of a paper sheet typed under `double-entry`, read, and replaced whole
under the tournament's lock (nothing is ever taken out of it)."""

from __future__ import annotations

import os
from collections.abc import Sequence

from baska_cli.files.replace import replace_text
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.texts import read_if_there
from baska_cli.tournament.typed import format_typed, parse_typed

TYPED = "typed.csv"


def read_typed(path: str) -> list[TableResult]:
    """The entries typed in the tournament's directory (none while typed.csv is missing)."""
    file = os.path.join(path, TYPED)
    text = read_if_there(file)
    if text is None:
        return []
    return parse_typed(text, file)


def save_typed(path: str, rows: Sequence[TableResult]) -> None:
    """typed.csv replaced by `rows`. Call under the tournament's lock."""
    replace_text(os.path.join(path, TYPED), format_typed(rows))
