"""What a line typed at the table did, as plain values (a front end turns them into words);
the last hand of a ledger's rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from baska_cli.evening.quote import Quote
from baska_cli.evening.totals import Standing
from baska_cli.game.callers import MovedCallers
from baska_cli.game.model import Deltas, Entry, Outcome
from baska_cli.game.partial import Part
from baska_cli.game.rules import RuleSet
from baska_cli.ledger.format import SLOT_STATUSES, Row
from baska_cli.ledger.view import LedgerView
from baska_cli.play.conflicts import AlreadyDone, Conflict
from baska_cli.play.guards import Question


@dataclass(frozen=True, slots=True)
class LastHand:
    """The last numbered hand of the ledger (counted or void): its number and text."""

    n: int
    text: str


def last_hand(rows: Sequence[Row]) -> LastHand | None:
    """The last numbered hand (counted or void) of rows in file order."""
    for row in reversed(rows):
        if row.status in SLOT_STATUSES:
            return LastHand(row.n, row.hand)
    return None


@dataclass(frozen=True, slots=True)
class Seen:
    """What a front end showed while a line was typed: the number the next hand gets, and
    the last hand (None: none yet). A hand, a correction of the last hand and an undo are
    done only while it still holds (play.conflicts)."""

    next: int
    last: LastHand | None


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Who deals and who leads the next hand, and how many deals are used of the plan."""

    dealer: str
    leader: str
    deals: int | None  # the planned deals (None: no plan)
    dealt: int


@dataclass(frozen=True, slots=True)
class ChangedElsewhere:
    """Another program (another terminal, another phone) wrote the ledger since this one
    last read it: the ledger's last hand now (None: it has none)."""

    last: LastHand | None


@dataclass(frozen=True, slots=True)
class Preview:
    """What a line being typed would do, not done: `kind` is "empty", "error" (`error` says
    why it cannot be done), "partial" (a line still being typed: `missing` its parts that
    are not there yet, game/partial; `error` what entering it now would say), "hand" or
    "correct" (the hand `text` with its `deltas`; a correction names the hand `number` it
    changes, and `moved` when it moves the side so that named contras count anew, which
    asks first), or "command" (`text` is its name)."""

    kind: Literal["empty", "error", "partial", "hand", "correct", "command"]
    text: str = ""
    deltas: Deltas | None = None
    number: int | None = None
    error: str = ""
    moved: MovedCallers | None = None
    outcome: Outcome | None = field(default=None, compare=False)  # (scored: `deltas`' why)
    missing: tuple[Part, ...] = ()


@dataclass(frozen=True, slots=True)
class HandRecorded:
    """A hand appended to the ledger: its number, entry, text as written and changes, the
    totals after it, the next deal, the outcome it was scored to under `rules` (scored once,
    on its way to the file), and the ledger's news if another program wrote it right after."""

    n: int
    entry: Entry
    players: tuple[str, str, str, str]
    deltas: Deltas
    totals: Deltas
    next_deal: NextDeal
    text: str
    outcome: Outcome
    rules: RuleSet
    elsewhere: ChangedElsewhere | None = None


@dataclass(frozen=True, slots=True)
class HandChanged:
    """A hand undone, voided or amended (a correction of the last hand is an amend): the
    hand as it was, its new text, changes and outcome (amend), and the totals and next deal
    after."""

    action: Literal["undo", "void", "amend"]
    n: int
    old_text: str
    was_void: bool
    new_text: str | None
    new_deltas: Deltas | None
    players: tuple[str, str, str, str]
    totals: Deltas
    next_deal: NextDeal
    new_outcome: Outcome | None = None


@dataclass(frozen=True, slots=True)
class SheetRead:
    """The score sheet: the ledger as read and its rows in file order."""

    session: LedgerView
    rows: tuple[Row, ...]


@dataclass(frozen=True, slots=True)
class StandingsRead:
    """Places and totals."""

    standings: tuple[Standing, ...]


@dataclass(frozen=True, slots=True)
class HandExplained:
    """Why hand `n` ("text") scored as it did: its outcome."""

    n: int
    text: str
    entry: Entry
    rules: RuleSet
    players: tuple[str, ...]
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class ContractQuoted:
    """What a contract pays under the ledger's rules (`quote zo`)."""

    quote: Quote


@dataclass(frozen=True, slots=True)
class Idle:
    """A line that changes nothing: "empty" (or a comment), "help", or "quit"."""

    kind: Literal["empty", "help", "quit"]


Result = (
    Idle
    | Question
    | Conflict
    | AlreadyDone
    | HandRecorded
    | HandChanged
    | SheetRead
    | StandingsRead
    | HandExplained
    | ContractQuoted
)
