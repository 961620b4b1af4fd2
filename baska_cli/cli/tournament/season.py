"""`baska tournament season`: a league's classification over its events (each a tournament
directory), from the season service (tournament/service_season.py)."""

from __future__ import annotations

import click

from baska_cli.cli.common import argument, command, format_choice, option
from baska_cli.cli.tournament.classifications import write_workbook
from baska_cli.render.tournament.season import (
    season_csv,
    season_heading,
    season_json,
    season_table,
    unfinished_lines,
)
from baska_cli.render.tournament.workbook import season_sheet
from baska_cli.tournament.service import season as service_season


@command("season")
@argument("paths", metavar="DIR...", nargs=-1, required=True)
@option(
    "--points",
    "points_file",
    metavar="FILE",
    help="Season points by place in each event (TOML: places = [25, 20, 16, …]); "
    "default: each event's place points.",
)
@format_choice("table", "json", "csv")
@option(
    "--xlsx",
    "xlsx_path",
    metavar="FILE",
    help="Also write the classification as a workbook (.xlsx) for a spreadsheet.",
)
def season(
    paths: tuple[str, ...], points_file: str | None, output_format: str, xlsx_path: str | None
) -> None:
    """The season's classification over a league's events (Grand Prix tournaments).

    \b
    Example:  baska tournament season gp1 gp2 gp3
              baska tournament season gp1 gp2 gp3 --points punkty.toml --format csv
              baska tournament season gp1 gp2 gp3 --xlsx sezon.xlsx
    """
    table = service_season.read_points(points_file) if points_file else None
    done = service_season.season(paths, table)
    for line in unfinished_lines(done.unfinished):
        click.echo(line, err=True)
    if output_format == "json":
        click.echo(season_json(done))
    elif output_format == "csv":
        click.echo(season_csv(done))
    else:
        click.echo(season_table(done))
    if xlsx_path:
        write_workbook(xlsx_path, [season_sheet(season_heading(done), done.events, done.lines)])
