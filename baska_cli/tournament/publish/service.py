"""What `baska tournament publish` puts on the league's web site, gathered: the standings
after the newest complete round (or a round asked for), every round's tables with their
results, and each table's ledger to show its hands. No key, no path of the organiser's
machine: a file is named relative to the tournament's directory (`r2/t3.csv`)."""

from __future__ import annotations

import os
from dataclasses import dataclass

from baska_cli.errors import BaskaError, TournamentError
from baska_cli.i18n import _
from baska_cli.ledger.view import LedgerView
from baska_cli.ledger.view import read as read_ledger
from baska_cli.tournament.clock.service import hidden_from_public
from baska_cli.tournament.folder import Tournament, ledger_name, load
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.scores.counted import Problem
from baska_cli.tournament.scores.service import Standings, standings_after
from baska_cli.tournament.service import drawn_round
from baska_cli.tournament.standings import StandingLine, TablePlace
from baska_cli.tournament.walkouts import counting

LEDGER, SHEET, WALKOUT, NONE = "ledger", "sheet", "walkout", "none"  # where a result came from
Seats = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PublishedTable:
    """One table of a round: its players by seat, each seat's result where it counts, the
    ledger whose hands the table page shows, the sheet's corrections, why it does not count."""

    round: int
    table: int
    players: tuple[str, ...]
    places: tuple[TablePlace | None, ...]  # by seat; None: the table's result is not counted
    source: str  # LEDGER, SHEET, WALKOUT or NONE
    ledger: LedgerView | None  # the table's ledger when it has hands and reads clean
    sheets: tuple[TableResult, ...]  # the paper sheet's results entered, oldest first
    walked_out: tuple[str, ...]
    problems: tuple[str, ...]  # why the result is not counted

    @property
    def name(self) -> str:
        """The table's ledger, relative to the tournament (`r2/t3.csv`)."""
        return ledger_name(self.round, self.table)

    @property
    def counted(self) -> bool:
        """Whether the standings count the table's result."""
        return all(p is not None for p in self.places)


@dataclass(frozen=True, slots=True)
class PublishedRound:
    """A drawn round: its tables and who sat out."""

    round: int
    tables: tuple[PublishedTable, ...]
    sitting_out: tuple[str, ...]

    @property
    def complete(self) -> bool:
        """Whether every table's result counts."""
        return all(t.counted for t in self.tables)


@dataclass(frozen=True, slots=True)
class Publication:
    """Everything published: the standings (their notes' paths made relative), the rounds
    up to the standings' round, and the files read (never written over)."""

    standings: Standings
    rounds: tuple[PublishedRound, ...]
    notes: tuple[Problem, ...]  # the tables the standings leave out, named relatively
    reading: tuple[str, ...]


def relative(tournament: Tournament, where: str) -> str:
    """A problem's place with the tournament's directory taken off (`r1/t3.csv`)."""
    folder = os.path.normpath(tournament.path)
    if os.path.normpath(where).startswith(folder + os.sep):
        return os.path.relpath(where, folder).replace(os.sep, "/")
    return where


def _places(lines: tuple[StandingLine, ...]) -> dict[tuple[int, str], TablePlace]:
    """Each player's counted place in each round."""
    return {(p.round, ln.player): p for ln in lines for p in ln.rounds if p.table}


def _ledger(t: Tournament, round_number: int, table: int) -> LedgerView | None:
    """A table's ledger when it has hands and reads clean (else the page shows none)."""
    try:
        found = read_ledger(t.file(ledger_name(round_number, table)))
    except BaskaError:
        return None
    return found if found.tally.slots else None


def _seated(
    places: dict[tuple[int, str], TablePlace], round_number: int, table: int, members: Seats
) -> tuple[TablePlace | None, ...]:
    """Each seat's counted place at a table (all None when the table does not count)."""
    seats = tuple(places.get((round_number, p)) for p in members)
    if any(s is None or s.table != table for s in seats):
        return tuple(None for _s in seats)
    return seats


def _table(
    t: Tournament,
    found: Standings,
    places: dict[tuple[int, str], TablePlace],
    round_number: int,
    table: int,
    members: Seats,
) -> PublishedTable:
    seats = _seated(places, round_number, table, members)
    sheets = tuple(s for s in t.sheets if (s.round, s.table) == (round_number, table))
    walked_out = counting(t.walkouts).get((round_number, table), ())
    ledger = _ledger(t, round_number, table)  # (a walk-out's: the hands played before it)
    source = WALKOUT if walked_out else LEDGER if ledger else SHEET if sheets else NONE
    file = t.file(ledger_name(round_number, table))
    label = _("round {round}/table {table}").format(round=round_number, table=table)
    problems = tuple(
        p.message
        for p in found.problems
        if p.where in (file, label) or p.where.startswith(file + ":")
    )
    return PublishedTable(
        round_number, table, members, seats, source, ledger, sheets, walked_out, problems
    )


def newest_complete(t: Tournament) -> int:
    """The newest round whose every table counts in the standings (1 if none does yet)."""
    places = _places(standings_after(t.path, None).lines)
    for draw in reversed(t.draws):
        seated = [_seated(places, draw.round, n, m) for n, m in enumerate(draw.tables, 1)]
        if all(s is not None for seats in seated for s in seats):
            return draw.round
    return 1


class StandingsHidden(TournamentError):
    """The organiser hides the standings from the public until the last round is over."""


def hidden_check(path: str, anyway: bool = False) -> bool:
    """Whether the standings are hidden from the public now (`hide-standings`, the last
    round not over): refused (StandingsHidden) unless `anyway`, then True (published all
    the same: the front end says so)."""
    hidden = hidden_from_public(path)
    if hidden and not anyway:
        raise StandingsHidden(
            _(
                "the standings are hidden from the public until the last round is over "
                "(hide-standings), and a published site would show them; publish once the "
                "last round is over, or give --anyway to publish them now"
            ),
            path,
        )
    return hidden


def gather(path: str, round_number: int | None = None) -> Publication:
    """What is published of the tournament at `path`: the standings after `round_number`
    (default: the newest complete round) and every round up to it."""
    t = load(path)
    up_to = drawn_round(t, round_number) if round_number is not None else 0
    if not up_to:
        drawn_round(t, None)  # (refused when no round is drawn)
        up_to = newest_complete(t)
    found = standings_after(path, up_to)
    places = _places(found.lines)
    rounds = tuple(
        PublishedRound(
            draw.round,
            tuple(_table(t, found, places, draw.round, n, m) for n, m in enumerate(draw.tables, 1)),
            draw.sitting_out,
        )
        for draw in t.draws
        if draw.round <= up_to
    )
    notes = tuple(Problem(relative(t, p.where), p.message) for p in found.problems)
    return Publication(found, rounds, notes, found.files)
