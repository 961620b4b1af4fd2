"""`baska league`: a league in one folder — new, add, standings, ratings here; the register
in `players.py`. Each command asks the league's service and says what it did."""

from __future__ import annotations

import click

from baska_cli.cli.common import CONTEXT, argument, command, format_choice, note_written, option
from baska_cli.cli.league.common import LeagueGroup, write_workbook
from baska_cli.cli.league.players import players, say
from baska_cli.cli.league.publish import publish
from baska_cli.i18n import _
from baska_cli.league.service import events as service_events
from baska_cli.league.service import players as service_players
from baska_cli.league.service import season as service_season
from baska_cli.render.league.terminal import (
    not_official,
    ratings_json,
    ratings_table,
    season_csv,
    season_json,
    season_sheet,
    season_table,
)
from baska_cli.render.tournament.season import unfinished_lines
from baska_cli.render.tournament.workbook import Sheet


@click.group("league", cls=LeagueGroup, context_settings=CONTEXT)
def league() -> None:
    """A league across events: one register of players, the season by its regulations
    (league.toml), a rating list.

    \b
    Example:  baska league new liga --title "Liga Lęborska 2026" --players zawodnicy.csv
              baska tournament new liga/gp1 --league liga --players gp1.csv --rounds 5 --deals 24
              baska league add liga gp0
              baska league standings liga
              baska league ratings liga
              baska league publish liga web
    """


@command()
@argument("path", metavar="LIGA")
@option("--title", required=True, metavar="TEXT", help="The league's title.")
@option(
    "--players",
    "-p",
    "players_file",
    metavar="FILE",
    help="The register's first players: the columns `tournament new` reads (name, club, team, "
    "category, id).",
)
def new(path: str, title: str, players_file: str | None) -> None:
    """Make a league folder: its settings (league.toml) and its register (players.csv).

    \b
    Example:  baska league new liga --title "Liga Lęborska 2026" --players zawodnicy.csv
    """
    done = service_players.new_league(path, title, players_file)
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
def add(path: str, tournaments: tuple[str, ...], date: str) -> None:
    """Add tournaments as the league's events, their players matched to the register by id
    (a player without one by full name; one not found is added with a new id).

    \b
    Example:  baska league add liga gp1 gp2 --date 2026-01-17
    """
    for joined in service_events.add_events(path, tournaments, date):
        note_written(_("{event} is an event of {path}").format(event=joined.event, path=path))
        for m in joined.added:
            click.echo(
                _("{name} was added to the register as {id}").format(name=m.name, id=m.id),
                err=True,
            )


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


for _command in (new, add, players, standings, ratings, publish):
    league.add_command(_command)
