"""What a front end asks of a league's events: a new tournament whose players come from the
register, existing tournaments added (or, already in, their new players joined to the
register), a late entry joining the register as the other players did. An event is known by
its tournament's identity: a copy of its folder is refused, never counted twice."""

from __future__ import annotations

import csv
import datetime
import io
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from baska_cli.errors import BaskaError, TournamentError, TournamentInputError
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _
from baska_cli.league import folder
from baska_cli.league.entrants import twice
from baska_cli.league.folder import LeagueFolder
from baska_cli.league.register import Member, Register, look_alike
from baska_cli.league.registering import Match, Registering, Respelt
from baska_cli.league.settings import Event
from baska_cli.tournament import folder as tournament_folder
from baska_cli.tournament import service as rounds
from baska_cli.tournament.players import Entrant, find
from baska_cli.tournament.roster import read_entry_rows
from baska_cli.tournament.settings import new_identity

Pair = tuple[Member, Member]


@dataclass(frozen=True, slots=True)
class Joined:
    """A tournament made or added as an event (or, in already, its players matched again):
    the players added to the register (each with the id the league gave), how many were
    found there, names spelt otherwise than the register's, names that now look alike."""

    event: str  # the tournament's folder, relative to the league's
    date: str
    added: tuple[Member, ...]
    found: int
    made: rounds.Made | None = None
    respelt: tuple[Respelt, ...] = ()
    look_alike: tuple[Pair, ...] = ()
    already: bool = False  # an event of the league before
    redated: str = ""  # an event already in: its date before, where it changed
    changed: bool = True  # anything written (an event already in: ids, a date, the register)


@dataclass(frozen=True, slots=True)
class LateEntry:
    """A late entry in a tournament: as the tournament took it, and its record in the
    league's register (None: no league lists the tournament, or its league is out of
    reach: `unreached` names the league an older tournament.toml names; `several`: more than
    one league lists it)."""

    entered: rounds.Entered
    match: Match | None = None
    look_alike: tuple[Pair, ...] = ()
    unreached: str = ""
    several: tuple[str, ...] = ()


def dated(date: str, key: str = "--date", empty: bool = True) -> str:
    """An event's date as given (YYYY-MM-DD), or today's when none is given (`empty`)."""
    if not date and empty:
        return datetime.date.today().isoformat()
    try:
        return datetime.date.fromisoformat(date.strip()).isoformat()
    except ValueError:
        raise TournamentInputError(
            _('{key} "{date}": expected a date as YYYY-MM-DD').format(key=key, date=date)
        ) from None


def _joined(
    registering: Registering, players: Sequence[tuple[str, Entrant]], event: str, league: str
) -> list[Match]:
    """Each player's record (those not found added); two players who are one record refused."""
    matches = [registering.matched(player, where) for where, player in players]
    seen: dict[str, Entrant] = {}
    for (_where, player), match in zip(players, matches, strict=True):
        other = seen.setdefault(match.member.id, player)
        if other is not player:
            raise twice(other.display, player.display, match.member.id, event, league)
    return matches


def _alike(register: Register, added: Sequence[Member]) -> tuple[Pair, ...]:
    return tuple(look_alike(register, {m.id for m in added})) if added else ()


def _entry_text(entrants: Sequence[Entrant], members: Sequence[Member]) -> str:
    """The players file `tournament new` reads, each player as the register has them (an id
    the file gives kept: a merged record's stays, so that a merge can be undone)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["name", "club", "team", "category", "id", "standin"])
    for p, m in zip(entrants, members, strict=True):
        details = (m.club or p.club, m.team or p.team, m.category or p.category)
        writer.writerow([m.name, *details, p.id or m.id, p.standin])
    return out.getvalue()


def belongs(tournament: str, plan_league: str) -> str:
    """The real folder of the league a tournament of an earlier baska names in its
    tournament.toml (empty: none; league.toml's events are the one record now)."""
    return os.path.realpath(os.path.join(tournament, plan_league)) if plan_league else ""


def listed(league: LeagueFolder, events: Sequence[Event], tournament: str) -> Event | None:
    """The event of the league that is this tournament's folder, else None."""
    real = os.path.realpath(tournament)
    return next((e for e in events if os.path.realpath(league.event_path(e.path)) == real), None)


def _identities(league: LeagueFolder, events: Sequence[Event]) -> dict[str, str]:
    """Each event's tournament identity (those out of reach or without one left out)."""
    found = {}
    for event in events:
        try:
            identity = tournament_folder.read_plan(league.event_path(event.path)).identity
        except BaskaError:
            continue
        if identity:
            found[identity] = event.path
    return found


def new_tournament(
    path: str,
    tournament: str,
    players_file: str,
    rules: RuleSet,
    date: str = "",
    **settings: Any,
) -> Joined:
    """`tournament new --league`: each player of the players file taken from the register
    (by id, else by full name; a new name added with a new id), the tournament made and
    added to the league's events on `date` (default: today)."""
    text = rounds.read_entry_file(players_file)
    date = dated(date)
    with folder.lock(path):
        league = folder.load(path)
        relative = league.relative(tournament)
        if listed(league, league.league.events, tournament) is not None:
            raise TournamentError(_("is an event of this league already"), tournament)
        rows = read_entry_rows(text, players_file)
        registering = Registering(league.register)
        matches = _joined(registering, rows, relative, path)
        members = [m.member for m in matches]
        entry = _entry_text([p for _w, p in rows], members)
        made = rounds.new(tournament, entry, players_file, rules, **settings)
        register = registering.register()
        folder.save_register(league, register)
        events = (*league.league.events, Event(relative, date))
        folder.save_league(league, replace(league.league, events=events))
    added = tuple(registering.added)
    respelt = tuple(m.respelt for m in matches if m.respelt)
    return Joined(
        relative, date, added, len(matches) - len(added), made, respelt, _alike(register, added)
    )


def _chosen(
    players: Sequence[Entrant], choices: Mapping[str, str], register: Register, used: set[str]
) -> list[Entrant]:
    """The players with the ids chosen for them (`--id NAME=ID`: a record of the register);
    the names found join `used`."""
    out = list(players)
    for name, ident in choices.items():
        player = find(players, name)
        if player is None:
            continue
        used.add(name)
        member = register.by_id(ident)
        if member is None:
            raise TournamentInputError(
                _('--id "{name}={id}": "{id}" is not an id of the register').format(
                    name=name, id=ident
                )
            )
        out = [replace(p, id=ident) if p is player else p for p in out]
    return out


def parse_choices(given: Sequence[str]) -> dict[str, str]:
    """`--id NAME=ID` as typed: each name with the id chosen for it."""
    found = {}
    for item in given:
        name, equals, ident = (part.strip() for part in item.rpartition("="))
        if not equals or not name or not ident:
            raise TournamentInputError(
                _('--id "{given}": expected NAME=ID, e.g. "Jan Kowalski=1234"').format(given=item)
            )
        found[name] = ident
    return found


def _refuse_copy(
    t: tournament_folder.Tournament,
    identities: Mapping[str, str],
    tournament: str,
    path: str,
) -> None:
    """Refuse a copy of an event's folder: its identity is an event's (a folder made before
    tournaments had one: its tournament.toml, as an earlier baska wrote it, names this league,
    but it is none of its events)."""
    copied = identities.get(t.plan.identity) if t.plan.identity else None
    if copied is not None:
        raise TournamentError(
            _(
                "is a copy of the event {event} (one tournament: the same identity in "
                "tournament.toml); an event counts once. To count this folder instead: baska "
                "league events remove {league} {event}, then add it"
            ).format(event=copied, league=path),
            tournament,
        )
    real = os.path.realpath(path)
    if not t.plan.identity and belongs(tournament, t.plan.league) == real:
        raise TournamentError(
            _(
                "names this league, but is none of its events: a copy of an event's folder? "
                "An event counts once. If it is a tournament of its own: remove the line "
                "league = … from its {file}, then add it"
            ).format(file=tournament_folder.SETTINGS),
            tournament,
        )


def add_events(
    path: str, tournaments: Sequence[str], date: str = "", choices: Sequence[str] = ()
) -> list[Joined]:
    """Tournaments added to the league's events on `date` (default: today): their players
    matched to the register (by id, else by full name; those not found added; `choices`:
    `NAME=ID` for a name several records share), the ids written in each tournament's
    roster. A tournament in already has its new players matched, nothing else (its date
    changed where one is given); a copy of an event's folder and a tournament an earlier
    baska made an event of another league are refused."""
    chosen = parse_choices(choices)
    day = dated(date) if date else ""
    done = []
    used: set[str] = set()
    with folder.lock(path):
        league = folder.load(path)
        registering = Registering(league.register)
        events = list(league.league.events)
        identities = _identities(league, events)
        real = os.path.realpath(path)
        for tournament in tournaments:
            before = len(registering.added)
            already = listed(league, events, tournament)
            relative = already.path if already else league.relative(tournament)
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
                if already is None:
                    _refuse_copy(t, identities, tournament, path)
                players = _chosen(t.players, chosen, registering.register(), used)
                matches = _joined(registering, [(tournament, p) for p in players], relative, path)
                ids = [p.id or m.member.id for p, m in zip(players, matches, strict=True)]
                players = [replace(p, id=i) for p, i in zip(players, ids, strict=True)]
                plan = replace(t.plan, identity=t.plan.identity or new_identity())
                changed = players != list(t.players) or plan != t.plan
                if players != list(t.players):
                    tournament_folder.save_players(t, players)
                if plan != t.plan:
                    tournament_folder.save_plan(t, plan)
            identities[plan.identity] = relative
            redated = ""
            if already is None:
                events.append(Event(relative, day or dated("")))
            elif day and day != already.date:
                redated = already.date
                events = [replace(e, date=day) if e is already else e for e in events]
            added = tuple(registering.added[before:])
            changed = changed or bool(added) or bool(redated) or already is None
            respelt = tuple(m.respelt for m in matches if m.respelt)
            when = day or (already.date if already else "")
            done.append(
                Joined(
                    relative,
                    when,
                    added,
                    len(matches) - len(added),
                    None,
                    respelt,
                    (),
                    already is not None,
                    redated,
                    changed,
                )
            )
        unused = [name for name in chosen if name not in used]
        if unused:
            raise TournamentInputError(
                _('--id "{name}={id}": no player of {dirs} is "{name}"').format(
                    name=unused[0], id=chosen[unused[0]], dirs=", ".join(tournaments)
                )
            )
        register = registering.register()
        if registering.added:
            folder.save_register(league, register)
        if tuple(events) != league.league.events:
            folder.save_league(league, replace(league.league, events=tuple(events)))
    return [replace(j, look_alike=_alike(register, j.added)) for j in done]


def enter_player(
    tournament: str, name: str, club: str = "", details: Mapping[str, str] | None = None
) -> LateEntry:
    """A late entry (`tournament enter`); in a league's event (the league whose league.toml
    lists the tournament, found beside it: league/folder.holding; or the league an older
    tournament.toml names), the player's record in the register first — by the id given,
    else by full name (a name several records share asks for the id), a new name added with
    a new id — and the player entered as the register has them. No league found: a
    tournament of none (the season of a league that lists it names `league add`, which joins
    the player to its register); a league out of reach, or several: the player entered all
    the same, the LateEntry saying so."""
    details = dict(details or {})
    plan = tournament_folder.read_plan(tournament)
    league_path = belongs(tournament, plan.league)
    if league_path and not os.path.isfile(os.path.join(league_path, folder.SETTINGS)):
        entered = rounds.enter_player(tournament, name, club, details)
        return LateEntry(entered, unreached=os.path.join(tournament, plan.league))
    leagues = [league_path] if league_path else folder.holding(tournament)
    if len(leagues) != 1:
        entered = rounds.enter_player(tournament, name, club, details)
        return LateEntry(entered, several=tuple(leagues))
    with folder.lock(leagues[0]):
        league = folder.load(leagues[0])
        registering = Registering(league.register)
        player = Entrant(" ".join(name.split()), club.strip(), id=details.get("id", "").strip())

        def which(member: Member) -> str:
            return f'baska tournament enter {tournament} "{player.display}" --id {member.id}'

        match = registering.matched(player, _("the new player"), which)
        m = match.member
        details = {**details, "id": m.id}
        for key in ("team", "category"):
            details[key] = details.get(key) or getattr(m, key)
        entered = rounds.enter_player(tournament, m.name, club or m.club, details)
        register = registering.register()
        if match.added:
            folder.save_register(league, register)
    return LateEntry(entered, match, _alike(register, registering.added))
