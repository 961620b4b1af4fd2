"""A session ledger for display: checked, then its hands and history as the sheet shows them.

Every file opened here is closed before the function returns, or when the `with` block
that reads it ends: nothing holds a ledger open between two operations.
"""

from __future__ import annotations

import contextlib
from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from baska_cli.errors import LedgerError
from baska_cli.evening.totals import Standing, next_turn, standings
from baska_cli.game.model import Entry, Outcome
from baska_cli.game.notation import parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score
from baska_cli.i18n import _
from baska_cli.ledger.checker import refuse_if_broken, scan, verify
from baska_cli.ledger.format import AMENDED, HISTORY_STATUSES, Meta, Row, Tally
from baska_cli.ledger.reader import LedgerReader, open_ledger


@dataclass(frozen=True, slots=True)
class LedgerView:
    """One checked ledger: its file, metadata, rule system and what its rows add up to."""

    path: str
    meta: Meta
    rules: RuleSet
    tally: Tally
    identity: tuple[int, ...] | None
    lines: int = 0  # the file's physical lines (the next row appended starts after them)

    def standings(self) -> list[Standing]:
        """The table's standings from the final totals."""
        return standings(self.meta.players, self.tally.totals, self.rules, self.tally.counted)

    def next_turn(self) -> tuple[str, str]:
        """Who deals and who leads the next hand (names)."""
        dealer, leader = next_turn(self.meta.first_dealer, self.tally.dealt)
        return self.meta.players[dealer], self.meta.players[leader]

    @property
    def deals_left(self) -> int | None:
        """Planned deals not yet dealt (None when no length was planned)."""
        deals = self.meta.deals
        return None if deals is None else max(deals - self.tally.dealt, 0)

    def rows(self) -> Iterator[Row]:
        """Every row of the sheet, read again from the file (which must not have changed);
        the file is closed once the last row is taken (or the iterator is closed)."""
        with self.reread() as rows:
            yield from rows

    @contextlib.contextmanager
    def reread(self) -> Iterator[Iterator[Row]]:
        """Every row of the sheet, read again from the file (which must not have changed);
        the file is closed when the block ends."""
        with open_ledger(self.path) as reader:
            if reader.identity != self.identity:
                raise LedgerError(
                    _("the ledger changed while it was read; run the command again"), self.path
                )
            yield verify(reader)  # checked by read(), and the file is the same


def read(path: str) -> LedgerView:
    """A ledger read whole and checked; a LedgerError if it has a problem."""
    with open_ledger(path) as reader:
        rules = reader.rules()
        scan(reader)
    refuse_if_broken(reader)
    return LedgerView(path, reader.meta, rules, reader.tally, reader.identity, reader.lines)


def read_rows(path: str) -> tuple[LedgerView, list[Row]]:
    """A ledger read whole and checked, and all its rows in file order (a sheet of one
    evening; for many rows, stream them with `reading`)."""
    with reading(path) as ledger:
        rows = list(ledger.rows)
    return ledger.checked(), rows


class Reading:
    """A ledger being read: its metadata and rules, its rows one by one as they are checked
    (`rows`), and, once they are all read, the checked ledger (`checked`). A caller that
    prints must hold its output until `checked` returns: a ledger with a problem raises."""

    def __init__(self, path: str, reader: LedgerReader) -> None:
        self.path = path
        self.meta = reader.meta
        self.rules = reader.rules()
        self.rows: Iterator[Row] = verify(reader)
        self._reader = reader

    def checked(self) -> LedgerView:
        """The ledger checked to its end (the rows not taken yet are read now, while the
        file is open), or a LedgerError naming its first problem."""
        deque(self.rows, maxlen=0)
        reader = self._reader
        refuse_if_broken(reader)
        tally, found, lines = reader.tally, reader.identity, reader.lines
        return LedgerView(self.path, self.meta, self.rules, tally, found, lines)


@contextlib.contextmanager
def reading(path: str) -> Iterator[Reading]:
    """Read a ledger row by row: the file is open in the block and closed when it ends, every
    row read by then (call `checked()` on what it gives, in the block or after it)."""
    with open_ledger(path) as reader:
        ledger = Reading(path, reader)
        yield ledger
        deque(ledger.rows, maxlen=0)


class Sheet:
    """Rows in file order turned into what a sheet shows: numbered hands, each with the texts
    it replaced, and the history (amended and undone rows)."""

    def __init__(self) -> None:
        self._amended: dict[int, list[str]] = {}  # hand number: its amended texts, in order

    def add(self, row: Row) -> tuple[str, ...] | None:
        """For a numbered hand (counted or void), the texts it replaced (amended), oldest
        first; None for a history row, which is kept for its hand (an undone hand takes its
        amendments with it)."""
        status = row.status
        if status and status in HISTORY_STATUSES:
            if status == AMENDED:
                self._amended.setdefault(row.n, []).append(row.hand)
            else:
                self._amended.pop(row.n, None)
            return None
        if not self._amended:
            return ()
        replaced = self._amended.pop(row.n, None)
        return tuple(replaced) if replaced else ()


def hands(rows: Iterable[Row]) -> Iterator[tuple[Row, tuple[str, ...]]]:
    """The numbered hands of these rows, each with the texts it replaced."""
    sheet = Sheet()
    for row in rows:
        amends = sheet.add(row)
        if amends is not None:
            yield row, amends


def history(rows: Iterable[Row]) -> Iterator[Row]:
    """The amended and undone rows, in file order (the audit trail)."""
    return (row for row in rows if row.status in HISTORY_STATUSES)


class ScoredHand(NamedTuple):
    """A counted hand of a ledger read back as an entry and scored: its number and outcome."""

    n: int
    entry: Entry
    outcome: Outcome


Memo = dict[tuple[tuple[str, ...], tuple[str, ...], str], tuple[Entry, Outcome]]


def scored(path: str, memo: Memo | None = None) -> tuple[LedgerView, list[ScoredHand]]:
    """A checked ledger and its counted hands (not void, amended or undone), each parsed
    and scored under the session's rules: each distinct text once, and once for all the
    ledgers read with the same `memo` that have the same players and rules."""

    found: list[ScoredHand] = []
    seen: Memo = {} if memo is None else memo
    with reading(path) as ledger:
        meta, rules = ledger.meta, ledger.rules
        table = (meta.players, meta.rules_lines)
        for row in ledger.rows:
            if row.status:
                continue
            key = (*table, row.hand)
            known = seen.get(key)
            if known is None:
                entry = parse_hand(row.hand, meta.players)
                known = seen[key] = (entry, score(entry, rules, meta.players))
            found.append(ScoredHand(row.n, *known))
    return ledger.checked(), found
