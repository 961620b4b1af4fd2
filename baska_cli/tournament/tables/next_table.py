"""What a table's players are told once its result is confirmed: each one's place and place
points at the table (the rule system's, as the standings count them), then, as soon as the
next round is drawn, where each of them plays in it."""

from __future__ import annotations

from dataclasses import dataclass

from baska_cli.tournament.folder import Tournament, load
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.standings import TablePlace, table_places
from baska_cli.tournament.tables.state import CONFIRMED, TableState, state_of

SITS_OUT = 0  # a NextSeat's table when the player sits the round out


@dataclass(frozen=True, slots=True)
class NextSeat:
    """Where a player plays in the next round: the table and the seat (SITS_OUT, 0: the
    player sits the round out)."""

    player: str
    table: int
    seat: int


@dataclass(frozen=True, slots=True)
class AfterTable:
    """A table after its series: its state, its places (by seat; none until its result is
    confirmed), the next round (None: this was the last) and, once drawn, each player's
    seat in it (None: the player plays no more, withdrawn)."""

    state: TableState
    places: tuple[TablePlace, ...]
    next_round: int | None
    drawn: bool
    seats: tuple[NextSeat | None, ...]


def _seat_of(t: Tournament, round_number: int, player: str) -> NextSeat | None:
    """Where `player` sits in a drawn round, None if nowhere."""
    draw = t.draws[round_number - 1]
    for number, members in enumerate(draw.tables, 1):
        if player in members:
            return NextSeat(player, number, members.index(player) + 1)
    return NextSeat(player, SITS_OUT, 0) if player in draw.sitting_out else None


def after_table(path: str, round_number: int, table: int) -> AfterTable:
    """A drawn table's places and its players' next seats (both empty until its result is
    confirmed; the seats until the next round is drawn)."""
    t = load(path)
    state = state_of(t, round_number, table)
    following = round_number + 1 if round_number < t.plan.rounds else None
    if state.status != CONFIRMED or state.totals is None:
        return AfterTable(state, (), following, False, ())
    result = TableResult(round_number, table, state.players, state.totals)
    places = tuple(table_places(result, t.rules))
    if following is None or len(t.draws) < following:
        return AfterTable(state, places, following, False, ())
    seats = tuple(_seat_of(t, following, p) for p in state.players)
    return AfterTable(state, places, following, True, seats)
