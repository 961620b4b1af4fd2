"""The board as JSON, the one place its keys are written: GET /api/v1/board (and the
projector's page made from it), the round's clock with its seconds left at the time asked,
and the news each change event of the board carries (keys never translated)."""

from __future__ import annotations

from datetime import datetime
from fractions import Fraction
from typing import Any

from baska_cli.tournament.board.screen import Board, BoardLine, BoardTeam
from baska_cli.tournament.board.service import BoardNow
from baska_cli.tournament.clock.timing import WARNINGS, RoundClock, iso


def _points(value: float | Fraction) -> dict[str, Any]:
    """Place points as a number and exactly (4/3 is 1.333… and "4/3")."""
    return {"place_points": float(value), "place_points_exact": str(value)}


def line_record(found: BoardLine) -> dict[str, Any]:
    """A player's line: `player` (the name the tables use), `name` (as people read it),
    `new` (no movement: in no standings before this round), the standings' numbers."""
    line = found.line
    return {
        "place": line.place,
        "player": line.player,
        "name": found.name,
        "club": line.club,
        "id": found.id,
        **_points(line.place_points),
        "total": line.total,
        "tables_won": line.tables_won,
        "movement": line.movement,
        "new": found.new,
        "tied": line.tied,
        "lot": line.lot,
        "withdrawn": line.withdrawn,
        "team": found.team,
        "category": found.category,
    }


def team_record(found: BoardTeam) -> dict[str, Any]:
    """A team's line, its players by the names people read."""
    team = found.line
    return {
        "place": team.place,
        "team": team.team,
        **_points(team.place_points),
        "total": team.total,
        "counted": list(found.counted),
        "players": list(found.players),
        "standin": found.standin,
        "tied": team.tied,
    }


def clock_record(clock: RoundClock | None, now: datetime | None = None) -> dict[str, Any] | None:
    """The round's clock: its round, start, end, length, what happens at the end and the
    warnings (seconds left); with `now`, its seconds left then (`remaining`: the server
    adds it at each answer, never kept in a cache)."""
    if clock is None:
        return None
    record: dict[str, Any] = {
        "round": clock.clock.round,
        "started": iso(clock.clock.started),
        "ends": iso(clock.ends),
        "minutes": clock.minutes,
        "time_up": clock.time_up,
        "warnings": list(WARNINGS),
    }
    if now is not None:
        record["remaining"] = clock.remaining(now)
    return record


def _board(board: Board) -> dict[str, Any]:
    return {
        "tournament": board.tournament,
        "round": board.round,
        "rounds": board.rounds,
        "tables": board.tables,
        "tables_in": board.tables_in,
        "over": board.over,
        "tie_breaks": list(board.tie_breaks),
        "standings": [line_record(ln) for ln in board.lines],
        "teams": [team_record(t) for t in board.teams],
        "categories": [
            {"category": c.category, "standings": [line_record(ln) for ln in c.lines]}
            for c in board.categories
        ],
    }


def board_record(found: BoardNow) -> dict[str, Any]:
    """The board as every screen gets it, its clock without the seconds left (`at`)."""
    return {
        **_board(found.board),
        "standings_hidden": found.hidden,
        "clock": clock_record(found.clock),
        "announcement": found.announcement,
    }


def at(record: dict[str, Any], found: BoardNow, now: datetime) -> dict[str, Any]:
    """The board's record (`board_record` of `found`) as answered at `now`: its clock with
    the seconds left then."""
    return {**record, "clock": clock_record(found.clock, now)}


def news_record(found: BoardNow, now: datetime) -> dict[str, Any]:
    """What a change event carries besides the board's version: the round shown (a player's
    page asks for its own at once when it is new), the clock with its seconds left at
    `now`, the announcement."""
    return {
        "round": found.board.round,
        "clock": clock_record(found.clock, now),
        "announcement": found.announcement,
    }
