"""A line still being typed: its preview says what it lacks (game/partial), not an error."""

from __future__ import annotations

from baska_cli.game.notation import parse_hand
from baska_cli.game.partial import correction_missing, missing
from baska_cli.ledger.view import LedgerView
from baska_cli.play.results import LastHand, Preview


def refused(error: str, typed: str, session: LedgerView, last: LastHand | None = None) -> Preview:
    """The preview of a line refused with `error`, on the ledger `session`: "partial" with
    what it lacks when adding that would make a hand (a hand's line, or, with `last`, the
    words correcting the last hand), else the "error"."""
    players, contracts = session.meta.players, session.rules.contracts
    if last is None:
        lacks = missing(typed, players, contracts)
    else:
        lacks = correction_missing(parse_hand(last.text, players), typed, players, contracts)
    if not lacks:
        return Preview("error", error=error)
    number = None if last is None else last.n
    return Preview("partial", typed.strip(), number=number, error=error, missing=lacks)
