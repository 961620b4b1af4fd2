"""`baska tournament walkout`: a player left a table or did not come after the draw, asked
of the tournament service (tournament/scores/service.py) and said."""

from __future__ import annotations

import click

from baska_cli.cli.common import COUNT, argument, command, option
from baska_cli.cli.running import note_written
from baska_cli.i18n import _
from baska_cli.render.tournament.done import walked_out
from baska_cli.tournament.scores import service


@command()
@argument("path", metavar="DIR")
@argument("round_number", metavar="ROUND", type=COUNT)
@argument("table", metavar="TABLE", type=COUNT)
@argument("name", metavar="NAME")
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
    note_written(_("the walk-out was undone") if undo else _("the walk-out was recorded"))
    for line in walked_out(done):
        click.echo(line, err=True)
