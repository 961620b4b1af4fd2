"""A player's own page as facts: where they sit in the newest round drawn (its table, their
seat, the three others), that table's state (its live totals, who confirmed them), their
results round by round and their place in the standings; made from a tournament read, the
standings and the table's state (pure; its JSON, `GET /api/v1/me`:
render/tournament/player_page.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from baska_cli.tournament.draw import Draw
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.standings import StandingLine, TablePlace
from baska_cli.tournament.tables.state import TableState


@dataclass(frozen=True, slots=True)
class Seat:
    """Where a player sits in a round: table 0 and seat 0 when the draw left them out."""

    round: int
    table: int
    seat: int
    players: tuple[str, ...]  # the table's four by seat (none when sitting out)


@dataclass(frozen=True, slots=True)
class PlayerPage:
    """Everything a player's own page shows."""

    player: Entrant
    tournament: str
    rounds: int  # of the plan
    drawn: int  # rounds drawn so far
    seat: Seat | None  # in the newest round drawn that seats the player (None: none yet)
    table: TableState | None  # that table's state (None: sitting out, or no seat)
    results: tuple[TablePlace, ...]  # round by round, as the standings count them
    place: int | None  # in the standings after the newest round drawn (None: none yet)
    names: Mapping[str, str]  # each player's name as people read it, by the tables' name
    hidden: bool = False  # the standings hidden until the last round is over (no place)


def seat_in(draw: Draw, name: str) -> Seat | None:
    """Where `name` sits in a round's draw (None: not in it)."""
    for number, members in enumerate(draw.tables, 1):
        if name in members:
            return Seat(draw.round, number, members.index(name) + 1, members)
    if name in draw.sitting_out:
        return Seat(draw.round, 0, 0, ())
    return None


def newest_seat(draws: Sequence[Draw], name: str) -> Seat | None:
    """Where `name` sits in the newest round drawn that has them (a withdrawn player's last
    round; a latecomer's none until their first draw)."""
    for draw in reversed(draws):
        found = seat_in(draw, name)
        if found is not None:
            return found
    return None


def player_page(
    player: Entrant,
    *,
    tournament: str,
    rounds: int,
    drawn: int,
    seat: Seat | None,
    table: TableState | None,
    line: StandingLine | None,
    names: Mapping[str, str],
    hidden: bool = False,
    started: bool = True,
) -> PlayerPage:
    """The page of `player` from its parts (`line`: their line of the standings; `hidden`:
    the standings hidden, so no place; `started`: some table of the standings has a
    result — a latecomer who has played no table yet has a place all the same)."""
    return PlayerPage(
        player,
        tournament,
        rounds,
        drawn,
        seat,
        table,
        line.rounds if line is not None else (),
        line.place if line is not None and started and not hidden else None,
        names,
        hidden,
    )
