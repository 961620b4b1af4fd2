"""A session ledger for display: checked, then its hands and history as the sheet shows them."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import NamedTuple

from baska_cli.errors import LedgerError
from baska_cli.evening.totals import Standing, next_turn, standings
from baska_cli.game.model import Entry, Outcome
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _
from baska_cli.ledger.checker import refuse_if_broken, scan, verify
from baska_cli.ledger.format import AMENDED, HISTORY_STATUSES, Meta, Row, Tally
from baska_cli.ledger.reader import open_ledger


@dataclass(frozen=True, slots=True)
class Session:
    """One checked ledger: its file, metadata, rule system and what its rows add up to."""

    path: str
    meta: Meta
    rules: RuleSet
    tally: Tally
    identity: tuple[int, ...] | None

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
        """Every row of the sheet, read again from the file (which must not have changed)."""
        with open_ledger(self.path) as reader:
            if reader.identity != self.identity:
                raise LedgerError(
                    _("the ledger changed while it was read; run the command again"), self.path
                )
            yield from verify(reader)  # checked by read(), and the file is the same


Start = Callable[[Meta, RuleSet], Callable[[Row], None]]


def read(path: str, start: Start | None = None) -> Session:
    """Check a ledger in one pass; with `start`, each row goes, as it is read, to the function
    that `start(metadata, rules)` gives (a caller that prints must hold its output until this
    returns: a ledger with a problem raises)."""
    with open_ledger(path) as reader:
        rules = reader.rules()
        if start is None:
            scan(reader)
        else:
            visit = start(reader.meta, rules)
            for row in verify(reader):
                visit(row)
    refuse_if_broken(reader)
    return Session(path, reader.meta, rules, reader.tally, reader.identity)


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


class Scored(NamedTuple):
    """A counted hand of a ledger read back as an entry and scored: its number and outcome."""

    n: int
    entry: Entry
    outcome: Outcome


Memo = dict[tuple[tuple[str, ...], tuple[str, ...], str], tuple[Entry, Outcome]]


def scored(path: str, memo: Memo | None = None) -> tuple[Session, list[Scored]]:
    """A checked ledger and its counted hands (not void, amended or undone), each parsed
    and scored under the session's rules: each distinct text once, and once for all the
    ledgers read with the same `memo` that have the same players and rules."""
    from baska_cli.game.notation import parse_hand
    from baska_cli.game.scoring import score

    found: list[Scored] = []
    seen: Memo = {} if memo is None else memo

    def start(meta: Meta, rules: RuleSet) -> Callable[[Row], None]:
        table = (meta.players, meta.rules_lines)

        def visit(row: Row) -> None:
            if row.status:
                return
            key = (*table, row.hand)
            known = seen.get(key)
            if known is None:
                entry = parse_hand(row.hand, meta.players)
                known = seen[key] = (entry, score(entry, rules, meta.players))
            found.append(Scored(row.n, *known))

        return visit

    return read(path, start), found
