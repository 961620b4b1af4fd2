"""`baska league players`: the register listed (`league players LIGA`), a player added,
a players file imported, two records of one person merged (and the merge undone), a name
corrected."""

from __future__ import annotations

import click

from baska_cli.cli.common import CONTEXT, argument, command, format_choice, option
from baska_cli.cli.league.common import ListingGroup
from baska_cli.cli.running import note_written
from baska_cli.i18n import _
from baska_cli.league.service import players as service
from baska_cli.league.service.players import Imported
from baska_cli.render.league.done import (
    added_lines,
    alike_lines,
    found_line,
    renamed_line,
    respelt_lines,
    unmerged_line,
)
from baska_cli.render.league.terminal import register_csv, register_json, register_table


@click.group("players", cls=ListingGroup, context_settings=CONTEXT)
def players() -> None:
    """The league's register: list it, add a player, import a file, merge two records (and
    undo a merge), correct a name.

    \b
    Example:  baska league players liga
              baska league players add liga "Jan Kowalski" --id 1234 --club Puck
              baska league players import liga zawodnicy.csv
              baska league players merge liga 1234 N7
              baska league players unmerge liga N7
              baska league players rename liga 1234 "Jan Kowalski"
    """


def say(done: Imported) -> None:
    """Who was added (each with their id), how many were found, names spelt otherwise than
    the register's, names that look alike."""
    lines = [
        *added_lines(done.added),
        *found_line(len(done.found)),
        *respelt_lines(done.respelt),
        *alike_lines(done.look_alike),
    ]
    for line in lines:
        click.echo(line, err=True)


@command("list", hidden=True)
@argument("path", metavar="LIGA")
@format_choice("table", "json", "csv")
def list_command(path: str, output_format: str) -> None:
    """The register: id, name, club, team, category."""
    register = service.players(path).register
    if output_format == "json":
        click.echo(register_json(register))
    elif output_format == "csv":
        click.echo(register_csv(register))
    else:
        click.echo(register_table(register))
    for line in alike_lines(service.look_alike_pairs(path)):
        click.echo(line, err=True)


@command("add")
@argument("path", metavar="LIGA")
@argument("name", metavar="NAME")
@option(
    "--id",
    "ident",
    metavar="ID",
    default="",
    help="The licence number (default: the next N1, N2, …).",
)
@option("--club", default="", metavar="TEXT", help="The player's club.")
@option("--team", default="", metavar="TEXT", help="The player's team.")
@option("--category", default="", metavar="TEXT", help="The player's category.")
def add(path: str, name: str, ident: str, club: str, team: str, category: str) -> None:
    """Add a player to the register."""
    done = service.add_player(path, name, ident, club, team, category)
    note_written(_("the register of {path} was changed").format(path=path))
    say(done)


@command("import")
@argument("path", metavar="LIGA")
@argument("players_file", metavar="FILE")
def import_command(path: str, players_file: str) -> None:
    """Add the players of a file to the register: the columns `tournament new` reads
    (name, club, team, category, id; Polish headers and `;` too). A player found there by
    id or full name is kept as the register has them."""
    done = service.import_players(path, players_file)
    note_written(_("the register of {path} was changed").format(path=path))
    say(done)


@command("merge")
@argument("path", metavar="LIGA")
@argument("keep", metavar="ID_KEEP")
@argument("gone", metavar="ID_GONE")
def merge(path: str, keep: str, gone: str) -> None:
    """Merge two records of one person: ID_GONE becomes an alias of ID_KEEP, and its
    events count for ID_KEEP."""
    kept = service.merge_players(path, keep, gone)
    note_written(_("the register of {path} was changed").format(path=path))
    click.echo(
        _("{gone} is merged into {keep} ({name})").format(gone=gone, keep=kept.id, name=kept.name),
        err=True,
    )


@command("unmerge")
@argument("path", metavar="LIGA")
@argument("gone", metavar="ID_GONE")
def unmerge(path: str, gone: str) -> None:
    """Undo a merge: ID_GONE is a record of its own again (its details as before), and its
    events count for it.

    \b
    Example:  baska league players unmerge liga N7
    """
    alias = service.unmerge_players(path, gone)
    note_written(_("the register of {path} was changed").format(path=path))
    click.echo(unmerged_line(alias), err=True)


@command("rename")
@argument("path", metavar="LIGA")
@argument("ident", metavar="ID")
@argument("name", metavar="NAME")
def rename(path: str, ident: str, name: str) -> None:
    """Correct a record's full name: the league's standings, ratings and site show it (the
    events' own folders keep the names they were played under).

    \b
    Example:  baska league players rename liga 1234 "Jan Kowalski"
    """
    done = service.rename_player(path, ident, name)
    if done.after != done.before:
        note_written(_("the register of {path} was changed").format(path=path))
    click.echo(renamed_line(done.before, done.after), err=True)
    for line in alike_lines(done.look_alike):
        click.echo(line, err=True)


for _command in (list_command, add, import_command, merge, unmerge, rename):
    players.add_command(_command)
