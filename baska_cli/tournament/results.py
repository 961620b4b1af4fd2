"""Table results: a paper sheet's final totals entered once (corrections kept), or a ledger's."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.game.numbers import whole
from baska_cli.game.spelling import fold
from baska_cli.i18n import _
from baska_cli.tournament.csvrows import data_rows

CORRECTED = (
    "corrected"  # a sheet's result replaced by a later row (kept, as the ledger keeps amended)
)
ORGANISER, TABLE = "organiser", "table"  # who entered a result: the organiser, a table's key
OLD_HEADER = (
    "round", "table",
    "player 1", "total 1", "player 2", "total 2", "player 3", "total 3", "player 4", "total 4",
    "status",
)  # fmt: skip
HEADER = (*OLD_HEADER[:-1], "entered by", "status")  # (an old file's entries: the organiser's)
_ENTRY = re.compile(r"(?P<name>[^=]+)=(?P<total>[+-]?[0-9]+)\Z")


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table's final totals, in seat order."""

    round: int
    table: int
    players: tuple[str, ...]
    totals: tuple[int, ...]
    status: str = ""  # "" (counts) or CORRECTED (an earlier entry, kept for the record)
    by: str = ORGANISER  # who entered it: ORGANISER or TABLE (a table's key, from its phone)


def parse_entries(tokens: Sequence[str], players: Sequence[str]) -> tuple[int, ...]:
    """`NAME=+N` for each of a table's four players (a name or a unique prefix, any case, or
    the seat number: `1=+40`), summing to zero: the totals in seat order."""
    totals: dict[int, int] = {}
    for token in tokens:
        found = _ENTRY.match(token.strip())
        if found is None:
            raise TournamentInputError(
                _('"{token}" is not a result; expected NAME=+N or NAME=-N, e.g. Ania=+12').format(
                    token=token
                )
            )
        seats = _seats(found.group("name").strip(), players)
        if len(seats) > 1:
            raise TournamentInputError(
                _('"{token}" is ambiguous: it could be {names}').format(
                    token=token, names=_(" or ").join(players[i] for i in seats)
                )
            )
        if not seats:
            raise TournamentInputError(
                _('"{token}": expected one of this table\'s players: {players}').format(
                    token=token, players=", ".join(players)
                )
            )
        if seats[0] in totals:
            raise TournamentInputError(
                _('"{token}": {name} has a total already').format(
                    token=token, name=players[seats[0]]
                )
            )
        total = whole(found.group("total"), signed=True)
        if total is None:
            raise TournamentInputError(
                _('"{token}" is not a result; expected NAME=+N or NAME=-N, e.g. Ania=+12').format(
                    token=token
                )
            )
        totals[seats[0]] = total
    missing = [players[i] for i in range(len(players)) if i not in totals]
    if missing:
        raise TournamentInputError(
            _("a result needs all four players of the table; missing: {names}").format(
                names=", ".join(missing)
            )
        )
    values = tuple(totals[i] for i in range(len(players)))
    if sum(values) != 0:
        raise TournamentInputError(
            _("the totals sum to {sum:+d}, not 0; check the sheet").format(sum=sum(values))
        )
    return values


def _seats(typed: str, players: Sequence[str]) -> list[int]:
    """The seats a typed player may be: a seat number 1–4, the name, else the names it
    starts (any case; accents optional)."""
    if typed.isascii() and typed.isdigit():
        return [int(typed) - 1] if 1 <= int(typed) <= len(players) else []
    key = fold(typed)
    return [i for i, p in enumerate(players) if fold(p) == key] or [
        i for i, p in enumerate(players) if fold(p).startswith(key)
    ]


def current(rows: Sequence[TableResult], round_number: int, table: int) -> TableResult | None:
    """The entry that counts for a table, if any."""
    return next(
        (r for r in rows if (r.round, r.table) == (round_number, table) and not r.status), None
    )


def enter(rows: Sequence[TableResult], new: TableResult, correct: bool) -> list[TableResult]:
    """The results with a table's entry added; a second entry only as a correction, which
    keeps the old one (marked corrected)."""
    old = current(rows, new.round, new.table)
    if old is not None and not correct:
        raise TournamentError(
            _(
                "round {round}, table {table} has its result already ({result}); to change it, "
                "enter it again with --correct (the old one is kept)"
            ).format(round=new.round, table=new.table, result=describe(old))
        )
    if old is None and correct:
        raise TournamentError(
            _(
                "--correct: round {round}, table {table} has no result yet; leave out --correct"
            ).format(round=new.round, table=new.table)
        )
    if old is not None and old.totals == new.totals:
        raise TournamentError(
            _("round {round}, table {table} has this result already").format(
                round=new.round, table=new.table
            )
        )
    return [replace(r, status=CORRECTED) if r is old else r for r in rows] + [new]


def describe(result: TableResult) -> str:
    """`Ania +12, Bartek -4, …` for messages."""
    return ", ".join(
        f"{p} {t:+d}" if t else f"{p} 0" for p, t in zip(result.players, result.totals, strict=True)
    )


def format_results(rows: Sequence[TableResult]) -> str:
    """The text of `results.csv`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for r in rows:
        cells: list[object] = [r.round, r.table]
        for name, total in zip(r.players, r.totals, strict=True):
            cells += [name, f"{total:+d}" if total else "0"]
        writer.writerow([*cells, r.by, r.status])
    return out.getvalue()


def parse_results(text: str, origin: str) -> list[TableResult]:
    """Read `results.csv` back (a TournamentError at file:line for anything wrong)."""
    found: list[TableResult] = []
    first = next(csv.reader(io.StringIO(text)), [])
    old = tuple(c.strip() for c in first) == OLD_HEADER
    for line, row in data_rows(text, origin, OLD_HEADER if old else HEADER):
        cells = [*row, "", ""][: len(HEADER)]
        if old:  # (an old file names no one: its entries count as the organiser's)
            cells = [*cells[:10], "", cells[10]]
        by, status = cells[10].strip() or ORGANISER, cells[11].strip()
        try:
            if len(row) < 10 or status not in ("", CORRECTED) or by not in (ORGANISER, TABLE):
                raise ValueError(
                    _(
                        "expected 12 cells: round, table, four names and totals, who entered "
                        "the result ({organiser} or {table}), a status (empty or {corrected})"
                    ).format(organiser=ORGANISER, table=TABLE, corrected=CORRECTED)
                )
            numbers = [int(c) for c in (cells[0], cells[1], *cells[3:10:2])]
        except ValueError as error:
            raise TournamentError(str(error), origin, line) from None
        found.append(
            TableResult(
                numbers[0],
                numbers[1],
                tuple(c.strip() for c in cells[2:10:2]),
                tuple(numbers[2:]),
                status,
                by,
            )
        )
    return found
