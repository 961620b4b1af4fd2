"""`baska stats`: how the evening (or the season) went, per player and per pair."""

from __future__ import annotations

import click

from baska_cli.cli.common import argument, command, fail, format_option, ledgers, terminal_width
from baska_cli.errors import BaskaError
from baska_cli.ledger.view import read
from baska_cli.render.fit import wrap
from baska_cli.render.stats import gathered, stats_csv, stats_record, stats_table
from baska_cli.render.stream import to_json
from baska_cli.render.text import heading_text


@command()
@argument("paths", nargs=-1, metavar="[FILE...]")
@format_option
def stats(paths: tuple[str, ...], output_format: str) -> None:
    """Statistics per player (roles, contracts, solos, contras, streaks) and per pair.

    \b
    Example:  baska stats evening.csv
              baska stats autumn/*.csv --format json
    """
    paths = ledgers(paths, "baska stats evening.csv")
    try:
        sessions = [read(path) for path in paths]
        found = gathered(sessions)
    except BaskaError as error:
        fail(error)
    if output_format == "json":
        click.echo(to_json(stats_record(found)))
    elif output_format == "csv":
        click.echo(stats_csv(found))
    else:
        headings = [heading_text(s.meta.title, s.meta.date) for s in sessions]
        for heading in filter(None, headings):  # each evening's title and date, if any
            click.echo(wrap(heading, terminal_width(), "  "))
        click.echo(stats_table(found, terminal_width()))
