"""desk.csv's rows (pure): each a mark set or taken back, with its time and the client id
that sent it (a page's tap writes every mark it asks, changed or not, so its id is kept with
what it asked); the desk as the rows leave it (who is present, who paid, what each id asked)."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from baska_cli.errors import TournamentError
from baska_cli.i18n import _
from baska_cli.tournament.csvrows import data_rows

HEADER = ("time", "player", "mark", "value", "id")
PRESENT, PAID = "present", "paid"
MARKS = (PRESENT, PAID)
YES, NO = "yes", "no"


@dataclass(frozen=True, slots=True)
class DeskRow:
    """One mark at the desk: `player` (the name the tables use) marked `mark` (present or
    paid) `value` (True) or taken back (False) at `time` (UTC, ISO 8601); `id`: the client id
    of the page that sent it ("" from the CLI)."""

    time: str
    player: str
    mark: str
    value: bool
    id: str = ""


Asked = frozenset[tuple[str, str, bool]]  # what a client id asked: (player, mark, value)…


@dataclass(frozen=True, slots=True)
class Desk:
    """The desk as its rows leave it: the players present, those who paid, and what each
    client id recorded asked for (so an id sent again is known for what it asked)."""

    present: frozenset[str] = frozenset()
    paid: frozenset[str] = frozenset()
    sent: Mapping[str, Asked] = field(default_factory=dict)

    @property
    def begun(self) -> bool:
        """Whether check-in has begun: a player is marked present (the draw then seats
        only those present)."""
        return bool(self.present)

    def has(self, player: str, mark: str) -> bool:
        """Whether `player` holds `mark` now."""
        return player in (self.present if mark == PRESENT else self.paid)


def desk_of(rows: Iterable[DeskRow]) -> Desk:
    """The desk after `rows`, the last row of a player and mark deciding."""
    held: dict[str, set[str]] = {PRESENT: set(), PAID: set()}
    sent: dict[str, set[tuple[str, str, bool]]] = {}
    for row in rows:
        (held[row.mark].add if row.value else held[row.mark].discard)(row.player)
        if row.id:
            sent.setdefault(row.id, set()).add((row.player, row.mark, row.value))
    asked = {key: frozenset(marks) for key, marks in sent.items()}
    return Desk(frozenset(held[PRESENT]), frozenset(held[PAID]), asked)


def format_desk(rows: Sequence[DeskRow]) -> str:
    """The text of `desk.csv`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(HEADER)
    for r in rows:
        writer.writerow([r.time, r.player, r.mark, YES if r.value else NO, r.id])
    return out.getvalue()


def parse_desk(text: str, origin: str) -> list[DeskRow]:
    """Read `desk.csv` back (a TournamentError at file:line for a row that is no mark)."""
    rows = []
    for line, row in data_rows(text, origin, HEADER):
        cells = [c.strip() for c in [*row, "", "", "", "", ""][:5]]
        if not cells[1] or cells[2] not in MARKS or cells[3] not in (YES, NO):
            raise TournamentError(
                _("expected a time, a player, present or paid, yes or no, and an id"),
                origin,
                line,
            )
        rows.append(DeskRow(cells[0], cells[1], cells[2], cells[3] == YES, cells[4]))
    return rows
