"""The entries of paper sheets typed twice (pure): each entry kept in `typed.csv` as
`results.csv` keeps a result (round, table, four names and totals, who typed it) with its
status: waiting (none yet agrees with it), agreed (two entries agreed: the result counts,
in results.csv) or set aside (a mistyped entry, once two others agreed).

A table's result counts once an entry agrees with one still waiting (the same four players,
the same totals); an entry that agrees with none waits beside the others, and the difference
is shown, so the sheet is typed again. Nothing tells two people apart: the second person
types blind (no page or command shows a waiting entry's totals until two entries differ).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentError
from baska_cli.i18n import _
from baska_cli.tournament.csvrows import data_rows
from baska_cli.tournament.results import (
    HEADER,
    ORGANISER,
    TABLE,
    TableResult,
    format_results,
)

WAITING, AGREED, ASIDE = "", "agreed", "set aside"  # an entry's status
TYPED_HEADER = HEADER  # (the columns of results.csv: round … entered by, status)


@dataclass(frozen=True, slots=True)
class Settled:
    """An entry typed: the entries now, the result that counts now (None: none yet), and
    the entry before it that it differs from (None: it was the first, or it agreed)."""

    rows: tuple[TableResult, ...]
    agreed: TableResult | None
    differs: TableResult | None


def waiting(rows: Sequence[TableResult], round_number: int, table: int) -> list[TableResult]:
    """A table's entries that wait for another to agree, oldest first."""
    return [r for r in rows if (r.round, r.table) == (round_number, table) and r.status == WAITING]


def settle(rows: Sequence[TableResult], new: TableResult) -> Settled:
    """The entries with `new` typed: if it agrees with one waiting, that table's result
    counts (those two agreed, the others set aside); else it waits too."""
    before = waiting(rows, new.round, new.table)
    match = next((r for r in before if (r.players, r.totals) == (new.players, new.totals)), None)
    if match is None:
        return Settled((*rows, new), None, before[-1] if before else None)
    done = [replace(r, status=AGREED if r is match else ASIDE) if r in before else r for r in rows]
    return Settled((*done, replace(new, status=AGREED)), new, None)


def format_typed(rows: Sequence[TableResult]) -> str:
    """The text of `typed.csv` (the columns of results.csv, written as it is)."""
    return format_results(rows)


def parse_typed(text: str, origin: str) -> list[TableResult]:
    """Read `typed.csv` back (a TournamentError at file:line for anything wrong)."""
    found = []
    for line, row in data_rows(text, origin, TYPED_HEADER):
        cells = [c.strip() for c in [*row, "", ""][: len(TYPED_HEADER)]]
        try:
            if len(row) < 10 or cells[11] not in (WAITING, AGREED, ASIDE):
                raise ValueError
            if cells[10] not in (ORGANISER, TABLE):
                raise ValueError
            numbers = [int(c) for c in (cells[0], cells[1], *cells[3:10:2])]
        except ValueError:
            raise TournamentError(
                _(
                    "expected 12 cells: round, table, four names and totals, who typed the "
                    "sheet ({organiser} or {table}), a status (empty, {agreed} or {aside})"
                ).format(organiser=ORGANISER, table=TABLE, agreed=AGREED, aside=ASIDE),
                origin,
                line,
            ) from None
        players = (cells[2], cells[4], cells[6], cells[8])
        found.append(
            TableResult(numbers[0], numbers[1], players, tuple(numbers[2:]), cells[11], cells[10])
        )
    return found
