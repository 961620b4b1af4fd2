"""The players' details beside `players.csv` (which older versions read as it always was):
`roster.csv` holds each player's full name, id, team, category and the team they stand in for."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import replace

from baska_cli.errors import TournamentError
from baska_cli.game.spelling import fold
from baska_cli.i18n import _
from baska_cli.tournament.players import Entrant

DETAILS = "roster.csv"
HEADER = ("name", "full_name", "id", "team", "category", "standin")


def has_details(players: Sequence[Entrant]) -> bool:
    """Whether any player has a detail that `players.csv` does not hold."""
    return any(p.full_name or p.id or p.team or p.category or p.standin for p in players)


def format_details(players: Sequence[Entrant]) -> str:
    """The text of `roster.csv`: one row per player with a detail."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for p in players:
        if p.full_name or p.id or p.team or p.category or p.standin:
            writer.writerow([p.name, p.full_name, p.id, p.team, p.category, p.standin])
    return out.getvalue()


def with_details(players: Sequence[Entrant], text: str, origin: str) -> list[Entrant]:
    """The players of `players.csv` with the details read from `roster.csv` (a
    TournamentError at file:line for anything wrong)."""
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or tuple(c.strip() for c in rows[0]) != HEADER:
        raise TournamentError(
            _("expected the header {header}").format(header=",".join(HEADER)), origin, 1
        )
    by_name = {fold(p.name): i for i, p in enumerate(players)}
    found = list(players)
    ids: dict[str, tuple[str, int]] = {}  # each id: the player given it, and the line
    for line, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        cells = [c.strip() for c in [*row, "", "", "", "", "", ""][: len(HEADER)]]
        i = by_name.get(fold(cells[0]))
        if i is None:
            raise TournamentError(
                _('"{name}" is not in {file}').format(name=cells[0], file="players.csv"),
                origin,
                line,
            )
        if cells[2] in ids:
            first, at = ids[cells[2]]
            raise TournamentError(
                _(
                    'the id "{id}" is given to {first} already (line {line}); every player has '
                    "an id of their own"
                ).format(id=cells[2], first=first, line=at),
                origin,
                line,
            )
        if cells[2]:
            ids[cells[2]] = (cells[1] or cells[0], line)
        found[i] = replace(
            found[i],
            full_name=cells[1],
            id=cells[2],
            team=cells[3],
            category=cells[4],
            standin=cells[5],
        )
    return found
