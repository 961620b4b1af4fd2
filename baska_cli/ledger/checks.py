"""The checks of a ledger's hand row: small functions of the row and the pass's state, each
giving its problems; `checker` runs them in order on every row (a new row rule is one more).

A check reads what the rows above gave from the state (`Pass`); `Pass.count` moves it on
after a row. Two checks also note what a row tells of the file: `check_replaced` that an
amended row above is replaced, `check_dealer` that baska 0.1.0 dealt it (see there).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from baska_cli.errors import BaskaError
from baska_cli.evening.scorer import Scored, Scorer
from baska_cli.evening.totals import add
from baska_cli.game.formula import runs_as_formula
from baska_cli.game.model import SEATS, Deltas
from baska_cli.game.vocabulary import ADJUST_WORD
from baska_cli.i18n import N_, _
from baska_cli.ledger.format import (
    AMENDED,
    STATUS_WORDS,
    STATUSES,
    VOID,
    Cells,
    Row,
)

OnChange = Callable[[Row, "Scored | BaskaError"], None]

ORDER_HINT = N_(
    "if the sheet was sorted in a spreadsheet, sort it back by the # column, each amended "
    "or undone row above the row that follows it"
)


class Problem(NamedTuple):
    """A problem of a row: the physical line it is at, and what it is."""

    line: int
    message: str


@dataclass(slots=True)
class Pass:
    """One pass over a ledger's rows: how they are checked, and what the rows above gave.

    `dealers`: who deals each deal, by its number modulo 4. `strict=False` leaves counted
    hands' sums and texts, every row's score and the running totals alone (recalc rescoring
    a ledger under other rules); with `on_change`, a row that the scorer refuses or scores
    otherwise goes to it instead of being a problem.
    """

    dealers: Sequence[str]
    rules_name: str
    scorer: Scorer | None
    strict: bool
    on_change: OnChange | None
    bracketing: bool  # format 2: a cancelled row's changes in parentheses, and only its
    slots: int = 0  # hands numbered (counted or void)
    counted: int = 0
    totals: Deltas = (0, 0, 0, 0)  # the running totals after the last counted hand
    # a referee's adj deals nothing: the hand after it has the same dealer; baska 0.1.0
    # moved the deal on an adj, and a ledger written so keeps its order (`legacy`, decided by
    # the first row after an adj whose dealer tells the two apart)
    skipped: int = 0  # numbered adj rows (deals not used) above, while not legacy
    legacy: bool | None = None
    amended_at: int = 0  # the line of an amended row not yet replaced (0: none)
    amended_n: int = 0  # and its number

    def count(self, row: Cells) -> None:
        """Move on past a row of a known status: its number, deal and running totals."""
        status = row.status
        if status == AMENDED:
            self.amended_at, self.amended_n = row.line, row.n
        if status and status != VOID:
            return  # (an amended or undone row's number is taken again)
        self.slots = row.n if row.n > self.slots else self.slots + 1
        if not self.legacy and is_adjustment(row.hand):
            self.skipped += 1
        if not status:
            self.counted += 1
            if self.strict and row.totals is not None:
                self.totals = row.totals
            else:
                self.totals = add(self.totals, row.deltas)


def is_adjustment(hand: str) -> bool:
    """Whether a row's text is a referee's adjustment (`adj …`), which uses up no deal."""
    return hand[:3].lower() == ADJUST_WORD and hand[3:4] in (" ", "")


def hand_named(n: int, status: str) -> str:
    """`hand 5`, or with a status `hand 5 (void)` (the status as the file spells it)."""
    if not status:
        return _("hand {number}").format(number=n)
    return _("hand {number} ({status})").format(number=n, status=status)


def dangling(n: int, after: str) -> str:
    """The problem of an amended row that no row of its hand replaces."""
    return _(
        "hand {number} (amended): {after}, but an amended row must be followed by the row "
        "that replaced it (hand {number}, counted, void or undone)"
    ).format(number=n, after=after) + _("; {hint}").format(hint=_(ORDER_HINT))


def _show(values: Sequence[int], signs: bool = True) -> str:
    """Four numbers as `+2 −2 +2 −2` for messages."""
    return " ".join(f"{v:+d}" if signs else str(v) for v in values)


def stored(row: Cells) -> Row:
    """The row as stored (and given out by verify)."""
    return Row(row.line, row.n, row.dealer, row.hand, row.deltas, row.totals, row.status, row.extra)


# --- every row ------------------------------------------------------------------------------


def check_replaced(row: Cells, state: Pass) -> Sequence[Problem]:
    """An amended row is followed (after any further amended rows of its number) by a row of
    its number that is not amended; this row ends the wait unless it is one of those."""
    if not state.amended_at or (row.n == state.amended_n and row.status == AMENDED):
        return ()
    at, n = state.amended_at, state.amended_n
    state.amended_at = 0
    if row.n == n:
        return ()
    return [Problem(at, dangling(n, _("hand {number} follows it").format(number=row.n)))]


def check_number(row: Cells, state: Pass) -> Sequence[Problem]:
    """A row's number follows the last numbered hand's."""
    if row.n == state.slots + 1:
        return ()
    message = _("hand number {number}, expected {expected}").format(
        number=row.n, expected=state.slots + 1
    )
    return [Problem(row.line, message + _("; {hint}").format(hint=_(ORDER_HINT)))]


def check_dealer(row: Cells, state: Pass) -> Sequence[Problem]:
    """A row's dealer is the one the deal rotation gives. The first row after an adj whose
    dealer tells the two orders apart decides whether baska 0.1.0 wrote the file (it moved
    the deal on an adj): such a file keeps its order."""
    want = state.dealers[(row.n - state.skipped) % SEATS]
    dealer = row.dealer
    if dealer == want or dealer.strip() == want:
        if state.skipped % SEATS and state.legacy is None:
            state.legacy = False
        return ()
    if state.skipped and state.legacy is None and dealer.strip() == state.dealers[row.n % SEATS]:
        state.legacy, state.skipped = True, 0  # written by baska 0.1.0: kept as it was
        return ()
    message = _('hand {number}: the dealer is {dealer}, not "{typed}"').format(
        number=row.n, dealer=want, typed=dealer
    )
    return [Problem(row.line, message)]


def check_hand_given(row: Cells, state: Pass) -> Sequence[Problem]:
    """A row's hand is not empty."""
    if row.hand:
        return ()
    return [Problem(row.line, _("hand {number}: the hand is empty").format(number=row.n))]


def check_status(row: Cells, state: Pass) -> Sequence[Problem]:
    """A row's status is known (a row whose status is not one is checked no further)."""
    if not row.status or row.status in STATUSES:
        return ()
    message = _('hand {number}: "{status}" is not a status; expected {statuses}').format(
        number=row.n, status=row.status, statuses=_(STATUS_WORDS)
    )
    return [Problem(row.line, message)]


# --- a row of a known status ----------------------------------------------------------------


def check_changes(row: Cells, state: Pass) -> Sequence[Problem]:
    """Format 2: a cancelled row's four changes are in parentheses, a counted row's none.
    A row's changes sum to 0 (a counted hand's only when strict)."""
    found: list[Problem] = []
    if row.status and state.bracketing and row.bracketed != 4:
        message = _(
            "hand {n} ({status}): a cancelled hand's changes are written in parentheses, "
            "(+2) (-2) (+0), so that a spreadsheet's SUM leaves them out"
        ).format(n=row.n, status=row.status)
        found.append(Problem(row.line, message))
    elif not row.status and row.bracketed:
        message = _(
            "hand {n}: a counted hand's changes are plain numbers; changes in parentheses "
            "mark a cancelled hand (void, amended or undone)"
        ).format(n=row.n)
        found.append(Problem(row.line, message))
    total = sum(row.deltas)
    if total and (state.strict or row.status):
        message = _("hand {number}: the changes sum to {sum:+d}, not 0").format(
            number=row.n, sum=total
        )
        found.append(Problem(row.line, message))
    return found


def check_text(row: Cells, state: Pass) -> Sequence[Problem]:
    """A row's hand could not run as a spreadsheet formula; with a scorer it scores to its
    changes under the session's rules and, strict, is written as format_hand writes it."""
    hand = row.hand
    if runs_as_formula(hand) or any(runs_as_formula(cell) for cell in row.extra):
        message = _('{hand} "{text}": a spreadsheet would run this text as a formula').format(
            hand=hand_named(row.n, row.status),
            text=next(text for text in (hand, *row.extra) if runs_as_formula(text)),
        )
        return [Problem(row.line, message)]
    scorer = state.scorer
    if scorer is None or (not state.strict and state.on_change is None):
        return ()
    scored = scorer(hand)
    found: list[Problem] = []
    if isinstance(scored, BaskaError) or scored.deltas != row.deltas:
        if state.on_change is not None:
            state.on_change(stored(row), scored)
        elif isinstance(scored, BaskaError):
            found.append(Problem(row.line, f'{hand_named(row.n, row.status)} "{hand}": {scored}'))
        else:
            message = _(
                '{hand} "{text}": the changes are {changes}, but {rules} gives {scored}'
            ).format(
                hand=hand_named(row.n, row.status),
                text=hand,
                changes=_show(row.deltas),
                rules=state.rules_name,
                scored=_show(scored.deltas),
            )
            found.append(Problem(row.line, message))
    if state.strict and isinstance(scored, Scored) and scored.text != hand:
        message = _(
            '{hand} "{text}": the text is not in canonical form; baska writes it "{canonical}"'
        ).format(hand=hand_named(row.n, row.status), text=hand, canonical=scored.text)
        found.append(Problem(row.line, message))
    return found


def check_totals(row: Cells, state: Pass) -> Sequence[Problem]:
    """Strict: a counted hand's running totals are the last ones plus its changes."""
    if row.status or not state.strict:
        return ()
    if row.totals is None:
        message = _("hand {number}: the running totals are missing").format(number=row.n)
        return [Problem(row.line, message)]
    expected = add(state.totals, row.deltas)
    if row.totals == expected:
        return ()
    message = _("hand {number}: the running totals are {totals}, expected {expected}").format(
        number=row.n,
        totals=_show(row.totals, signs=False),
        expected=_show(expected, signs=False),
    )
    return [Problem(row.line, message)]


Check = Callable[[Cells, Pass], Sequence[Problem]]  # no problem: an empty sequence

# The checks of every row, in the order their problems are given.
ROW_CHECKS: tuple[Check, ...] = (
    check_replaced,
    check_number,
    check_dealer,
    check_hand_given,
    check_status,
)
# The checks of a row of a known status, after those.
HAND_CHECKS: tuple[Check, ...] = (check_changes, check_text, check_totals)
