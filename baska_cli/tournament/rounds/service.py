"""A round closed by the organiser (its tables' keys record no more), and the newest round's
draw taken back while nothing is recorded in it."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.i18n import _, ngettext
from baska_cli.ledger.store import locked
from baska_cli.tournament import folder
from baska_cli.tournament.folder import ledger_name, load, lock
from baska_cli.tournament.rounds.progress import not_in, recorded_tables
from baska_cli.tournament.tables.state import TableState, states_of


@dataclass(frozen=True, slots=True)
class Closed:
    """A round closed: its number, its tables not in (the organiser's to enter), and whether
    it was closed before."""

    round: int
    late: tuple[TableState, ...]
    already: bool


def close_round(path: str, round_number: int) -> Closed:
    """Close a drawn round: its tables' keys record nothing more (the organiser's key still
    does), and its tables not in no longer keep the next round from being drawn."""
    with lock(path):
        t = load(path)
        if not 1 <= round_number <= len(t.draws):
            raise TournamentInputError(
                _("round {round} is not drawn yet ({count} drawn)").format(
                    round=round_number, count=len(t.draws)
                )
            )
        already = round_number in t.closed
        if not already:
            folder.close_round(t, round_number)
        late = not_in(t, states_of(t, round_number))
    return Closed(round_number, tuple(late), already)


def undo_draw(path: str) -> int:
    """Take back the newest round's draw (its directory: ledgers, seating, printouts), refused
    once anything is recorded in it; the round taken back. Every table ledger of the round is
    locked while it is looked at and removed, so no phone records a hand meanwhile. The
    players the draw left out as absent are in the round's draw again."""
    with lock(path):
        t = load(path)
        if not t.draws:
            raise TournamentError(_("no round is drawn yet, so there is no draw to take back"))
        number = len(t.draws)
        with contextlib.ExitStack() as held:
            for table in range(1, len(t.draws[number - 1].tables) + 1):
                held.enter_context(locked(t.file(ledger_name(number, table))))
            used = recorded_tables(load(path), number)
            if used:
                raise TournamentError(
                    ngettext(
                        "round {round} cannot be taken back: table {tables} has a hand, a "
                        "result, a walk-out or a player's word recorded",
                        "round {round} cannot be taken back: tables {tables} have hands, "
                        "results, walk-outs or players' words recorded",
                        len(used),
                    ).format(round=number, tables=", ".join(map(str, used)))
                )
            folder.remove_round(t, number)
        absent = set(t.draws[number - 1].absent)
        if absent:
            back = [
                replace(p, entered=number) if p.name in absent and p.entered == number + 1 else p
                for p in t.players
            ]
            folder.save_players(t, back)
    return number
