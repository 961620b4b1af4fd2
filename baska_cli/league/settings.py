"""A league's settings (league.toml, pure): its title, its events and their dates, and the
season's regulations as data — points per event, best N of M, a minimum of events, teams,
tie-breaks — and the rating list's minimum of rounds.

    baska_league = 1
    title = "Liga Lęborska 2026"
    [[events]]                 # each tournament folder, relative to the league's
    path = "../gp1"
    date = "2026-01-17"
    [season]
    places = [25, 20, 16]      # points by place in an event; left out: each event's place points
    rest = 0                   # the places past the list
    best = 8                   # each player's best 8 events count; left out: all
    min_events = 3             # fewer events: listed apart, not placed
    team_best = 4              # a team's best 4 players count in each event
    tie_breaks = ["total"]     # after points: total, wins, best_place (in order)
    [ratings]
    min_rounds = 12            # fewer rounds: listed apart
"""

from __future__ import annotations

import datetime
import math
import tomllib
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from baska_cli.errors import TournamentError
from baska_cli.game.rules_toml import toml_value
from baska_cli.i18n import _
from baska_cli.rulesets import toml_problem
from baska_cli.tournament.season import PointsTable, exact

FORMAT_VERSION = 1
TOTAL, WINS, BEST_PLACE = "total", "wins", "best_place"
TIE_BREAKS = (TOTAL, WINS, BEST_PLACE)
"""After the season's points: the sum of the counted events' totals (small points), the
events won, the best place in a counted event."""
MIN_ROUNDS = 12  # the rating list's default minimum (a DDV-like 36 suits a long season)


@dataclass(frozen=True, slots=True)
class Event:
    """A tournament of the league: its folder (relative to the league's) and its date."""

    path: str
    date: str


@dataclass(frozen=True, slots=True)
class Regulations:
    """How the season counts (see the module's docstring)."""

    places: tuple[Fraction, ...] = ()  # empty: each event's place points
    rest: Fraction = Fraction(0)
    best: int | None = None
    min_events: int = 1
    team_best: int = 4
    tie_breaks: tuple[str, ...] = (TOTAL,)
    min_rounds: int = MIN_ROUNDS

    @property
    def table(self) -> PointsTable | None:
        """The points table by place, or None for each event's place points."""
        return PointsTable(self.places, self.rest, self.best) if self.places else None


@dataclass(frozen=True, slots=True)
class League:
    """league.toml read: the title, the events in date order, the regulations."""

    title: str
    events: tuple[Event, ...] = ()
    rules: Regulations = field(default_factory=Regulations)

    def dated(self) -> tuple[Event, ...]:
        """The events by date (events of one date in the order added)."""
        return tuple(sorted(self.events, key=lambda e: e.date))


def _wrong(origin: str, key: str) -> TournamentError:
    return TournamentError(_('"{key}" is missing or wrong').format(key=key), origin)


def _count(data: dict[str, Any], key: str, default: int | None, origin: str) -> int | None:
    value = data.get(key, default)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise _wrong(origin, key)
    return value


def _points(value: Any, key: str, origin: str) -> Fraction:
    finite = isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))
    if isinstance(value, bool) or not finite or value < 0:
        raise _wrong(origin, key)
    return exact(value)


def _date(value: Any, origin: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _wrong(origin, "events.date") from None


def parse_league(text: str, origin: str) -> League:
    """league.toml read back (a TournamentError naming the file for anything wrong)."""
    problem = toml_problem(text)
    if problem is not None:
        raise TournamentError(_("not a usable TOML file: {error}").format(error=problem), origin)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TournamentError(str(error), origin) from None
    if data.get("baska_league") != FORMAT_VERSION:
        raise TournamentError(_("not a baska league file (expected baska_league = 1)"), origin)
    title = data.get("title", "")
    events = data.get("events", [])
    season, ratings = data.get("season", {}), data.get("ratings", {})
    if not isinstance(title, str) or not isinstance(events, list):
        raise _wrong(origin, "title" if not isinstance(title, str) else "events")
    if not isinstance(season, dict) or not isinstance(ratings, dict):
        raise _wrong(origin, "season" if not isinstance(season, dict) else "ratings")
    found = []
    for event in events:
        if not isinstance(event, dict) or not isinstance(event.get("path"), str):
            raise _wrong(origin, "events.path")
        found.append(Event(event["path"], _date(event.get("date"), origin)))
    places = season.get("places", [])
    order = season.get("tie_breaks", [TOTAL])
    if not isinstance(places, list) or not isinstance(order, list):
        raise _wrong(origin, "season.places" if not isinstance(places, list) else "tie_breaks")
    if any(k not in TIE_BREAKS for k in order) or len(set(order)) != len(order):
        raise TournamentError(
            _("season.tie_breaks: expected some of {keys}, each once").format(
                keys=", ".join(TIE_BREAKS)
            ),
            origin,
        )
    rules = Regulations(
        tuple(_points(v, "season.places", origin) for v in places),
        _points(season.get("rest", 0), "season.rest", origin),
        _count(season, "best", None, origin),
        _count(season, "min_events", 1, origin) or 1,
        _count(season, "team_best", 4, origin) or 4,
        tuple(order),
        _count(ratings, "min_rounds", MIN_ROUNDS, origin) or MIN_ROUNDS,
    )
    return League(title, tuple(found), rules)


def _number(value: Fraction) -> int | float:
    return value.numerator if value.denominator == 1 else float(value)


def format_league(league: League) -> str:
    """The text of league.toml."""
    rules = league.rules
    lines = [
        "# " + _("A baska league: see `baska league --help`."),
        f"baska_league = {FORMAT_VERSION}",
        f"title = {toml_value(league.title)}",
        "",
        "[season]",
    ]
    if rules.places:
        lines.append(f"places = {toml_value([_number(p) for p in rules.places])}")
        lines.append(f"rest = {toml_value(_number(rules.rest))}")
    if rules.best is not None:
        lines.append(f"best = {rules.best}")
    lines += [
        f"min_events = {rules.min_events}",
        f"team_best = {rules.team_best}",
        f"tie_breaks = {toml_value(list(rules.tie_breaks))}",
        "",
        "[ratings]",
        f"min_rounds = {rules.min_rounds}",
    ]
    for event in league.events:
        lines += ["", "[[events]]", f"path = {toml_value(event.path)}"]
        lines.append(f"date = {toml_value(event.date)}")
    return "\n".join(lines) + "\n"
