"""What the projector asks of a tournament: the board (screen.py) after the last drawn round
with the round's clock and the announcement (tournament/clock/), its standings left out while
the organiser hides them, and the files whose change may change it (its JSON:
render/tournament/board.py)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from baska_cli.tournament.board.screen import Board, board
from baska_cli.tournament.clock.service import (
    announcement_of,
    clock_of,
    hall_files,
    standings_hidden,
)
from baska_cli.tournament.clock.timing import RoundClock
from baska_cli.tournament.details import DETAILS
from baska_cli.tournament.folder import CLOSED, WALKOUTS, Tournament, inputs, load, round_dir
from baska_cli.tournament.scores.counted import CHECKED
from baska_cli.tournament.scores.service import standings_of
from baska_cli.tournament.service import drawn_round


@dataclass(frozen=True, slots=True)
class BoardNow:
    """The board as every screen shows it now: the board (its standings, teams and
    categories left out while `hidden`), the round's clock and the announcement (None while
    there is none), and every file whose change may change it."""

    board: Board
    hidden: bool
    clock: RoundClock | None
    announcement: str | None
    watched: tuple[str, ...]


def watched(t: Tournament) -> tuple[str, ...]:
    """The files the board is made of, and those whose appearance changes it: the roster's
    details, the walk-outs, the next round's seating, the newest round's mark of closing
    (the cache of checked ledgers is not one of them: reading the standings writes it)."""
    read = [f for f in inputs(t) if f != t.file(CHECKED)]
    more = [DETAILS, WALKOUTS, f"{round_dir(t.next_round)}/seating.csv"]
    if t.draws:  # (closing it stops its clock, and shows hidden standings after the last)
        more.append(f"{round_dir(len(t.draws))}/{CLOSED}")
    return (*read, *(t.file(name) for name in more), *hall_files(t.path))


def _public(t: Tournament, found: Board) -> BoardNow:
    """The board with the clock and the announcement, and without standings while the
    organiser hides them (`standings_hidden`)."""
    hidden = standings_hidden(t, found.round)
    if hidden:
        found = replace(found, lines=(), teams=(), categories=())
    return BoardNow(found, hidden, clock_of(t), announcement_of(t), watched(t))


def board_now(path: str, round_number: int | None = None) -> BoardNow:
    """The board after a round (default: the last drawn; before the first draw, no round
    and no lines)."""
    t = load(path)
    if not t.draws and round_number is None:
        made = board((), t.players, name=t.name, round_number=0, rounds=t.plan.rounds,
                     tables=0, tie_breaks=t.plan.tie_breaks)  # fmt: skip
        return _public(t, made)
    up_to = drawn_round(t, round_number)
    found = standings_of(t, up_to)
    made = board(
        found.lines,
        found.players,
        name=found.name,
        round_number=up_to,
        rounds=t.plan.rounds,
        tables=len(t.draws[up_to - 1].tables),
        tie_breaks=t.plan.tie_breaks,
        closed=up_to in t.closed,
    )
    return _public(t, made)
