"""league.toml (pure): the league's title, its events and their dates, and the regulations
(regulations.py's rows), read and written by the rows; a key or a table the rows do not know
is refused, naming the known ones and the nearest.

    baska_league = 1
    title = "Liga Lęborska 2026"
    [season]
    places = [25, 20, 16]      # points by place in an event; left out: each event's place points
    rest = 0                   # the places past the list (left out: 0)
    best = 8                   # each player's best 8 events count; left out: all
    min_events = 3             # fewer events: listed apart, not placed
    team_best = 4              # a team's best 4 players count in each event
    tie_breaks = ["total"]     # after points: total, wins, best_place (in order)
    [ratings]
    min_rounds = 12            # fewer rounds: listed apart
    [[events]]                 # each tournament folder, relative to the league's
    path = "../gp1"
    date = "2026-01-17"

The league's `[[events]]` are the one record of which tournaments it holds. A tournament that
an earlier baska made an event also names its league in its tournament.toml (`league =
"../liga"`): that is read (`league add` refuses it for another league), never written.
"""

from __future__ import annotations

import datetime
import tomllib
from dataclasses import dataclass, field, replace
from typing import Any

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.game.rules_toml import toml_value
from baska_cli.i18n import _
from baska_cli.league.regulations import (
    RATINGS,
    REGULATIONS,
    SEASON,
    TOP,
    Regulation,
    Regulations,
    read_table,
    read_title,
    refuse_unknown,
    rows_of,
)
from baska_cli.rulesets import toml_problem

FORMAT_VERSION = 1
FILE_KEYS = ("baska_league", "title", "events", SEASON, RATINGS)
EVENT_KEYS = ("path", "date")


@dataclass(frozen=True, slots=True)
class Event:
    """A tournament of the league: its folder (relative to the league's) and its date."""

    path: str
    date: str


@dataclass(frozen=True, slots=True)
class League:
    """league.toml read: the title, the events in date order, the regulations."""

    title: str
    events: tuple[Event, ...] = ()
    rules: Regulations = field(default_factory=Regulations)

    def dated(self) -> tuple[Event, ...]:
        """The events by date (events of one date in the order added)."""
        return tuple(sorted(self.events, key=lambda e: e.date))


def value(league: League, row: Regulation) -> Any:
    """A row's value in the league (the title, or a regulation)."""
    return getattr(league if row.section == TOP else league.rules, row.attribute)


def with_value(league: League, row: Regulation, new: Any) -> League:
    """The league with a row's value changed."""
    if row.section == TOP:
        return replace(league, **{row.attribute: new})
    return replace(league, rules=replace(league.rules, **{row.attribute: new}))


def shown(league: League) -> list[tuple[str, str]]:
    """Each row and its value, as `league set` takes it."""
    return [(row.name, row.kind.show(value(league, row))) for row in REGULATIONS]


def _wrong(origin: str, key: str) -> TournamentError:
    return TournamentError(_('"{key}" is missing or wrong').format(key=key), origin)


def _date(raw: Any, origin: str) -> str:
    try:
        return datetime.date.fromisoformat(raw).isoformat()
    except (TypeError, ValueError):
        raise _wrong(origin, "events.date") from None


def _events(raw: Any, origin: str) -> tuple[Event, ...]:
    if not isinstance(raw, list):
        raise _wrong(origin, "events")
    found = []
    for event in raw:
        if not isinstance(event, dict) or not isinstance(event.get("path"), str):
            raise _wrong(origin, "events.path")
        refuse_unknown(event, EVENT_KEYS, "[events]")
        found.append(Event(event["path"], _date(event.get("date"), origin)))
    return tuple(found)


def parse_league(text: str, origin: str) -> League:
    """league.toml read back (a TournamentError naming the file for anything wrong: an unknown
    key or table, a value out of its bounds)."""
    problem = toml_problem(text)
    if problem is not None:
        raise TournamentError(_("not a usable TOML file: {error}").format(error=problem), origin)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise TournamentError(str(error), origin) from None
    if data.get("baska_league") != FORMAT_VERSION:
        raise TournamentError(_("not a baska league file (expected baska_league = 1)"), origin)
    tables = {key: data.get(key, {}) for key in (SEASON, RATINGS)}
    for key, table in tables.items():
        if not isinstance(table, dict):
            raise _wrong(origin, key)
    try:
        refuse_unknown(data, FILE_KEYS, TOP)
        events = _events(data.get("events", []), origin)
        title = read_title(data)
        rules = Regulations()
        for key, table in tables.items():
            rules = read_table(table, rows_of(key), key + ".", rules)
    except TournamentInputError as error:
        raise TournamentError(str(error), origin) from None
    return League(title, events, rules)


def format_league(league: League) -> str:
    """The text of league.toml: a line per row (those left out while empty, or quiet while
    they hold their default), then the events."""
    lines = [
        "# " + _("A baska league: see `baska league --help`."),
        f"baska_league = {FORMAT_VERSION}",
    ]
    for section in (TOP, SEASON, RATINGS):
        if section:
            lines += ["", f"[{section}]"]
        for row in rows_of(section):
            stored = row.kind.stored(value(league, row))
            empty = stored == "" and section != TOP  # (an empty title is written)
            if empty or (row.quiet and stored == row.kind.stored(row.default)):
                continue
            lines.append(f"{row.key} = {toml_value(stored)}")
    for event in league.events:
        lines += ["", "[[events]]", f"path = {toml_value(event.path)}"]
        lines.append(f"date = {toml_value(event.date)}")
    return "\n".join(lines) + "\n"
