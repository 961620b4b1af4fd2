"""`baska league players`: the register listed (`league players LIGA`), a player added,
a players file imported, two records of one person merged."""

from __future__ import annotations

import click

from baska_cli.cli.common import CONTEXT, argument, command, format_choice, note_written, option
from baska_cli.cli.league.common import LeagueGroup
from baska_cli.i18n import _, ngettext
from baska_cli.league.service import players as service
from baska_cli.league.service.players import Imported
from baska_cli.render.league.terminal import register_csv, register_json, register_table


class PlayersGroup(LeagueGroup):
    """`league players LIGA` lists the register; `league players add|import|merge …` change
    it (a first argument that names no command is the league's folder)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """List the register unless a command is named."""
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["list", *args]
        return super().parse_args(ctx, args)


@click.group("players", cls=PlayersGroup, context_settings=CONTEXT)
def players() -> None:
    """The league's register: list it, add a player, import a file, merge two records.

    \b
    Example:  baska league players liga
              baska league players add liga "Jan Kowalski" --id 1234 --club Puck
              baska league players import liga zawodnicy.csv
              baska league players merge liga 1234 N7
    """


def say(done: Imported) -> None:
    """Who was added (each with their id), how many were found, names that look alike."""
    for m in done.added:
        click.echo(
            _("{name} was added to the register as {id}").format(name=m.name, id=m.id), err=True
        )
    if done.found:
        click.echo(
            ngettext(
                "{count} player was in the register already",
                "{count} players were in the register already",
                len(done.found),
            ).format(count=len(done.found)),
            err=True,
        )
    for a, b in done.look_alike:
        click.echo(
            _(
                'warning: "{a}" ({a_id}) and "{b}" ({b_id}) look alike: one person? '
                "(baska league players merge)"
            ).format(a=a.name, a_id=a.id, b=b.name, b_id=b.id),
            err=True,
        )


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
    for a, b in service.look_alike_pairs(path):
        click.echo(
            _(
                'warning: "{a}" ({a_id}) and "{b}" ({b_id}) look alike: one person? '
                "(baska league players merge)"
            ).format(a=a.name, a_id=a.id, b=b.name, b_id=b.id),
            err=True,
        )


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


for _command in (list_command, add, import_command, merge):
    players.add_command(_command)
