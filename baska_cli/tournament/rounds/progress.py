"""A round's progress: which of its tables are not in (the one test behind `tournament draw`
and the organiser's page alike), and at which something is recorded (a draw taken back)."""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.errors import TournamentError
from baska_cli.i18n import ngettext
from baska_cli.tournament.folder import Tournament
from baska_cli.tournament.results import CORRECTED, ORGANISER
from baska_cli.tournament.tables.state import (
    CONFIRMED,
    NEW,
    WAITING,
    WALKOUT,
    TableState,
    states_of,
)

IN = (CONFIRMED, WALKOUT)  # a table whose result is final


class RoundNotIn(TournamentError):
    """The next round refused: tables of the newest round are not in (`states`)."""

    def __init__(self, round_number: int, states: Sequence[TableState]) -> None:
        tables = ", ".join(str(s.table) for s in states)
        super().__init__(
            ngettext(
                "round {round} is not in yet: table {tables}",
                "round {round} is not in yet: tables {tables}",
                len(states),
            ).format(round=round_number, tables=tables)
        )
        self.round = round_number
        self.states = tuple(states)


def not_in(t: Tournament, states: Sequence[TableState]) -> list[TableState]:
    """The tables whose result is not final yet: not confirmed, no walk-out, and no paper
    result the organiser entered himself (his own entry waits for nobody's word: a tournament
    scored on paper draws its rounds as it always did)."""
    entered = {(r.round, r.table) for r in t.sheets if r.by == ORGANISER and r.status != CORRECTED}
    return [
        s
        for s in states
        if s.status not in IN
        and not (s.status == WAITING and not s.conflict and (s.round, s.table) in entered)
    ]


def newest_not_in(t: Tournament) -> list[TableState]:
    """The tables of the newest round that are not in, which keep the next round from being
    drawn (none before the first draw, none once the organiser closed the round)."""
    newest = len(t.draws)
    if not newest or newest in t.closed:
        return []
    return not_in(t, states_of(t, newest))


def recorded_tables(t: Tournament, round_number: int) -> list[int]:
    """The tables of a drawn round at which anything is recorded: a hand, a paper result, a
    walk-out or a player's word (a correction or an undo counts too: it is history)."""
    found = {s.table for s in states_of(t, round_number) if s.status != NEW or s.dealt}
    found |= {r.table for r in t.sheets if r.round == round_number}
    found |= {w.table for w in t.walkouts if w.round == round_number}
    found |= {c.table for c in t.confirmations if c.round == round_number}
    return sorted(found)
