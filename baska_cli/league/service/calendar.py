"""What a front end asks of a league's list of events: the events in date order, one
re-dated, one removed (league.toml lists it no more; the players it added stay in the
register). An event is named as league.toml keeps it (`../gp1`), by its folder from
here, or by the folder's name where one event has it."""

from __future__ import annotations

import os
from dataclasses import dataclass, replace

from baska_cli.errors import BaskaError, TournamentInputError
from baska_cli.game.spelling import suggest
from baska_cli.i18n import _
from baska_cli.league import folder
from baska_cli.league.folder import LeagueFolder
from baska_cli.league.service.events import belongs, dated
from baska_cli.league.settings import Event
from baska_cli.tournament import folder as tournament_folder


@dataclass(frozen=True, slots=True)
class EventInfo:
    """An event of the league as its list shows it (a folder out of reach: `problem` says
    why, and the tournament's facts are left empty)."""

    path: str  # relative to the league's folder, as league.toml keeps it
    folder: str  # the tournament's folder, as this computer reaches it
    date: str
    title: str
    players: int
    rounds: int  # drawn
    planned: int
    problem: str = ""


@dataclass(frozen=True, slots=True)
class Moved:
    """An event re-dated (its date before and now) or removed."""

    event: str
    before: str
    date: str
    removed: bool = False


def event_list(path: str) -> list[EventInfo]:
    """The league's events in date order, each as its tournament's folder holds it."""
    league = folder.load(path)
    found = []
    for event in league.league.dated():
        where = league.event_path(event.path)
        try:
            t = tournament_folder.load(where)
        except BaskaError as error:
            found.append(EventInfo(event.path, where, event.date, "", 0, 0, 0, str(error)))
            continue
        found.append(
            EventInfo(
                event.path, where, event.date, t.name, len(t.players), len(t.draws), t.plan.rounds
            )
        )
    return found


def find_event(league: LeagueFolder, typed: str) -> Event:
    """The event named as league.toml keeps it, by its folder from here, or by the folder's
    own name where one event has it; else an error listing them."""
    events = league.league.events
    real = os.path.realpath(typed)
    for event in events:
        if event.path == typed.strip() or os.path.realpath(league.event_path(event.path)) == real:
            return event
    named = [e for e in events if os.path.basename(os.path.normpath(e.path)) == typed.strip()]
    if len(named) == 1:
        return named[0]
    paths = [e.path for e in events]
    raise TournamentInputError(
        _('"{event}" is not an event of the league; its events: {events}').format(
            event=typed, events=", ".join(paths) or "–"
        )
        + suggest(typed, paths)
    )


def redate(path: str, event: str, date: str) -> Moved:
    """An event's date changed (the season's and the ratings' order follow it)."""
    day = dated(date, "DATE", empty=False)
    with folder.lock(path):
        league = folder.load(path)
        found = find_event(league, event)
        if found.date != day:
            events = tuple(replace(e, date=day) if e is found else e for e in league.league.events)
            folder.save_league(league, replace(league.league, events=events))
    return Moved(found.path, found.date, day)


def remove(path: str, event: str) -> Moved:
    """An event taken out of the league: league.toml lists it no more (the one record of the
    league's tournaments); a tournament.toml an earlier baska wrote naming this league (where
    this computer reaches it) names it no more, so that the tournament may be added again."""
    with folder.lock(path):
        league = folder.load(path)
        found = find_event(league, event)
        events = tuple(e for e in league.league.events if e is not found)
        folder.save_league(league, replace(league.league, events=events))
        where = league.event_path(found.path)
        real = os.path.realpath(path)
        if not os.path.isfile(os.path.join(where, tournament_folder.SETTINGS)):
            return Moved(found.path, found.date, found.date, removed=True)
        try:
            with tournament_folder.lock(where):
                t = tournament_folder.load(where)
                if belongs(where, t.plan.league) == real:
                    tournament_folder.save_plan(t, replace(t.plan, league=""))
        except BaskaError:
            pass  # (a folder out of reach, or no tournament's: nothing to say it in)
    return Moved(found.path, found.date, found.date, removed=True)
