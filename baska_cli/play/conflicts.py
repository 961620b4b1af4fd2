"""A write that names what its writer saw, held against what the ledger holds now.

A phone (or a terminal's prompt) says which hand it means: a new hand the number it saw for
the next one, a correction, an undo or a void the hand's number and the text it saw. While
that still holds, the write goes on. Otherwise it writes nothing and is either done already
(the same hand recorded, the same correction made: `AlreadyDone`) or a `Conflict` that names
both, what the ledger has now and what this writer sent, for the players to settle.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from baska_cli.errors import BaskaError
from baska_cli.ledger.format import SLOT_STATUSES, UNDONE, VOID, Row

Action = Literal["hand", "amend", "undo", "void"]
# What the players may answer a conflict: "amend" hand `number` to this writer's hand,
# "append" it as the next hand, "again": the same edit on the hand as it is now, "drop" it
# (the default: it changes nothing)
Choice = Literal["amend", "append", "again", "drop"]


@dataclass(frozen=True, slots=True)
class Conflict:
    """Nothing written: `action` was meant for hand `number` as its writer saw it, and the
    ledger holds something else. "hand": a new hand (`mine`, canonical) for `number`, which
    holds `now` already (None: `number` is not the next number, which is `next`); "amend",
    "undo", "void": hand `number` was `seen` and is `now` (None: it is gone, or it is no
    longer the last hand, for an undo), `mine` being a correction's words; `status`: hand
    `number`'s status now ("" or "void")."""

    action: Action
    number: int
    now: str | None
    mine: str
    seen: str | None
    next: int
    status: str = ""

    @property
    def last(self) -> bool:
        """Whether hand `number` is still the last hand (an undo can take back only that)."""
        return self.number == self.next - 1

    @property
    def choices(self) -> tuple[Choice, ...]:
        """What the players may answer, "drop" last (the default, which changes nothing)."""
        if self.action == "hand":
            return ("append", "drop") if self.now is None else ("amend", "append", "drop")
        if self.now is None or (self.action == "undo" and not self.last):
            return ("drop",)
        return ("again", "drop")


@dataclass(frozen=True, slots=True)
class AlreadyDone:
    """Nothing written because the ledger holds it already: hand `number` is `text` (a new
    hand recorded before, the same correction made, the hand taken back or voided)."""

    action: Action
    number: int
    text: str


Settled = Conflict | AlreadyDone | None


def slot_row(rows: Sequence[Row], number: int) -> Row | None:
    """The row of hand `number` (counted or void), or None."""
    return next((r for r in rows if r.n == number and r.status in SLOT_STATUSES), None)


def against_next(rows: Sequence[Row], next_number: int, number: int, text: str) -> Settled:
    """A new hand (canonical `text`) meant to be hand `number`: None while that is the next
    number; done already when hand `number` is that very text; else a Conflict."""
    if number == next_number:
        return None
    row = slot_row(rows, number) if number < next_number else None
    if row is not None and row.hand == text:
        return AlreadyDone("hand", number, text)
    now, status = (None, "") if row is None else (row.hand, row.status)
    return Conflict("hand", number, now, text, None, next_number, status)


def against_seen(
    rows: Sequence[Row],
    next_number: int,
    action: Action,
    number: int,
    seen: str,
    words: str = "",
    corrected: Callable[[str, str], str] | None = None,
) -> Settled:
    """An edit of hand `number`, seen as `seen`: None while the hand is still that text (and,
    for an undo, still the last hand); done already when the ledger shows it done (the same
    correction, the hand taken back or voided); else a Conflict. `corrected(text, words)`:
    what the correction's `words` make of a text (for a correction made already)."""
    row = slot_row(rows, number)
    holds = row is not None and row.hand == seen
    if holds and (action != "undo" or number == next_number - 1):
        assert row is not None
        return AlreadyDone(action, number, row.hand) if _voided(action, row) else None
    if action == "undo" and row is None and number == next_number and _undone(rows, number, seen):
        return AlreadyDone(action, number, seen)
    if row is not None and action == "amend" and corrected is not None:
        try:
            if corrected(seen, words) == row.hand:
                return AlreadyDone(action, number, row.hand)
        except BaskaError:
            pass
    now, status = (None, "") if row is None else (row.hand, row.status)
    return Conflict(action, number, now, words, seen, next_number, status)


def _voided(action: Action, row: Row) -> bool:
    """Whether a void finds its hand void already."""
    return action == "void" and row.status == VOID


def _undone(rows: Sequence[Row], number: int, text: str) -> bool:
    """Whether the ledger's latest row numbered `number` is that hand, taken back."""
    latest = next((r for r in reversed(rows) if r.n == number), None)
    return latest is not None and latest.status == UNDONE and latest.hand == text
