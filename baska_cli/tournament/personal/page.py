"""A player's own page as facts: where they sit in the newest round drawn (its table, their
seat, the three others), that table's state (its live totals, who confirmed them), their
results round by round and their place in the standings; made from a tournament read, the
standings and the table's state (pure), and as JSON-ready values (`GET /api/v1/me`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from baska_cli.tournament.draw import Draw
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.standings import StandingLine, TablePlace
from baska_cli.tournament.tables.state import TableState, state_record


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


def _result(place: TablePlace) -> dict[str, Any]:
    return {
        "round": place.round,
        "table": place.table,
        "place": place.place or None,
        "place_points": float(place.place_points),
        "place_points_exact": str(place.place_points),
        "total": place.total,
        "result": place.result,
    }


def page_record(page: PlayerPage) -> dict[str, Any]:
    """The page as JSON-ready values (keys never translated): `player` (the name the tables
    use), `name`, `round`, `table`, `seat` (0 for a sit-out; all None before the player's
    first draw), `players` and `names` (the table's four by seat), `totals` (the table's
    now, None before a result), `state` (the table's, as /api/v1/confirmations gives it),
    `results` round by round, `place` in the standings (None while `standings_hidden`, or
    before any result), `entered` the player's first round (a latecomer's)."""
    seat, state, p = page.seat, page.table, page.player
    return {
        "player": p.name,
        "name": page.names.get(p.name, p.display),
        "id": p.id,
        "club": p.club,
        "tournament": page.tournament,
        "rounds": page.rounds,
        "drawn": page.drawn,
        "entered": p.entered,
        "withdrawn": p.withdrawn,
        "round": seat.round if seat else None,
        "table": seat.table if seat else None,
        "seat": seat.seat if seat else None,
        "players": list(seat.players) if seat else [],
        "names": [page.names.get(n, n) for n in seat.players] if seat else [],
        "totals": list(state.totals) if state and state.totals is not None else None,
        "state": state_record(state) if state else None,
        "results": [_result(r) for r in page.results],
        "place": page.place,
        "standings_hidden": page.hidden,
    }
