"""`baska league events`: the league's events listed (`league events LIGA`), one re-dated,
one removed."""

from __future__ import annotations

import click

from baska_cli.cli.common import CONTEXT, argument, command, format_choice
from baska_cli.cli.league.common import ListingGroup
from baska_cli.cli.running import note_written
from baska_cli.i18n import _
from baska_cli.league.service import calendar as service
from baska_cli.render.league.calendar import events_json, events_table
from baska_cli.render.league.done import moved_line


@click.group("events", cls=ListingGroup, context_settings=CONTEXT)
def events() -> None:
    """The league's events: list them, change an event's date, remove an event.

    \b
    Example:  baska league events liga
              baska league events date liga gp1 2026-01-24
              baska league events remove liga gp1
    """


@command("list", hidden=True)
@argument("path", metavar="LIGA")
@format_choice("table", "json")
def list_command(path: str, output_format: str) -> None:
    """The events in date order: date, folder, title, players, rounds drawn of planned."""
    found = service.event_list(path)
    click.echo(events_json(found) if output_format == "json" else events_table(found))


@command("date")
@argument("path", metavar="LIGA")
@argument("event", metavar="EVENT")
@argument("date", metavar="YYYY-MM-DD")
def date_command(path: str, event: str, date: str) -> None:
    """Change an event's date (the season and the rating list take the events in date
    order). EVENT: as `league events` lists it, its folder, or the folder's name.

    \b
    Example:  baska league events date liga gp1 2026-01-24
    """
    done = service.redate(path, event, date)
    if done.before != done.date:
        note_written(_("the league {path} was changed").format(path=path))
    click.echo(moved_line(done, path), err=True)


@command("remove")
@argument("path", metavar="LIGA")
@argument("event", metavar="EVENT")
def remove(path: str, event: str) -> None:
    """Remove an event from the league (its tournament stays as it is, in no league; the
    players it added stay in the register). EVENT: as `league events` lists it, its folder,
    or the folder's name.

    \b
    Example:  baska league events remove liga gp1
    """
    done = service.remove(path, event)
    note_written(_("the league {path} was changed").format(path=path))
    click.echo(moved_line(done, path), err=True)


for _command in (list_command, date_command, remove):
    events.add_command(_command)
