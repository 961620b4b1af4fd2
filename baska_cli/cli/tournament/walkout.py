"""`baska tournament walkout`: a player left a table or did not come after the draw, asked
of the tournament service (tournament/service_walkouts.py) and said."""

from __future__ import annotations

import click

from baska_cli.cli.common import COUNT, command, note_written, option
from baska_cli.i18n import _, ngettext
from baska_cli.tournament.service import walkouts as service


@command()
@click.argument("path", metavar="DIR")
@click.argument("round_number", metavar="ROUND", type=COUNT)
@click.argument("table", metavar="TABLE", type=COUNT)
@click.argument("name", metavar="NAME")
@option("--undo", is_flag=True, help="Take the walk-out back (it is kept, marked undone).")
def walkout(path: str, round_number: int, table: int, name: str, undo: bool) -> None:
    """A player walked out of a table, or did not come after the draw („ucieczka”).

    The other players at the table get the rule system's walk-out result (plb and mester:
    3 place points and 35 small points each), the player who walked out its result for
    them (0 and 0), whatever hands were recorded; the hands and any sheet are kept.

    \b
    Example:  baska tournament walkout liga 2 5 Darek
              baska tournament walkout liga 2 5 Darek --undo
    """
    done = service.walk_out(path, round_number, table, name, undo)
    where = {"round": done.round, "table": done.table, "name": done.player}
    if undo:
        note_written(_("the walk-out was undone"))
        click.echo(
            _("round {round}, table {table}: {name} no longer walked out").format(**where),
            err=True,
        )
        return
    note_written(_("the walk-out was recorded"))
    click.echo(
        _(
            "round {round}, table {table}: {name} walked out; the walk-out result goes to {others}"
        ).format(**where, others=", ".join(done.others)),
        err=True,
    )
    if done.hands or done.sheet:
        kept = (
            [
                ngettext(
                    "{count} hand in the ledger", "{count} hands in the ledger", done.hands
                ).format(count=done.hands)
            ]
            if done.hands
            else []
        )
        if done.sheet:
            kept.append(_("the result from the sheet"))
        click.echo(_("kept as history, not counted: {kept}").format(kept=", ".join(kept)), err=True)
