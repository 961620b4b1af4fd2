"""What changes a ledger's hands: record a hand, undo, void, amend, convert; each returns what
it did (recalc, which rescores every hand, is in rescore.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Literal

from baska_cli.errors import (
    BaskaError,
    LedgerError,
    PastPlanError,
    RequestError,
    StaleWriteError,
)
from baska_cli.evening.scorer import Scored, Scorer
from baska_cli.evening.totals import add, dealer_of
from baska_cli.game.callers import MovedCallersError, moved_callers
from baska_cli.game.correction import correct
from baska_cli.game.model import Adjustment, Deltas, Entry, Outcome
from baska_cli.game.notation import canonical, parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score
from baska_cli.i18n import _
from baska_cli.ledger.checker import check, is_adjustment, refuse_if_broken, verify
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
from baska_cli.ledger.store import LockedLedger, open_for_edit
from baska_cli.rulesets.loader import load_rules

if TYPE_CHECKING:
    from baska_cli.ledger.view import LedgerView

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
    text: str  # the hand as its row holds it (canonical)
    tally: Tally  # the ledger's tally with this hand
    appended_to: tuple[int, ...] | None = None  # the file it was appended to, as identity()
    identity: tuple[int, ...] | None = None  # the file with it (None: nothing written)


def record(
    path: str,
    text: str,
    rules_spec: str | None = None,
    dry_run: bool = False,
    extra: bool = False,
    scorer: Callable[[Meta, RuleSet], Scorer] | None = None,
    known: LedgerView | None = None,
    number: int | None = None,
) -> Recorded:
    """Score a hand with the session's players and rules and append it to the ledger (with
    `dry_run`, check the ledger and score the hand, but write nothing). `rules_spec`, when
    given, must name the session's own rule system. A hand dealt after the planned deals is
    refused (PastPlanError) unless `extra` says it is meant; an `adj` deals nothing and
    is never refused for that. `scorer` checks the ledger before the append (`baska play`
    keeps one for the evening; see store.open_for_edit), and `known` is the ledger as the
    caller last read it, not read again if the file is still the same."""
    if dry_run:
        reader = check(path)
        refuse_if_broken(reader)
        _refuse_other_rules(path, reader.meta, rules_spec)
        rules = reader.rules()
        made = Scorer(reader.meta.players, rules)
        return _next_hand(path, reader.meta, made, reader.tally, text, extra, False)[0]
    with open_for_edit(path, scorer, known=known) as ledger:
        meta, rules = ledger.meta, ledger.rules
        _refuse_other_rules(path, meta, rules_spec)
        made = scorer(meta, rules) if scorer else Scorer(meta.players, rules)
        if number is not None:
            _expect_next(ledger, number, made(text))
        found, cells = _next_hand(path, meta, made, ledger.tally, text, extra, True)
        ledger.append(cells)
    return replace(found, appended_to=ledger.identity, identity=ledger.written)


def _refuse_other_rules(path: str, meta: Meta, rules_spec: str | None) -> None:
    """Refuse a hand recorded with --rules that are not the session's own."""
    if rules_spec is None:
        return
    wanted = load_rules(rules_spec)
    if rules_lines(wanted) == meta.rules_lines:
        return
    played, asked = f'"{meta.rules_name}"', f'"{wanted.name}"'
    if played.lower() == asked.lower():  # a house system named like another
        played = (_("the built-in {name}") if meta.is_builtin else _("house rules {name}")).format(
            name=played
        )
        asked = (
            _("other house rules {name}") if wanted.overrides else _("the built-in {name}")
        ).format(name=asked)
    raise RequestError(
        _(
            "{path} is played under {played}, not {asked}; "
            "leave out --rules, or rescore the session with "
            "`baska recalc {path} --rules {spec} --write`"
        ).format(path=path, played=played, asked=asked, spec=rules_spec)
    )


def _next_hand(
    path: str, meta: Meta, scorer: Scorer, tally: Tally, text: str, extra: bool, written: bool
) -> tuple[Recorded, list[str]]:
    """The hand `text` scored as the ledger's next one (by `scorer`, which scores a text
    once), and the row it is written as; a hand dealt after the planned deals is refused
    unless `extra` says it is meant."""
    scored = scorer(text)
    if isinstance(scored, BaskaError):
        raise scored
    rules, entry, outcome = scorer.rules, scored.entry, scored.outcome
    n = tally.slots + 1
    totals = add(tally.totals, outcome.deltas)
    dealt = tally.dealt + (1 if tally.legacy_dealing or not isinstance(entry, Adjustment) else 0)
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
    hand = canonical(entry, meta.players)
    after = Tally(n, tally.counted + 1, totals, dealt, tally.legacy_dealing)
    found = Recorded(
        path, meta, rules, entry, outcome, n, dealer, totals, written, dealt, hand, after
    )
    cells = meta.row(n, dealer, hand, outcome.deltas, totals, "")
    return found, cells


def _expect_next(ledger: LockedLedger, number: int, scored: Scored | BaskaError) -> None:
    """Refuse a hand (`scored`) meant to be hand `number` unless that is the ledger's next
    number (under the lock: nothing can come between this look and the append)."""
    if isinstance(scored, BaskaError):
        raise scored
    slots, mine = ledger.tally.slots, scored.text
    if number == slots + 1:
        return
    row = _slot_row(ledger, number) if 1 <= number <= slots else None
    now = None if row is None else row.hand
    if now == mine:
        message = _("hand {number} is recorded already: {hand}; nothing recorded")
        message = message.format(number=number, hand=now)
    elif now is not None:
        message = _(
            "hand {number} is recorded already: {hand}; yours: {mine}; nothing recorded "
            "(hand {next} is the next)"
        ).format(number=number, hand=now, mine=mine, next=slots + 1)
    else:
        message = _("hand {number} is not the next hand (hand {next} is); nothing recorded")
        message = message.format(number=number, next=slots + 1)
    status = "" if row is None else row.status
    raise StaleWriteError(message, ledger.path, number, now, slots + 1, status, mine)


@dataclass(frozen=True, slots=True)
class Edited:
    """A hand undone, voided or amended: the row as it was, and the text that replaced it."""

    path: str
    action: Action
    old: Row
    new_text: str | None  # amend: the corrected hand's canonical text
    new_deltas: Deltas | None = None  # amend: the corrected hand's changes
    new_outcome: Outcome | None = None  # amend: the outcome they come from


def undo(path: str, expected: int | None = None, seen: str | None = None) -> Edited:
    """Take back the last hand: it stays in the file, marked undone; the next hand reuses
    its number. `expected` and `seen`, when given, are the number and text the writer saw:
    the hand is taken back only while it is still the last one and still that text (else
    StaleWriteError, nothing written)."""
    return _edit(path, "undo", expected, None, seen=seen)


def void(path: str, number: int, seen: str | None = None) -> Edited:
    """Void hand `number`: it keeps its number and its deal, its score is skipped (only
    while its text is still `seen`, when given)."""
    return _edit(path, "void", number, None, seen=seen)


def amend(
    path: str, number: int, text: str, recount: bool = False, seen: str | None = None
) -> Edited:
    """Replace hand `number` by `text`, a whole hand or only the words that change (see
    correction.correct); the old text stays above it, marked amended. A correction that
    moves the declaring side under contras written with their callers, changing how many
    count, is refused (MovedCallersError, saying what to type) unless `recount` says the
    contras are to be counted anew. Only while the hand's text is still `seen`, when given."""
    return _edit(path, "amend", number, text, recount, seen)


def _edit(
    path: str,
    action: Action,
    number: int | None,
    text: str | None,
    recount: bool = False,
    seen: str | None = None,
) -> Edited:
    """Rewrite the ledger with one hand undone, voided or amended; totals recomputed. An undo
    with a `number` takes back the last hand only while it is that one; `seen`: the text the
    writer saw, which the hand must still have."""
    with open_for_edit(path) as ledger:
        if action == "undo" and number is not None:
            _expect_last(ledger, number, seen)
        old = _hand_row(ledger, _target(ledger, action, None if action == "undo" else number))
        if seen is not None and old.hand != seen:
            message = _("hand {number} is {hand} now, not {seen}; nothing changed").format(
                number=old.n, hand=old.hand, seen=seen
            )
            slots = ledger.tally.slots
            raise StaleWriteError(message, path, old.n, old.hand, slots + 1, old.status)
        done = _edited(ledger, action, old, text, recount)
        ledger.replace(ledger.meta, _rows_after(ledger, done))
    return done


def _target(ledger: LockedLedger, action: Action, number: int | None) -> int:
    """The number of the hand to edit (undo: the last), which the ledger must have."""
    path, slots = ledger.path, ledger.tally.slots
    target = slots if action == "undo" else number
    assert target is not None
    if action == "undo" and target == 0:
        raise LedgerError(_("there is no hand to undo"), path)
    if not 1 <= target <= slots:
        raise RequestError(
            _("there is no hand {number} in {path}; its hands are numbered 1 to {last}").format(
                number=target, path=path, last=slots
            )
            if slots
            else _("there is no hand {number}: {path} has no hands yet").format(
                number=target, path=path
            )
        )
    return target


def _expect_last(ledger: LockedLedger, number: int, seen: str | None) -> None:
    """Refuse to take back hand `number` when it is no longer the last hand."""
    slots = ledger.tally.slots
    if number == slots:
        return
    row = _slot_row(ledger, number) if 1 <= number <= slots else None
    message = _("hand {number} is no longer the last hand; nothing was taken back").format(
        number=number
    )
    now, status = (None, "") if row is None else (row.hand, row.status)
    raise StaleWriteError(message, ledger.path, number, now, slots + 1, status)


def _slot_row(ledger: LockedLedger, number: int) -> Row | None:
    """The row of hand `number` (counted or void), or None."""
    for row in verify(ledger.reader()):
        if row.n == number and row.status in SLOT_STATUSES:
            return row
    return None


def _hand_row(ledger: LockedLedger, number: int) -> Row:
    """The row of hand `number` (counted or void; not its history), read from the ledger."""
    row = _slot_row(ledger, number)
    if row is not None:
        return row
    raise LedgerError(_("the ledger changed while it was read; run the command again"), ledger.path)


def _edited(
    ledger: LockedLedger, action: Action, old: Row, text: str | None, recount: bool
) -> Edited:
    """What the edit does to the hand's row `old`, or why it cannot."""
    path, number = ledger.path, old.n
    if action == "void" and old.status == VOID:
        raise LedgerError(_("hand {number} is void already").format(number=number), path, old.line)
    if action == "undo" and old.status == VOID:
        raise LedgerError(
            _(
                "hand {number} is void and cannot be undone: a void hand keeps its number and "
                "its deal (amend it to correct its text)"
            ).format(number=number),
            path,
            old.line,
        )
    if text is None:
        return Edited(path, action, old, None, None)
    players = ledger.meta.players
    was = parse_hand(old.hand, players)
    entry = correct(was, text, players, ledger.rules.contracts)
    moved = None if recount else moved_callers(was, entry, text, ledger.rules, players)
    if moved is not None:
        raise MovedCallersError(moved, number)
    new_text = canonical(entry, players)
    if new_text == old.hand:  # an amend that changes nothing would only add history
        raise RequestError(
            _('hand {number} is "{hand}" already; nothing to amend').format(
                number=number, hand=old.hand
            )
        )
    outcome = score(entry, ledger.rules, players)
    return Edited(path, action, old, new_text, outcome.deltas, outcome)


def _rows_after(ledger: LockedLedger, done: Edited) -> Iterator[list[str]]:
    """The ledger's rows with the edit `done` made: dealers and running totals recomputed
    (an amend may turn an adj into a hand or back)."""
    meta, legacy, cells = ledger.meta, ledger.tally.legacy_dealing, ledger.meta.row
    totals: Deltas = (0, 0, 0, 0)
    dealt = 0  # deals used so far
    past = False  # the edited hand's row was written
    for row in verify(ledger.reader()):
        if not legacy:
            row = row._replace(dealer=meta.players[dealer_of(meta.first_dealer, dealt + 1)])
        status = row.status
        if past and done.action == "undo":  # rows of the next number follow the last hand
            raise LedgerError(
                _(
                    "hand {number} cannot be undone: hand {later} was undone after it, "
                    "and an undone row keeps the number of the hand that follows it; "
                    "void or amend hand {number} instead"
                ).format(number=done.old.n, later=row.n),
                ledger.path,
                row.line,
            )
        if not past and row.n == done.old.n and status in SLOT_STATUSES:
            past = True
            if done.action == "void":
                status = VOID
            elif done.action == "undo":
                status = UNDONE
            else:
                assert done.new_text is not None and done.new_deltas is not None
                yield cells(row.n, row.dealer, row.hand, row.deltas, None, AMENDED, row.extra)
                row = row._replace(hand=done.new_text, deltas=done.new_deltas)  # void stays void
        if status in SLOT_STATUSES and not is_adjustment(row.hand):
            dealt += 1
        if status:
            yield cells(row.n, row.dealer, row.hand, row.deltas, None, status, row.extra)
            continue
        totals = add(totals, row.deltas)
        yield cells(row.n, row.dealer, row.hand, row.deltas, totals, "", row.extra)


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
    with open_for_edit(path) as ledger:
        meta = replace(ledger.meta, version=version)
        ledger.replace(meta, _converted_rows(ledger, meta))
    return Converted(path, ledger.meta.version, version, ledger.tally.counted)


def _converted_rows(ledger: LockedLedger, meta: Meta) -> Iterator[list[str]]:
    """Every row as it is, written in `meta`'s format version."""
    cells = meta.row
    for row in verify(ledger.reader()):
        totals = None if row.status else row.totals
        yield cells(row.n, row.dealer, row.hand, row.deltas, totals, row.status, row.extra)
