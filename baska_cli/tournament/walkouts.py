"""Walk-outs („ucieczka”): a player who left a table or did not come after the draw, kept
in `walkouts.csv` with the walk-outs undone (pure)."""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentError
from baska_cli.i18n import _
from baska_cli.tournament.csvrows import data_rows

UNDONE = "undone"  # a walk-out taken back (kept for the record, as results keep corrected)
HEADER = ("round", "table", "player", "status")


@dataclass(frozen=True, slots=True)
class Walkout:
    """A player who walked out of a drawn table: the other players get the rule system's
    walk-out result, the player the result of who walked out, whatever hands were recorded."""

    round: int
    table: int
    player: str
    status: str = ""  # "" (counts) or UNDONE


def counting(rows: Sequence[Walkout]) -> dict[tuple[int, int], tuple[str, ...]]:
    """The tables with a walk-out that counts: (round, table) -> who walked out."""
    found: dict[tuple[int, int], tuple[str, ...]] = {}
    for w in rows:
        if not w.status:
            found[(w.round, w.table)] = (*found.get((w.round, w.table), ()), w.player)
    return found


def record(rows: Sequence[Walkout], new: Walkout, seated: int) -> list[Walkout]:
    """The walk-outs with one added; refused if the player walked out already or if nobody
    would be left at the table (`seated` players)."""
    gone = counting(rows).get((new.round, new.table), ())
    if new.player in gone:
        raise TournamentError(
            _("{name} walked out of round {round}, table {table} already").format(
                name=new.player, round=new.round, table=new.table
            )
        )
    if len(gone) + 1 >= seated:
        raise TournamentError(
            _("round {round}, table {table}: nobody would be left at the table").format(
                round=new.round, table=new.table
            )
        )
    return [*rows, new]


def undo(rows: Sequence[Walkout], round_number: int, table: int, name: str) -> list[Walkout]:
    """The walk-outs with this one marked undone (kept for the record)."""
    key = (round_number, table, name)
    if not any((w.round, w.table, w.player) == key and not w.status for w in rows):
        gone = counting(rows).get((round_number, table), ())
        raise TournamentError(
            _(
                "{name} did not walk out of round {round}, table {table} (walked out: {gone})"
            ).format(name=name, round=round_number, table=table, gone=", ".join(gone) or "–")
        )
    return [
        replace(w, status=UNDONE) if (w.round, w.table, w.player) == key and not w.status else w
        for w in rows
    ]


def format_walkouts(rows: Sequence[Walkout]) -> str:
    """The text of `walkouts.csv`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for w in rows:
        writer.writerow([w.round, w.table, w.player, w.status])
    return out.getvalue()


def parse_walkouts(text: str, origin: str) -> list[Walkout]:
    """Read `walkouts.csv` back (a TournamentError at file:line for anything wrong)."""
    found = []
    for line, row in data_rows(text, origin, HEADER):
        cells = [c.strip() for c in [*row, ""][:4]]
        try:
            if not cells[2] or cells[3] not in ("", UNDONE):
                raise ValueError
            found.append(Walkout(int(cells[0]), int(cells[1]), cells[2], cells[3]))
        except ValueError:
            raise TournamentError(
                _("expected round,table,player,status (status empty or undone)"), origin, line
            ) from None
    return found
