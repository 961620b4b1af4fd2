"""`baska tournament season`: a league's classification over its events (each a tournament
directory), from the season service (tournament/service_season.py)."""

from __future__ import annotations

import click

from baska_cli.cli.common import command, format_choice, option
from baska_cli.i18n import ngettext
from baska_cli.render.tournament.season import season_csv, season_json, season_table
from baska_cli.tournament.service import season as service_season


@command("season")
@click.argument("paths", metavar="DIR...", nargs=-1, required=True)
@option(
    "--points",
    "points_file",
    metavar="FILE",
    help="Season points by place in each event (TOML: places = [25, 20, 16, …]); "
    "default: each event's place points.",
)
@format_choice("table", "json", "csv")
def season(paths: tuple[str, ...], points_file: str | None, output_format: str) -> None:
    """The season's classification over a league's events (Grand Prix tournaments).

    \b
    Example:  baska tournament season gp1 gp2 gp3
              baska tournament season gp1 gp2 gp3 --points punkty.toml --format csv
    """
    table = service_season.read_points(points_file) if points_file else None
    done = service_season.season(paths, table)
    for event, count in done.unfinished:
        click.echo(
            ngettext(
                "warning: {event}: {count} table has no valid result; its standings count "
                "only the tables with one (see baska tournament check)",
                "warning: {event}: {count} tables have no valid result; its standings count "
                "only the tables with one (see baska tournament check)",
                count,
            ).format(event=event, count=count),
            err=True,
        )
    if output_format == "json":
        click.echo(season_json(done))
    elif output_format == "csv":
        click.echo(season_csv(done))
    else:
        click.echo(season_table(done))
