"""A league's season over its events (Grand Prix tournaments): each event's final standings
turned into season points, players matched across events, the season's classification (pure).

Season points per event are, by default, the player's place points in that event (their sum
over its rounds). A points table (`--points FILE`, read by `read_points`) gives points by the
player's place in the event instead: `places = [25, 20, 16, …]` (place 1 first), `rest` for
places past the list (default 0), and `best = N` to count only each player's best N events.
Players sharing a place in an event share the average of the places' points they cover. A
player is matched across events by id where the event's players file gives one, else by name
(case- and accent-blind). The season orders by season points, then the sum of the totals
(small points) of the events counted; players equal on both share a place. Every sum is an
exact fraction; the pages and JSON may show it rounded.
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baska_cli.errors import TournamentInputError
from baska_cli.game.spelling import fold
from baska_cli.i18n import _
from baska_cli.tournament.standings import StandingLine

PLACE_POINTS = "place_points"  # the default: each event's place points
TABLE = "table"  # a points table by place


@dataclass(frozen=True, slots=True)
class PointsTable:
    """Season points by place in an event (place 1 first), for places past the list, and
    how many of each player's best events count (None: all)."""

    places: tuple[Fraction, ...]
    rest: Fraction = Fraction(0)
    best: int | None = None

    def for_places(self, first: int, count: int) -> Fraction:
        """The points of `count` players sharing places first … first + count − 1: the
        average of those places' points."""
        covered = [self.at(p) for p in range(first, first + count)]
        return sum(covered, Fraction(0)) / count

    def at(self, place: int) -> Fraction:
        """The points of one place."""
        return self.places[place - 1] if place <= len(self.places) else self.rest


@dataclass(frozen=True, slots=True)
class EventResult:
    """A player's result in one event."""

    event: str
    place: int
    points: Fraction
    total: int
    counted: bool = True


@dataclass(frozen=True, slots=True)
class SeasonLine:
    """A player's line in the season's classification."""

    place: int
    player: str
    id: str
    club: str
    points: Fraction  # the events counted
    total: int  # the totals of the events counted
    events: tuple[EventResult, ...]


def exact(value: float | Fraction | int) -> Fraction:
    """Place points as an exact fraction (a float sum of thirds and quarters read back as the
    fraction it stands for)."""
    if isinstance(value, float):
        return Fraction(value).limit_denominator(10**6)
    return Fraction(value)


def _number(value: Any, key: str, origin: str) -> Fraction:
    finite = isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))
    if isinstance(value, bool) or not finite or value < 0:
        raise TournamentInputError(
            _("{file}: {key} = {value}: expected a number of points, 0 or more").format(
                file=origin, key=key, value=value
            )
        )
    return exact(value)


def read_points(text: str, origin: str) -> PointsTable:
    """A points table from its TOML text (see the module's docstring)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TournamentInputError(f"{origin}: {error}") from None
    unknown = sorted(set(data) - {"places", "rest", "best"})
    places = data.get("places")
    if unknown or not isinstance(places, list) or not places:
        raise TournamentInputError(
            _(
                "{file}: expected places = [points of place 1, place 2, …], and optionally "
                "rest = POINTS and best = EVENTS; e.g. places = [25, 20, 16, 13]"
            ).format(file=origin)
        )
    best = data.get("best")
    if best is not None and (isinstance(best, bool) or not isinstance(best, int) or best < 1):
        raise TournamentInputError(
            _("{file}: best = {value}: expected a number of events, 1 or more").format(
                file=origin, value=best
            )
        )
    return PointsTable(
        tuple(_number(v, "places", origin) for v in places),
        _number(data.get("rest", 0), "rest", origin),
        best,
    )


def player_key(line: StandingLine) -> str:
    """Who a standings line belongs to across events: the id, else the folded name."""
    player_id = str(getattr(line, "id", "") or "")
    return f"id:{player_id}" if player_id else f"name:{fold(line.player)}"


def event_points(lines: Sequence[StandingLine], table: PointsTable | None) -> list[Fraction]:
    """Each line's season points in its event."""
    if table is None:
        return [exact(ln.place_points) for ln in lines]
    sharing: dict[int, int] = {}
    for ln in lines:
        sharing[ln.place] = sharing.get(ln.place, 0) + 1
    return [table.for_places(ln.place, sharing[ln.place]) for ln in lines]


def best_of(played: Sequence[EventResult], best: int | None) -> tuple[EventResult, ...]:
    """A player's events with only the best `best` counted (by points, then total; the
    earlier of two equal ones); None: all count."""
    if best is None or len(played) <= best:
        return tuple(played)
    ranked = sorted(range(len(played)), key=lambda i: (-played[i].points, -played[i].total))
    kept = set(ranked[:best])
    return tuple(
        r if i in kept else EventResult(r.event, r.place, r.points, r.total, False)
        for i, r in enumerate(played)
    )


def season(
    events: Sequence[tuple[str, Sequence[StandingLine]]], table: PointsTable | None = None
) -> list[SeasonLine]:
    """The season's classification over the events, in their order."""
    results: dict[str, list[EventResult]] = {}
    latest: dict[str, StandingLine] = {}
    for name, lines in events:
        for ln, pts in zip(lines, event_points(lines, table), strict=True):
            key = player_key(ln)
            results.setdefault(key, []).append(EventResult(name, ln.place, pts, ln.total))
            latest[key] = ln
    best = table.best if table is not None else None
    sums = []
    for key, entered in results.items():
        played = best_of(entered, best)
        counted = [r for r in played if r.counted]
        points = sum((r.points for r in counted), Fraction(0))
        total = sum(r.total for r in counted)
        ln = latest[key]
        sums.append((points, total, ln, played))
    sums.sort(key=lambda s: (-s[0], -s[1], fold(s[2].player)))
    out: list[SeasonLine] = []
    for i, (points, total, ln, played) in enumerate(sums):
        place = i + 1
        if out and (out[-1].points, out[-1].total) == (points, total):
            place = out[-1].place
        player_id = str(getattr(ln, "id", "") or "")
        out.append(SeasonLine(place, ln.player, player_id, ln.club, points, total, played))
    return out
