"""`baska tournament status` and `accept`: each table's state in the hall and the
organiser's word on a table's result, asked of tournament/tables/ (state.py and service.py)
and said."""

from __future__ import annotations

import click

from baska_cli.cli.common import COUNT, argument, command, format_choice, option
from baska_cli.cli.running import note_written
from baska_cli.cli.tournament.classifications import write_workbook
from baska_cli.cli.tournament.common import round_option
from baska_cli.i18n import _
from baska_cli.render.tournament.classifications import labels
from baska_cli.render.tournament.done import accepted
from baska_cli.render.tournament.status import status_json, status_table
from baska_cli.render.tournament.workbook import status_sheet
from baska_cli.tournament.clock.service import hall_problems
from baska_cli.tournament.folder import load
from baska_cli.tournament.tables import service as service_confirm
from baska_cli.tournament.tables.state import round_states


@command()
@argument("path", metavar="DIR")
@round_option("The round (default: the newest drawn).")
@format_choice("table", "json")
@option(
    "--xlsx",
    "xlsx_path",
    metavar="FILE",
    help="Also write the round's tables as a workbook (.xlsx) for a spreadsheet.",
)
def status(path: str, round_number: int | None, output_format: str, xlsx_path: str | None) -> None:
    """Each table's state in a round: not started, playing n/N, waiting for confirmation,
    confirmed, disputed or walk-out, with its totals and who confirmed them.

    \b
    Example:  baska tournament status liga
              baska tournament status liga --round 2 --format json
              baska tournament status liga --xlsx runda.xlsx
    """
    number, states = round_states(path, round_number)
    shown = status_json if output_format == "json" else status_table
    click.echo(shown(number, states))
    for problem in hall_problems(path):
        click.echo(_("warning: {problem} (the hall's screens leave it out)").format(
            problem=problem), err=True)  # fmt: skip
    if xlsx_path:
        named = labels(load(path).players)
        write_workbook(xlsx_path, [status_sheet(number, states, named)])


@command()
@argument("path", metavar="DIR")
@argument("round_number", metavar="ROUND", type=COUNT)
@argument("table", metavar="TABLE", type=COUNT)
def accept(path: str, round_number: int, table: int) -> None:
    """The organiser accepts a table's result: it is final as if its players confirmed it
    (a disputed table's too, once settled at the table). A later change of the table voids it.

    \b
    Example:  baska tournament accept liga 2 3
    """
    state = service_confirm.accept(path, round_number, table)
    note_written(_("the result was accepted"))
    click.echo(accepted(state), err=True)
