"""What changes a ledger: record a hand, undo, void, amend, recalc; each returns what it did."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Literal, Protocol

from baska_cli.errors import BaskaError, LedgerError, PastPlanError, ProblemsError, RequestError
from baska_cli.evening.scorer import Scored, Scorer
from baska_cli.evening.totals import Deltas, add, dealer_of
from baska_cli.game.correction import correct
from baska_cli.game.model import Adjustment, Entry, Outcome
from baska_cli.game.notation import canonical, parse_hand
from baska_cli.game.rules import RuleSet, load_rules
from baska_cli.game.scoring import score
from baska_cli.i18n import _, ngettext
from baska_cli.ledger.checker import (
    OnChange,
    check,
    hand_named,
    is_adjustment,
    refuse_if_broken,
    scan,
    verify,
)
from baska_cli.ledger.format import (
    AMENDED,
    SLOT_STATUSES,
    UNDONE,
    VOID,
    Meta,
    Row,
    Tally,
    rules_lines,
)
from baska_cli.ledger.reader import LedgerReader, open_ledger
from baska_cli.ledger.store import append, rewrite

Action = Literal["undo", "void", "amend"]


@dataclass(frozen=True, slots=True)
class Recorded:
    """A hand scored with the session's names and rules, and where it went in the ledger."""

    path: str
    meta: Meta
    rules: RuleSet
    entry: Entry
    outcome: Outcome
    n: int
    dealer: str
    totals: Deltas
    written: bool
    dealt: int  # deals used after this hand (an adj uses none)


def record(
    path: str,
    text: str,
    rules_spec: str | None = None,
    dry_run: bool = False,
    extra: bool = False,
    scorer: Callable[[Meta, RuleSet], Scorer] | None = None,
) -> Recorded:
    """Score a hand with the session's players and rules and append it to the ledger (with
    `dry_run`, check the ledger and score the hand, but write nothing). `rules_spec`, when
    given, must name the session's own rule system. A hand dealt after the planned deals is
    refused (PastPlanError) unless `extra` says it is meant; an `adj` deals nothing and
    is never refused for that. `scorer` is passed to store.append (`baska play` keeps one
    for the evening)."""
    found: list[Recorded] = []

    def build(reader: LedgerReader, rules: RuleSet) -> list[str]:
        meta = reader.meta
        if rules_spec is not None:
            wanted = load_rules(rules_spec)
            if rules_lines(wanted) != meta.rules_lines:
                played, asked = f'"{meta.rules_name}"', f'"{wanted.name}"'
                if played.lower() == asked.lower():  # a house system named like another
                    played = (
                        _("the built-in {name}") if meta.is_builtin else _("house rules {name}")
                    ).format(name=played)
                    asked = (
                        _("other house rules {name}")
                        if wanted.overrides
                        else _("the built-in {name}")
                    ).format(name=asked)
                raise RequestError(
                    _(
                        "{path} is played under {played}, not {asked}; "
                        "leave out --rules, or rescore the session with "
                        "`baska recalc {path} --rules {spec} --write`"
                    ).format(path=path, played=played, asked=asked, spec=rules_spec)
                )
        entry = parse_hand(text, meta.players)
        outcome = score(entry, rules, meta.players)
        tally = reader.tally
        n = tally.slots + 1
        totals = add(tally.totals, outcome.deltas)
        text_written = canonical(entry, meta.players)
        dealt = tally.dealt + (
            1 if tally.legacy_dealing or not isinstance(entry, Adjustment) else 0
        )
        if meta.deals is not None and dealt > max(meta.deals, tally.dealt) and not extra:
            raise PastPlanError(
                _(
                    "all {deals} planned deals are played; this hand would be deal {deal} "
                    "(add --extra to record it anyway)"
                ).format(deals=meta.deals, deal=dealt),
                path,
                meta.deals,
            )
        dealer = meta.players[dealer_of(meta.first_dealer, tally.dealt + 1)]
        found.append(
            Recorded(path, meta, rules, entry, outcome, n, dealer, totals, not dry_run, dealt)
        )
        return meta.row(n, dealer, text_written, outcome.deltas, totals, "")

    if dry_run:
        reader = check(path)
        refuse_if_broken(reader)
        build(reader, reader.rules())
    else:
        append(path, build, scorer)
    return found[0]


@dataclass(frozen=True, slots=True)
class Edited:
    """A hand undone, voided or amended: the row as it was, and the text that replaced it."""

    path: str
    action: Action
    old: Row
    new_text: str | None  # amend: the corrected hand's canonical text
    new_deltas: Deltas | None = None  # amend: the corrected hand's changes


def undo(path: str) -> Edited:
    """Take back the last hand: it stays in the file, marked undone; the next hand reuses
    its number."""
    return _edit(path, "undo", None, None)


def void(path: str, number: int) -> Edited:
    """Void hand `number`: it keeps its number and its deal, its score is skipped."""
    return _edit(path, "void", number, None)


def amend(path: str, number: int, text: str) -> Edited:
    """Replace hand `number` by `text`, a whole hand or only the words that change (see
    correction.correct); the old text stays above it, marked amended."""
    return _edit(path, "amend", number, text)


def _edit(path: str, action: Action, number: int | None, text: str | None) -> Edited:
    """Rewrite the ledger with one hand undone, voided or amended; totals recomputed."""
    done: list[Edited] = []

    def transform(
        reader: LedgerReader, rules: RuleSet, tally: Tally
    ) -> tuple[Meta, Iterable[Sequence[str]]]:
        meta = reader.meta
        target = tally.slots if action == "undo" else number
        assert target is not None
        if action == "undo" and target == 0:
            raise LedgerError(_("there is no hand to undo"), path)
        if not 1 <= target <= tally.slots:
            raise RequestError(
                _("there is no hand {number} in {path}; its hands are numbered 1 to {last}").format(
                    number=target, path=path, last=tally.slots
                )
                if tally.slots
                else _("there is no hand {number}: {path} has no hands yet").format(
                    number=target, path=path
                )
            )

        def corrected(row: Row) -> tuple[str, Deltas]:
            """The hand's new text and changes: `text` whole, or the words that change."""
            assert text is not None
            entry = correct(parse_hand(row.hand, meta.players), text, meta.players)
            new_text = canonical(entry, meta.players)
            if new_text == row.hand:  # an amend that changes nothing would only add history
                raise RequestError(
                    _('hand {number} is "{hand}" already; nothing to amend').format(
                        number=row.n, hand=row.hand
                    )
                )
            return new_text, score(entry, rules, meta.players).deltas

        cells = meta.row

        def rows() -> Iterator[list[str]]:
            totals: Deltas = (0, 0, 0, 0)
            dealt = 0  # deals used so far: an amend may turn an adj into a hand or back
            for row in verify(reader):
                if not tally.legacy_dealing:
                    row = row._replace(dealer=meta.players[dealer_of(meta.first_dealer, dealt + 1)])
                status = row.status
                if done and action == "undo":  # rows of the next number follow the last hand
                    raise LedgerError(
                        _(
                            "hand {number} cannot be undone: hand {later} was undone after it, "
                            "and an undone row keeps the number of the hand that follows it; "
                            "void or amend hand {number} instead"
                        ).format(number=target, later=row.n),
                        path,
                        row.line,
                    )
                if row.n == target and status in SLOT_STATUSES:
                    new = None if text is None else corrected(row)
                    done.append(
                        Edited(
                            path,
                            action,
                            row,
                            None if new is None else new[0],
                            None if new is None else new[1],
                        )
                    )
                    if action == "void":
                        if status == VOID:
                            raise LedgerError(
                                _("hand {number} is void already").format(number=target),
                                path,
                                row.line,
                            )
                        status = VOID
                    elif action == "undo":
                        if status == VOID:
                            raise LedgerError(
                                _(
                                    "hand {number} is void and cannot be undone: a void hand "
                                    "keeps its number and its deal (amend it to correct its text)"
                                ).format(number=target),
                                path,
                                row.line,
                            )
                        status = UNDONE
                    else:
                        assert new is not None
                        yield cells(
                            row.n, row.dealer, row.hand, row.deltas, None, AMENDED, row.extra
                        )
                        row = row._replace(hand=new[0], deltas=new[1])  # a void hand stays void
                if status in SLOT_STATUSES and not is_adjustment(row.hand):
                    dealt += 1
                if status:
                    yield cells(row.n, row.dealer, row.hand, row.deltas, None, status, row.extra)
                    continue
                totals = add(totals, row.deltas)
                yield cells(row.n, row.dealer, row.hand, row.deltas, totals, "", row.extra)

        return meta, rows()

    rewrite(path, transform)
    return done[0]


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


@dataclass(slots=True)
class _Count:
    """Hands that change, hands the new rules refuse, and the sum of the changes' shifts."""

    changed: int = 0
    rejected: int = 0
    shift: Deltas = (0, 0, 0, 0)


def recalc(
    path: str, rules: RuleSet | None = None, write: bool = False, changes: Changes | None = None
) -> Recalculated:
    """Rescore every counted hand of a ledger (under `rules`, or its own), telling `changes`
    of each hand that changes; with `write`, rewrite the ledger with the new changes, totals
    and rule system. Void, amended and undone rows are rescored too (each row's text scores
    to its changes under the file's rules), but they add to no total and are not told. A
    hand the rules refuse, or a ledger with a problem, raises a ProblemsError listing every
    problem; nothing is written then."""
    count = _Count()
    seen: list[tuple[LedgerReader, RuleSet]] = []

    def rescoring(reader: LedgerReader, own: RuleSet) -> tuple[Scorer, OnChange, list[Deltas]]:
        """The scorer of the new rules, and what to do with each hand it scores otherwise:
        count it, tell `changes`, and leave its new changes for the row being written."""
        use = rules or own
        seen.append((reader, use))
        if changes is not None:
            changes.start(reader.meta, use)
        new: list[Deltas] = []

        def changed(row: Row, scored: Scored | BaskaError) -> None:
            if isinstance(scored, BaskaError):
                named = hand_named(row.n, row.status)
                reader.problem(row.line, f'{named} "{row.hand}": {scored}')
                count.rejected += 1
                return
            if row.status:  # a void or history row: rescored, but it adds to no total
                new.append(scored.deltas)
                return
            count.changed += 1
            count.shift = add(
                count.shift, [s - d for s, d in zip(scored.deltas, row.deltas, strict=True)]
            )
            new.append(scored.deltas)
            if changes is not None:
                changes.hand(row, scored.deltas)

        return Scorer(reader.meta.players, use), changed, new

    def transform(
        reader: LedgerReader, own: RuleSet, tally: Tally
    ) -> tuple[Meta, Iterable[Sequence[str]]]:
        scorer, changed, new = rescoring(reader, own)

        meta = reader.meta.with_rules(rules or own)
        cells = meta.row

        def rows() -> Iterator[list[str]]:
            totals: Deltas = (0, 0, 0, 0)
            for row in verify(reader, scorer, strict=False, on_change=changed):
                deltas = new.pop() if new else row.deltas
                if row.status:
                    yield cells(row.n, row.dealer, row.hand, deltas, None, row.status, row.extra)
                    continue
                totals = add(totals, deltas)
                yield cells(row.n, row.dealer, row.hand, deltas, totals, "", row.extra)

        return meta, rows()

    try:
        if write:
            rewrite(path, transform, precheck=False)
        else:
            with open_ledger(path) as reader:
                scorer, changed, _new = rescoring(reader, reader.rules())
                scan(reader, scorer, strict=False, on_change=changed)
    except BaskaError as error:
        if not seen or not seen[0][0].problems:
            raise
        _refuse(path, seen[0][0], seen[0][1], count, True, error)
    reader, use = seen[0]
    if reader.problems:
        _refuse(path, reader, use, count, False, None)
    old = reader.tally.totals
    return Recalculated(path, reader.meta, use, old, add(old, count.shift), count.changed, write)


def _refuse(
    path: str,
    reader: LedgerReader,
    rules: RuleSet,
    count: _Count,
    unchanged: bool,
    cause: BaskaError | None,
) -> None:
    """Raise the ProblemsError of a recalc that found problems (`unchanged`: say that the
    ledger was not changed)."""
    if count.rejected and unchanged:
        message = ngettext(
            "{count} hand cannot be scored under {rules}; the ledger was not changed",
            "{count} hands cannot be scored under {rules}; the ledger was not changed",
            count.rejected,
        )
    elif count.rejected:
        message = ngettext(
            "{count} hand cannot be scored under {rules}",
            "{count} hands cannot be scored under {rules}",
            count.rejected,
        )
    elif unchanged:
        message = _("the ledger has problems; it was not changed")
    else:
        message = _("the ledger has problems")
    message = message.format(count=count.rejected, rules=rules.name)
    raise ProblemsError(message, path, problems=tuple(reader.problems)) from cause


@dataclass(frozen=True, slots=True)
class Converted:
    """A ledger rewritten in another format version: the versions and the hands it holds."""

    path: str
    old: int
    new: int
    hands: int


def convert(path: str, version: int = 2) -> Converted:
    """Rewrite a ledger (which must check clean) in format `version`, keeping its dialect,
    extra rows and columns, every hand and its history; nothing else changes. `baska
    upgrade` turns a version 1 ledger into version 2 this way (and only this way)."""
    found: list[int] = []

    def transform(
        reader: LedgerReader, rules: RuleSet, tally: Tally
    ) -> tuple[Meta, Iterable[Sequence[str]]]:
        found.append(reader.meta.version)
        meta = replace(reader.meta, version=version)
        cells = meta.row

        def rows() -> Iterator[list[str]]:
            for row in verify(reader):
                totals = None if row.status else row.totals
                yield cells(row.n, row.dealer, row.hand, row.deltas, totals, row.status, row.extra)

        return meta, rows()

    reader = rewrite(path, transform)
    return Converted(path, found[0], version, reader.tally.counted)
