"""What a front end asks of a league's season: each event's final standings read once (the
tournament's own standings), the season by the regulations (players, teams, a category),
the rating list and each player's rating after each event."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, replace

from baska_cli.errors import TournamentError
from baska_cli.game.spelling import fold, suggest
from baska_cli.i18n import _
from baska_cli.league import folder
from baska_cli.league.entrants import event_ids, one_tournament
from baska_cli.league.folder import LeagueFolder
from baska_cli.league.ratings import Game, Rating, Ratings, games, rate
from baska_cli.league.regulations import Regulations
from baska_cli.league.season import EventLines, LeagueLine, classify, team_lines, within
from baska_cli.tournament.classifications.teams import team_standings
from baska_cli.tournament.scores.service import Standings, final_of


@dataclass(frozen=True, slots=True)
class Played:
    """An event as the season reads it: its name (its folder as league.toml keeps it), its
    date, title, the standings after its last drawn round (None: none drawn yet), each
    line's player's id in the register."""

    event: str
    date: str  # "": none (a season over folders given, `tournament season`)
    title: str
    standings: Standings | None
    ids: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class LeagueSeason:
    """The season's classification: the league's title, its regulations, the events (in
    date order), the lines, what was asked (teams, a category), the events' tables without
    a valid result."""

    title: str  # "": a season over folders given (`tournament season`)
    rules: Regulations
    events: tuple[Played, ...]
    lines: tuple[LeagueLine, ...]
    teams: bool = False
    category: str = ""
    unfinished: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class LeagueRatings:
    """The rating list: those with enough rounds, those listed apart, each player's name
    and rating after each event, the games rated."""

    title: str
    min_rounds: int
    lines: tuple[Rating, ...]
    apart: tuple[Rating, ...]
    names: dict[str, str]
    history: dict[str, tuple[tuple[str, Rating], ...]]
    games: int


def _ids(league: LeagueFolder, standings: Standings, event: str) -> tuple[str, ...]:
    """Each standings line's player's id in the register (a merged record's: the id kept;
    league/entrants.py refuses a player it cannot tell, and one person counted twice)."""
    ids = event_ids(league.register, standings.players, event, league.path)
    return tuple(ids[line.player] for line in standings.lines)


def played(league: LeagueFolder) -> list[Played]:
    """Every event in date order, its standings read once (the tournament's own, kept beside
    it while none of its files changed: tournament/scores/kept.py); two events that are one
    tournament (a copy of its folder) refused."""
    found = []
    seen: dict[str, str] = {}
    for event in league.league.dated():
        where = league.event_path(event.path)
        t = final_of(where)
        for key in (os.path.realpath(where), t.plan.identity):
            if key and seen.setdefault(key, event.path) != event.path:
                raise one_tournament(league.path, event.path, seen[key])
        done = t.standings
        if done is None:
            found.append(Played(event.path, event.date, t.name, None))
            continue
        found.append(Played(event.path, event.date, t.name, done, _ids(league, done, event.path)))
    return found


def _names(league: LeagueFolder) -> dict[str, tuple[str, str]]:
    return {m.id: (m.name, m.club) for m in league.register.members}


def _teams(league: LeagueFolder, event: Played) -> EventLines:
    """An event's teams (the register's team of each player, else the event's), by the
    tournament's own team rule with the league's count."""
    assert event.standings is not None
    register = league.register
    by_id = {m.id: m for m in register.members}
    ids = dict(zip((ln.player for ln in event.standings.lines), event.ids, strict=True))
    players = [
        replace(p, team=by_id[ids[p.name]].team or p.team) if p.name in ids else p
        for p in event.standings.players
    ]
    teams = team_standings(event.standings.lines, players, league.league.rules.team_best)
    return EventLines(event.event, team_lines(teams), tuple(fold(t.team) for t in teams))


def categories(league: LeagueFolder) -> list[str]:
    """The register's categories, each once, as first written."""
    found: dict[str, str] = {}
    for m in league.register.members:
        if m.category:
            found.setdefault(fold(m.category), m.category)
    return sorted(found.values(), key=fold)


def season(
    path: str,
    teams: bool = False,
    category: str | None = None,
    league: LeagueFolder | None = None,
    events: Sequence[Played] | None = None,
) -> LeagueSeason:
    """The season by the league's regulations: the players (or the teams), of one category
    if asked (`events`: the events read already, else read now)."""
    league = league or folder.load(path)
    events = list(events) if events is not None else played(league)
    counted = [e for e in events if e.standings is not None]
    rules = league.league.rules
    if teams:
        lines = [_teams(league, e) for e in counted]
        names = {
            key: (team, "")
            for e in lines
            for key, team in zip(e.ids, (ln.player for ln in e.lines), strict=True)
        }
    else:
        lines = [EventLines(e.event, e.standings.lines, e.ids) for e in counted if e.standings]
        names = _names(league)
    classified = classify(lines, rules, names)
    unfinished = tuple(
        (e.event, len(e.standings.problems))
        for e in counted
        if e.standings and e.standings.problems
    )
    done = LeagueSeason(
        league.league.title, rules, tuple(events), tuple(classified), teams, "", unfinished
    )
    return done if category is None else of_category(done, league, category)


def of_category(done: LeagueSeason, league: LeagueFolder, category: str) -> LeagueSeason:
    """The players' season `done` of one category of the register (placed among
    themselves)."""
    known = categories(league)
    spelt = next((c for c in known if fold(c) == fold(category.strip())), "")
    if not spelt:
        raise TournamentError(
            _('"{category}" is not a category of the register ({known})').format(
                category=category, known=", ".join(known) or "–"
            )
            + suggest(category, known)
        )
    ids = {m.id for m in league.register.members if fold(m.category) == fold(spelt)}
    return replace(done, lines=tuple(within(done.lines, ids)), category=spelt)


def all_games(events: Sequence[Played]) -> list[Game]:
    """Every table played in the events' order (date order), rounds and tables in order."""
    return [
        game
        for e in events
        if e.standings is not None
        for game in games(e.event, e.standings.lines, e.ids)
    ]


def ratings(
    path: str,
    league: LeagueFolder | None = None,
    events: Sequence[Played] | None = None,
    played_games: Sequence[Game] | None = None,
) -> LeagueRatings:
    """The rating list over every event (OpenSkill, Plackett–Luce; not the official
    classification; `events`: the events read already, else read now; `played_games`:
    their games, all_games(events), found already)."""
    league = league or folder.load(path)
    if played_games is None:
        played_games = all_games(played(league) if events is None else events)
    done: Ratings = rate(played_games)
    least = league.league.rules.min_rounds
    names = {m.id: m.name for m in league.register.members}
    return LeagueRatings(
        league.league.title,
        least,
        tuple(r for r in done.lines if r.rounds >= least),
        tuple(r for r in done.lines if r.rounds < least),
        names,
        done.history,
        len(played_games),
    )
