"""desk.csv in a tournament's directory, read, and written whole with the rows added (a
synced temporary file renamed over it) under the tournament's lock: nothing is ever taken
out of it, so a mark taken back stays in the history."""

from __future__ import annotations

import datetime
import os
from collections.abc import Sequence

from baska_cli.files.replace import replace_text
from baska_cli.tournament.desk.marks import Desk, DeskRow, desk_of, format_desk, parse_desk
from baska_cli.tournament.folder import DESK
from baska_cli.tournament.texts import read_if_there


def now() -> str:
    """The time a mark is made: UTC, to the second (`2026-05-16T08:41:07Z`)."""
    moment = datetime.datetime.now(datetime.UTC).replace(microsecond=0)
    return moment.isoformat().replace("+00:00", "Z")


def read_rows(path: str) -> list[DeskRow]:
    """The rows of the tournament's desk.csv (none while it is missing)."""
    file = os.path.join(path, DESK)
    text = read_if_there(file)
    if text is None:
        return []
    return parse_desk(text, file)


def read_desk(path: str) -> Desk:
    """The desk of a tournament's directory: who is present, who paid."""
    return desk_of(read_rows(path))


def add_rows(path: str, before: Sequence[DeskRow], rows: Sequence[DeskRow]) -> None:
    """desk.csv replaced by `before` and `rows` after them. Call under the tournament's
    lock, with `before` read under it."""
    if rows:
        replace_text(os.path.join(path, DESK), format_desk([*before, *rows]))
