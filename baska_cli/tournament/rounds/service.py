"""What a front end does to the rounds: draw the next one (or show one drawn before again),
print one again, close one (its tables' keys record no more), take the newest draw back while
nothing is recorded in it; and a round as the organiser's page shows it. Plain arguments in,
plain values out, BaskaErrors for what is refused."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.i18n import _, ngettext
from baska_cli.ledger.store import locked
from baska_cli.tournament import folder
from baska_cli.tournament.clock.service import hall_problems, time_is_up
from baska_cli.tournament.desk.store import read_desk
from baska_cli.tournament.draw import Draw, annotated, draw_round, free_results, history
from baska_cli.tournament.folder import Tournament, ledger_name, load, lock, round_dir
from baska_cli.tournament.players import Entrant, apart_pairs, shown_names
from baska_cli.tournament.rounds.progress import (
    RoundNotIn,
    newest_not_in,
    not_in,
    recorded_tables,
)
from baska_cli.tournament.service import NamePair, drawn_round, next_round
from baska_cli.tournament.tables.state import TableState, states_of
from baska_cli.tournament.walkouts import counting

Pages = Callable[[Tournament, Draw], Mapping[str, str]]
"""The printable pages of a drawn round: file name (in the round's directory) -> text."""


@dataclass(frozen=True, slots=True)
class Drawn:
    """A round's draw: made now (`new`), or one drawn before shown again."""

    draw: Draw
    new: bool
    late: tuple[TableState, ...] = ()  # the tables of the round before not in (drawn anyway)

    @property
    def folder(self) -> str:
        """The round's directory, relative to the tournament's."""
        return round_dir(self.draw.round)


def kept_apart(t: Tournament) -> list[NamePair]:
    """The pairs the draw keeps apart (asked for, and by club if so set)."""
    return apart_pairs(t.plan.apart, t.plan.apart_clubs, t.players)


def draw_next(
    path: str, pages: Pages, round_number: int | None = None, anyway: bool = False
) -> Drawn:
    """Seat the next round — each table's ledger, the seating and the printable `pages` — or,
    for a round drawn already, its draw with its repeats worked out again. Refused
    (RoundNotIn) while tables of the newest round are not in, unless `anyway`; those tables
    go on recording until each is in or the organiser closes their round."""
    t = load(path)
    if round_number is not None and round_number < t.next_round:
        done = t.draws[round_number - 1]
        met, _out = history(t.draws[: done.round - 1])
        return Drawn(annotated(done, met, kept_apart(t)), new=False)
    if round_number is not None and round_number != t.next_round:
        raise TournamentInputError(
            _("--round {round}: the next round to draw is {next}").format(
                round=round_number, next=t.next_round
            )
        )
    with lock(path):
        t = load(path)
        if round_number is not None and round_number < t.next_round:
            return draw_next(path, pages, round_number)  # (drawn meanwhile: not twice)
        number = next_round(t)
        late = newest_not_in(t)
        if late and not anyway:
            raise RoundNotIn(len(t.draws), late)
        met, _sat_out = history(t.draws)
        sat_out = free_results(t.draws, counting(t.walkouts))
        names = [p.name for p in t.players if p.plays(number)]
        desk = read_desk(path)
        absent = [n for n in names if n not in desk.present] if desk.begun else []
        names = [n for n in names if n not in absent]
        done = draw_round(
            number, t.plan.seed, names, met, sat_out, kept_apart(t), dict(t.plan.fixed)
        )
        done = replace(done, absent=tuple(absent))
        folder.write_round(t, done, dict(pages(t, done)))
        if absent:  # (late entries from the next round on, as `enter` makes them)
            later = [replace(p, entered=number + 1) if p.name in absent else p for p in t.players]
            folder.save_players(t, later)
    return Drawn(done, new=True, late=tuple(late))


def print_round(path: str, pages: Pages, round_number: int | None = None) -> str:
    """Write a round's printable pages again (default: the last drawn); the round's
    directory, relative to the tournament's."""
    with lock(path):
        t = load(path)
        number = drawn_round(t, round_number)
        where = round_dir(number)
        for name, text in pages(t, t.draws[number - 1]).items():
            folder.save_page(t, f"{where}/{name}", text)
    return where


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


@dataclass(frozen=True, slots=True)
class RoundView:
    """A round as the organiser's page shows it: the round (0 before any draw), its draw,
    each table's state, those not in (`late`), whether its time is up or it is closed
    (`over`: the deals played may be accepted), and, for the newest round, the round to draw
    next, whether its draw may be taken back and the tables of earlier rounds not in
    (`behind`); the players still playing, the names people read, and what keeps the clock
    or the announcement off the screens."""

    tournament: str
    round: int
    rounds: int
    drawn: int
    deals: int
    draw: Draw | None
    states: tuple[TableState, ...]
    late: tuple[TableState, ...]
    over: bool
    closed: bool
    next_round: int | None
    undo: bool
    behind: tuple[TableState, ...]
    players: tuple[Entrant, ...]
    names: Mapping[str, str]
    problems: tuple[str, ...]


def round_view(path: str, round_number: int | None = None) -> RoundView:
    """The round asked for (default: the newest drawn; refused: a round not drawn) as the
    organiser's page shows it."""
    t = load(path)
    shown = len(t.draws) if round_number is None else round_number
    states = states_of(t, shown) if shown else ()
    newest = shown == len(t.draws)
    following = t.next_round if t.next_round <= t.plan.rounds else None
    behind = []
    for number in range(1, shown if newest else 1):
        behind += not_in(t, states_of(t, number))
    return RoundView(
        t.name,
        shown,
        t.plan.rounds,
        len(t.draws),
        t.plan.deals,
        t.draws[shown - 1] if shown else None,
        tuple(states),
        tuple(not_in(t, states)),
        bool(shown) and (shown in t.closed or time_is_up(t, shown)),
        shown in t.closed,
        following if newest else None,
        bool(shown) and newest and not recorded_tables(t, shown),
        tuple(behind),
        tuple(p for p in t.players if p.withdrawn is None),
        shown_names(t.players),
        hall_problems(path),
    )
