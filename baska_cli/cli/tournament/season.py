"""`baska tournament season`: a season over tournament folders, as a league made on the fly
(league/service/on_the_fly.py) counts it and the league's renderers show it."""

from __future__ import annotations

import click

from baska_cli.cli.common import argument, command, format_choice, option
from baska_cli.cli.tournament.classifications import write_workbook
from baska_cli.league.service.on_the_fly import folders_season, read_points
from baska_cli.render.league.terminal import (
    season_csv,
    season_json,
    season_sheet,
    season_table,
    unfinished_lines,
)
from baska_cli.render.tournament.workbook import Sheet


@command("season")
@argument("paths", metavar="DIR...", nargs=-1, required=True)
@option(
    "--points",
    "points_file",
    metavar="FILE",
    help="The season's regulations: a TOML file of the keys of league.toml's [season] (see the "
    "manual); default: each event's place points, every event counts.",
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
    """The season's classification over tournaments (Grand Prix events), as a league counts it.

    \b
    Example:  baska tournament season gp1 gp2 gp3
              baska tournament season gp1 gp2 gp3 --points punkty.toml --format csv
              baska tournament season gp1 gp2 gp3 --xlsx sezon.xlsx
    """
    rules = read_points(points_file) if points_file else None
    done = folders_season(paths, rules)
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
