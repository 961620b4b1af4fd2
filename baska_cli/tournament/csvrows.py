"""The rows of one of the tournament's own CSV files under its header, blank rows passed
over, each with its line number (for a TournamentError at file:line); a round's seating."""

from __future__ import annotations

import csv
import io

from baska_cli.errors import TournamentError
from baska_cli.i18n import _
from baska_cli.tournament.draw import Draw

OUT = "out"  # seating.csv's table of those sitting out
ABSENT = "absent"  # seating.csv's table of those the desk had not seen (not drawn)


def data_rows(text: str, origin: str, header: tuple[str, ...]) -> list[tuple[int, list[str]]]:
    """Each row under the header with its line number; a TournamentError at line 1 of
    `origin` if the first row is not `header`."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(c.strip() for c in rows[0]) != header:
        raise TournamentError(
            _("expected the header {header}").format(header=",".join(header)), origin, 1
        )
    return [(line, row) for line, row in enumerate(rows[1:], 2) if any(c.strip() for c in row)]


def format_seating(draw: Draw) -> str:
    """The text of a round's `seating.csv`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["table", "seat", "player"])
    for t, members in enumerate(draw.tables, 1):
        for s, name in enumerate(members, 1):
            writer.writerow([t, s, name])
    for name in draw.sitting_out:
        writer.writerow([OUT, "", name])
    for name in draw.absent:
        writer.writerow([ABSENT, "", name])
    return out.getvalue()


def parse_seating(text: str, origin: str, round_number: int) -> Draw:
    """Read a round's `seating.csv` back (repeats are left to the caller: see draw.history)."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or [c.strip() for c in rows[0]] != ["table", "seat", "player"]:
        raise TournamentError(_("expected the header table,seat,player"), origin, 1)
    tables: dict[int, dict[int, str]] = {}
    out: list[str] = []
    absent: list[str] = []
    for line, row in enumerate(rows[1:], 2):
        if not any(c.strip() for c in row):
            continue
        cells = [c.strip() for c in [*row, "", "", ""][:3]]
        if cells[0] in (OUT, ABSENT) and cells[2]:
            (out if cells[0] == OUT else absent).append(cells[2])
            continue
        try:
            table, seat = int(cells[0]), int(cells[1])
            if not cells[2] or seat not in (1, 2, 3, 4) or seat in tables.get(table, {}):
                raise ValueError
        except ValueError:
            raise TournamentError(
                _("expected a table number, a seat 1–4 not taken yet and a name (or out,,NAME)"),
                origin,
                line,
            ) from None
        tables.setdefault(table, {})[seat] = cells[2]
    if sorted(tables) != list(range(1, len(tables) + 1)) or any(
        len(s) != 4 for s in tables.values()
    ):
        raise TournamentError(
            _("the tables must be numbered 1, 2, 3 … with four seats each"), origin
        )
    seated = tuple(tuple(tables[t][s] for s in (1, 2, 3, 4)) for t in sorted(tables))
    return Draw(round_number, seated, tuple(out), (), absent=tuple(absent))
