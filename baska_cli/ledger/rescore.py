"""Rescore every hand of a ledger, under its own rules or others, and rewrite it if asked."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NoReturn, Protocol

from baska_cli.errors import BaskaError, ProblemsError
from baska_cli.evening.scorer import Scored, Scorer
from baska_cli.evening.totals import add
from baska_cli.game.model import Deltas
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _, ngettext
from baska_cli.ledger.checker import hand_named, scan, verify
from baska_cli.ledger.format import Meta, Row
from baska_cli.ledger.reader import LedgerReader, open_ledger
from baska_cli.ledger.store import open_for_edit


class Changes(Protocol):
    """What recalc tells as it reads: the rule systems compared, then each hand that changes."""

    def start(self, old: Meta, rules: RuleSet) -> None:
        """Before the first hand: the ledger's metadata and the rule system it is scored by."""

    def hand(self, row: Row, deltas: Deltas) -> None:
        """A counted hand whose changes under the new rules differ from its row's."""


@dataclass(frozen=True, slots=True)
class Recalculated:
    """A ledger rescored: its old metadata, the new rules, the totals before and after."""

    path: str
    meta: Meta
    rules: RuleSet
    old_totals: Deltas
    new_totals: Deltas
    changed: int
    written: bool


class Rescoring:
    """One reading of a ledger rescored under `rules`: the hands that change, those the rules
    refuse (each a problem of the reading), and the sum of the changes' shifts."""

    def __init__(self, reader: LedgerReader, rules: RuleSet, changes: Changes | None) -> None:
        self.reader = reader
        self.rules = rules
        self.scorer = Scorer(reader.meta.players, rules)
        self.changes = changes
        self.changed = 0
        self.rejected = 0
        self.shift: Deltas = (0, 0, 0, 0)
        self._new: Deltas | None = None  # the new changes of the row being read, if they differ
        if changes is not None:
            changes.start(reader.meta, rules)

    def hand_scored_otherwise(self, row: Row, scored: Scored | BaskaError) -> None:
        """A row whose text the new rules refuse, or score to other changes (the checker
        tells it just before it gives the row out)."""
        if isinstance(scored, BaskaError):
            named = hand_named(row.n, row.status)
            self.reader.problem(row.line, f'{named} "{row.hand}": {scored}')
            self.rejected += 1
            return
        self._new = scored.deltas
        if row.status:  # a void or history row: rescored, but it adds to no total
            return
        self.changed += 1
        self.shift = add(
            self.shift, [s - d for s, d in zip(scored.deltas, row.deltas, strict=True)]
        )
        if self.changes is not None:
            self.changes.hand(row, scored.deltas)

    def scan(self) -> None:
        """Read every row, rescoring it."""
        scan(self.reader, self.scorer, strict=False, on_change=self.hand_scored_otherwise)

    def rows(self, meta: Meta) -> Iterator[list[str]]:
        """Every row with its new changes and running totals, written in `meta`."""
        cells = meta.row
        totals: Deltas = (0, 0, 0, 0)
        verified = verify(
            self.reader, self.scorer, strict=False, on_change=self.hand_scored_otherwise
        )
        for row in verified:
            deltas, self._new = self._new or row.deltas, None
            if row.status:
                yield cells(row.n, row.dealer, row.hand, deltas, None, row.status, row.extra)
                continue
            totals = add(totals, deltas)
            yield cells(row.n, row.dealer, row.hand, deltas, totals, "", row.extra)


def recalc(
    path: str, rules: RuleSet | None = None, write: bool = False, changes: Changes | None = None
) -> Recalculated:
    """Rescore every counted hand of a ledger (under `rules`, or its own), telling `changes`
    of each hand that changes; with `write`, rewrite the ledger with the new changes, totals
    and rule system. Void, amended and undone rows are rescored too (each row's text scores
    to its changes under the file's rules), but they add to no total and are not told. A
    hand the rules refuse, or a ledger with a problem, raises a ProblemsError listing every
    problem; nothing is written then."""
    rescoring: Rescoring | None = None
    try:
        if write:
            with open_for_edit(path, checked=False) as ledger:
                rescoring = Rescoring(ledger.reader(), rules or ledger.rules, changes)
                meta = ledger.meta.with_rules(rescoring.rules)
                ledger.replace(meta, rescoring.rows(meta))
        else:
            with open_ledger(path) as reader:
                rescoring = Rescoring(reader, rules or reader.rules(), changes)
                rescoring.scan()
    except BaskaError as error:
        if rescoring is None or not rescoring.reader.problems:
            raise
        _refuse(path, rescoring, True, error)
    reader = rescoring.reader
    if reader.problems:
        _refuse(path, rescoring, False, None)
    old = reader.tally.totals
    new = add(old, rescoring.shift)
    return Recalculated(path, reader.meta, rescoring.rules, old, new, rescoring.changed, write)


def _refuse(path: str, rescoring: Rescoring, unchanged: bool, cause: BaskaError | None) -> NoReturn:
    """Raise the ProblemsError of a recalc that found problems (`unchanged`: say that the
    ledger was not changed)."""
    rejected = rescoring.rejected
    if rejected and unchanged:
        message = ngettext(
            "{count} hand cannot be scored under {rules}; the ledger was not changed",
            "{count} hands cannot be scored under {rules}; the ledger was not changed",
            rejected,
        )
    elif rejected:
        message = ngettext(
            "{count} hand cannot be scored under {rules}",
            "{count} hands cannot be scored under {rules}",
            rejected,
        )
    elif unchanged:
        message = _("the ledger has problems; it was not changed")
    else:
        message = _("the ledger has problems")
    message = message.format(count=rejected, rules=rescoring.rules.name)
    problems = tuple(rescoring.reader.problems)
    raise ProblemsError(message, path, problems=problems) from cause
