"""`baska league`: a league in one folder — new, add, standings, ratings here; its
regulations in `regulations.py`, the register in `players.py`, the events in `events.py`.
Each command asks the league's service and says what it did."""

from __future__ import annotations

from typing import Any

import click

from baska_cli.cli.common import CONTEXT, argument, command, format_choice, option
from baska_cli.cli.league.common import LeagueGroup, regulation_options, write_workbook
from baska_cli.cli.league.events import events
from baska_cli.cli.league.players import players, say
from baska_cli.cli.league.publish import publish
from baska_cli.cli.league.regulations import set_command
from baska_cli.cli.running import note_written
from baska_cli.i18n import _
from baska_cli.league.regulations import regulations_of
from baska_cli.league.service import events as service_events
from baska_cli.league.service import players as service_players
from baska_cli.league.service import season as service_season
from baska_cli.render.league.done import joined_lines
from baska_cli.render.league.terminal import (
    not_official,
    ratings_json,
    ratings_table,
    season_csv,
    season_json,
    season_sheet,
    season_table,
    unfinished_lines,
)
from baska_cli.render.tournament.workbook import Sheet


@click.group("league", cls=LeagueGroup, context_settings=CONTEXT)
def league() -> None:
    """A league across events: one register of players, the season by its regulations
    (league.toml), a rating list.

    \b
    Example:  baska league new liga --title "Liga Lęborska 2026" --players zawodnicy.csv
              baska league set liga min-events 3
              baska tournament new liga/gp1 --league liga --players gp1.csv --rounds 5 --deals 24
              baska league add liga gp0 --date 2026-01-17
              baska league events liga
              baska league standings liga
              baska league ratings liga
              baska league publish liga web
    """


@command()
@argument("path", metavar="LIGA")
@option(
    "--players",
    "-p",
    "players_file",
    metavar="FILE",
    help="The register's first players: the columns `tournament new` reads (name, club, team, "
    "category, id).",
)
@regulation_options
def new(path: str, players_file: str | None, title: str, **regulations: Any) -> None:
    """Make a league folder: its settings (league.toml) and its register (players.csv).

    \b
    Example:  baska league new liga --title "Liga Lęborska 2026" --players zawodnicy.csv
              baska league new liga --title "Liga Lęborska 2026" --places 25,20,16 --best 8
    """
    rules = regulations_of(regulations)
    done = service_players.new_league(path, title, players_file, rules)
    note_written(_("the league {path} was made").format(path=path))
    say(done)
    click.echo(
        _(
            "{path}: the season's regulations are in {path}/league.toml; next: baska tournament "
            "new DIR --league {path} --players FILE"
        ).format(path=path),
        err=True,
    )


@command()
@argument("path", metavar="LIGA")
@argument("tournaments", metavar="DIR...", nargs=-1, required=True)
@option("--date", metavar="YYYY-MM-DD", default="", help="The events' date (default: today).")
@option(
    "--id",
    "choices",
    metavar="NAME=ID",
    multiple=True,
    help="The register's record of a player whose full name several records share (repeatable).",
)
def add(path: str, tournaments: tuple[str, ...], date: str, choices: tuple[str, ...]) -> None:
    """Add tournaments as the league's events, their players matched to the register by id
    (a player without one by full name; one not found is added with a new id). A tournament
    that is an event already has its new players joined to the register (nothing else
    changes; its date, where --date is given).

    \b
    Example:  baska league add liga gp1 gp2 --date 2026-01-17
              baska league add liga gp3 --id "Jan Kowalski=1234"
    """
    for joined in service_events.add_events(path, tournaments, date, choices):
        if joined.changed:
            note_written(_("the league {path} was changed").format(path=path))
        for line in joined_lines(joined, path):
            click.echo(line, err=True)


@command()
@argument("path", metavar="LIGA")
@option("--teams", is_flag=True, help="The teams: each team's best players in each event.")
@option("--category", metavar="NAME", help="One category of the register, placed among itself.")
@format_choice("table", "json", "csv")
@option("--xlsx", "xlsx_path", metavar="FILE", help="Also write the season as a workbook (.xlsx).")
def standings(
    path: str, teams: bool, category: str | None, output_format: str, xlsx_path: str | None
) -> None:
    """The season's classification by the league's regulations (league.toml).

    \b
    Example:  baska league standings liga
              baska league standings liga --teams --format json
              baska league standings liga --category K --xlsx sezon.xlsx
    """
    done = service_season.season(path, teams, category)
    for line in unfinished_lines(done.unfinished):
        click.echo(line, err=True)
    if output_format == "json":
        click.echo(season_json(done))
    elif output_format == "csv":
        click.echo(season_csv(done))
    else:
        click.echo(season_table(done))
    if xlsx_path:
        write_workbook(xlsx_path, [Sheet(*season_sheet(done))])


@command()
@argument("path", metavar="LIGA")
@format_choice("table", "json")
def ratings(path: str, output_format: str) -> None:
    """A rating list over every table of every event (OpenSkill, Plackett–Luce): not the
    official classification.

    \b
    Example:  baska league ratings liga
    """
    done = service_season.ratings(path)
    if output_format == "json":
        click.echo(ratings_json(done))
        click.echo(not_official(), err=True)
    else:
        click.echo(ratings_table(done))


for _command in (new, set_command, add, events, players, standings, ratings, publish):
    league.add_command(_command)
