"""A league made on the fly for `baska tournament season DIR… [--points FILE]`: its events the
tournament folders given (in that order), its regulations the points file's (the season's rows
of league/regulations.py), its register made from the events' players by the league's own rule
(league/registering.py: by id, else by full name; a player with neither gets N1, N2, … as
the league would give), the season counted by the league's engine (service/season.py)."""

from __future__ import annotations

import os
import tomllib
from collections.abc import Sequence

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.files.kind import NotRegularFile, read_text, reason_of
from baska_cli.i18n import _
from baska_cli.league.folder import LeagueFolder
from baska_cli.league.register import Register
from baska_cli.league.registering import OthersId, Registering, SeveralRecords
from baska_cli.league.regulations import SEASON, Regulations, read_table, rows_of
from baska_cli.league.service.season import LeagueSeason, Played, season
from baska_cli.league.settings import League
from baska_cli.rulesets import toml_problem
from baska_cli.tournament.folder import Tournament, load
from baska_cli.tournament.scores.service import final_standings

POINTS_ROWS = tuple(row for row in rows_of(SEASON) if row.name != "team-best")
"""What a points file may hold: the season's regulations of players (no teams here)."""


def read_points(path: str) -> Regulations:
    """A points file: TOML of the season's regulations (`places = [25, 20, 16]`, `best = 8`,
    …; left out: the defaults); a TournamentInputError naming the file, the key and its
    bounds for anything wrong."""
    try:
        text = read_text(path, encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError, NotRegularFile) as error:
        raise TournamentInputError(
            _("{file}: cannot read the points table: {reason}").format(
                file=path, reason=reason_of(error)
            )
        ) from None
    problem = toml_problem(text)
    if problem is not None:
        raise TournamentInputError(
            f"{path}: " + _("not a usable TOML file: {error}").format(error=problem)
        )
    try:
        rules = read_table(tomllib.loads(text), POINTS_ROWS)
    except tomllib.TOMLDecodeError as error:
        raise TournamentInputError(f"{path}: {error}") from None
    except TournamentInputError as error:
        raise TournamentInputError(f"{path}: {error}") from None
    return rules


def _events(paths: Sequence[str]) -> list[Tournament]:
    """The tournaments given, each once, each with a round drawn."""
    seen: dict[str, str] = {}
    found = []
    for path in paths:
        real = os.path.realpath(path)
        if real in seen:
            raise TournamentInputError(
                _("{path}: the same event as {other}; give each event once").format(
                    path=path, other=seen[real]
                )
            )
        seen[real] = path
        t = load(path)
        if not t.draws:
            raise TournamentError(
                _("no round is drawn yet; start with `baska tournament draw`"), path
            )
        found.append(t)
    return found


def _matched(tournaments: Sequence[Tournament]) -> tuple[Register, list[dict[str, str]]]:
    """Every event's players matched as the league matches them (league/registering.py), in
    the events' order: the register so made, and each event's players' ids (by the name the
    tables use). Two players of one event who are one record, and an id two events give to
    two people, are refused."""
    registering = Registering(Register())
    first: dict[str, str] = {}  # each id: the event that gave it first
    ids = []
    for t in tournaments:
        found: dict[str, str] = {}
        by_record: dict[str, str] = {}
        for player in t.players:
            try:
                member = registering.matched(player, t.path).member
            except OthersId as error:
                raise TournamentInputError(
                    _(
                        '{where}: "{name}" has the id {id}, which {event} gives to "{other}"; '
                        "an id is one person's: correct it in one of the players files"
                    ).format(
                        where=t.path,
                        name=error.name,
                        id=error.id,
                        event=first[error.id],
                        other=error.other,
                    )
                ) from None
            except SeveralRecords as error:
                raise TournamentInputError(f"{t.path}: {error}") from None
            first.setdefault(member.id, t.path)
            if member.id in by_record:
                raise TournamentError(
                    _(
                        '"{first}" and "{second}" are one player of the register ({id}), so '
                        "their results would count twice; give each their own id in the "
                        "players file"
                    ).format(first=by_record[member.id], second=player.name, id=member.id),
                    t.path,
                )
            by_record[member.id] = player.name
            found[player.name] = member.id
        ids.append(found)
    return registering.register(), ids


def folders_season(paths: Sequence[str], rules: Regulations | None = None) -> LeagueSeason:
    """The season over the tournaments' folders given (each by its last drawn round), by the
    regulations given (default: each event's place points, every event counts)."""
    tournaments = _events(paths)
    register, ids = _matched(tournaments)
    league = LeagueFolder(".", League("", rules=rules or Regulations()), register)
    events = []
    for path, t, found in zip(paths, tournaments, ids, strict=True):
        done = final_standings(t)
        lines = tuple(found[line.player] for line in done.lines)
        events.append(Played(os.path.normpath(path), "", t.name, done, lines))
    return season(league.path, league=league, events=events)
