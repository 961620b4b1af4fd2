"""`baska tournament checkin`: the registration desk — players marked present (and paid),
or taken back; with no player, the desk listed (with --unpaid: the players present who have
not paid), its totals said."""

from __future__ import annotations

import click

from baska_cli.cli.common import UserInputError, argument, command, format_choice, option
from baska_cli.cli.running import note_written
from baska_cli.i18n import _
from baska_cli.render.tournament.desk import counts_text, desk_json, desk_table, marked_text
from baska_cli.tournament.desk import service


@command()
@argument("path", metavar="DIR")
@argument("players", metavar="[PLAYER]...", nargs=-1)
@option("--paid", is_flag=True, help="Mark them paid too (the tournament's fee).")
@option("--undo", is_flag=True, help="Take back their being present (with --paid: having paid).")
@option("--unpaid", is_flag=True, help="List the players present who have not paid.")
@format_choice("table", "json")
def checkin(
    path: str,
    players: tuple[str, ...],
    paid: bool,
    undo: bool,
    unpaid: bool,
    output_format: str,
) -> None:
    """Check players in at the desk: present, and paid where there is a fee. A player by
    full name, short form, id or a unique start of one. Without a player, the desk is
    listed with its totals (the cash: the fees paid). Once anyone is present, the draw
    seats only the players present.

    \b
    Example:  baska tournament checkin liga "Jan Kowalski" Anna.N 1234
              baska tournament checkin liga kow --paid
              baska tournament checkin liga Anna.N --undo
              baska tournament checkin liga --unpaid
              baska tournament checkin liga --format json
    """
    if unpaid and (players or paid or undo):
        raise UserInputError(_("--unpaid lists the desk: it takes no player, --paid or --undo"))
    if not players:
        if paid or undo:
            raise UserInputError(_("--paid and --undo need a player"))
        view = service.desk_view(path, unpaid=unpaid)
        click.echo(desk_json(view) if output_format == "json" else desk_table(view))
        return
    done, view = service.check_in(path, players, paid, undo)
    if any(m.changed for m in done):
        note_written(_("the desk was changed"))
    if output_format == "json":
        click.echo(desk_json(view))
    for marked in done:
        click.echo(marked_text(marked), err=True)
    click.echo(counts_text(view), err=True)
