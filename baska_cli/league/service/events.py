"""What a front end asks of a league's events: a new tournament whose players come from the
register, existing tournaments added (players matched by id), and the list of events."""

from __future__ import annotations

import csv
import datetime
import io
import os
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _
from baska_cli.league import folder
from baska_cli.league.folder import LeagueFolder
from baska_cli.league.register import Member, Register, matched
from baska_cli.league.settings import Event
from baska_cli.tournament import folder as tournament_folder
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.roster import read_entry_list
from baska_cli.tournament.service import rounds


@dataclass(frozen=True, slots=True)
class Joined:
    """A tournament made or added as an event: the players added to the register (each with
    the id the league gave), and how many were found there."""

    event: str  # the tournament's folder, relative to the league's
    added: tuple[Member, ...]
    found: int
    made: rounds.Made | None = None


@dataclass(frozen=True, slots=True)
class EventInfo:
    """An event of the league as its list shows it."""

    path: str  # relative to the league's folder, as league.toml keeps it
    folder: str  # the tournament's folder, as this computer reaches it
    date: str
    title: str
    players: int
    rounds: int  # drawn
    planned: int


def dated(date: str) -> str:
    """An event's date as given (YYYY-MM-DD), or today's when none is given."""
    if not date:
        return datetime.date.today().isoformat()
    try:
        return datetime.date.fromisoformat(date.strip()).isoformat()
    except ValueError:
        raise TournamentInputError(
            _('--date "{date}": expected a date as YYYY-MM-DD').format(date=date)
        ) from None


def _matched(register: Register, entrants: Sequence[Entrant]) -> tuple[Register, list[Member], int]:
    """Each entrant's record in the register (those not found added): the register, each
    entrant's member, how many were found."""
    members, found = [], 0
    for entrant in entrants:
        register, member, new = matched(register, entrant)
        members.append(member)
        found += not new
    return register, members, found


def _entry_text(entrants: Sequence[Entrant], members: Sequence[Member]) -> str:
    """The players file `tournament new` reads, each player as the register has them."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "club", "team", "category", "id", "standin"])
    for p, m in zip(entrants, members, strict=True):
        writer.writerow(
            [m.name, m.club or p.club, m.team or p.team, m.category or p.category, m.id, p.standin]
        )
    return out.getvalue()


def _added(before: Register, after: Register) -> tuple[Member, ...]:
    ids = {m.id for m in before.members}
    return tuple(m for m in after.members if m.id not in ids)


def _no_second(league: LeagueFolder, events: Sequence[Event], tournament: str) -> None:
    """Refuse an event the league lists already."""
    real = os.path.realpath(tournament)
    for event in events:
        if os.path.realpath(league.event_path(event.path)) == real:
            raise TournamentError(_("is an event of this league already"), tournament)


def new_tournament(
    path: str, tournament: str, players_file: str, rules: RuleSet, date: str = "", **settings: Any
) -> Joined:
    """`tournament new --league`: each player of the players file taken from the register
    (by id, else by full name; a new name added with a new id), the tournament made and
    added to the league's events."""
    text = rounds.read_entry_file(players_file)
    with folder.lock(path):
        league = folder.load(path)
        entrants = read_entry_list(text, players_file)
        register, members, found = _matched(league.register, entrants)
        relative = league.relative(tournament)
        _no_second(league, league.league.events, tournament)
        made = rounds.new(
            tournament, _entry_text(entrants, members), players_file, rules, **settings
        )
        folder.save_register(league, register)
        events = (*league.league.events, Event(relative, dated(date)))
        folder.save_league(league, replace(league.league, events=events))
    return Joined(relative, _added(league.register, register), found, made)


def belongs(tournament: str, plan_league: str) -> str:
    """The real folder of the league a tournament of an earlier baska names in its
    tournament.toml (empty: none; league.toml's events are the one record now)."""
    return os.path.realpath(os.path.join(tournament, plan_league)) if plan_league else ""


def add_events(path: str, tournaments: Sequence[str], date: str = "") -> list[Joined]:
    """Existing tournaments added to the league's events: their players matched by id (a
    player without one by full name; those not found added), the ids written in each
    tournament's roster; a tournament an earlier baska made an event of another league is
    refused."""
    done = []
    date = dated(date)
    with folder.lock(path):
        league = folder.load(path)
        register = league.register
        events = list(league.league.events)
        real = os.path.realpath(path)
        for tournament in tournaments:
            relative = league.relative(tournament)
            _no_second(league, events, tournament)
            with tournament_folder.lock(tournament):
                t = tournament_folder.load(tournament)
                other = belongs(tournament, t.plan.league)
                if other and other != real:
                    raise TournamentError(
                        _(
                            "belongs to the league {league} already; a tournament is an event "
                            "of one league"
                        ).format(league=t.plan.league),
                        tournament,
                    )
                before = register
                register, members, found = _matched(register, t.players)
                players = [replace(p, id=m.id) for p, m in zip(t.players, members, strict=True)]
                if players != list(t.players):
                    tournament_folder.save_players(t, players)
            events.append(Event(relative, dated(date)))
            done.append(Joined(relative, _added(before, register), found))
        folder.save_register(league, register)
        folder.save_league(league, replace(league.league, events=tuple(events)))
    return done


def event_list(league: LeagueFolder) -> list[EventInfo]:
    """The league's events in date order, each as its tournament's folder holds it."""
    found = []
    for event in league.league.dated():
        where = league.event_path(event.path)
        t = tournament_folder.load(where)
        found.append(
            EventInfo(
                event.path, where, event.date, t.name, len(t.players), len(t.draws), t.plan.rounds
            )
        )
    return found
