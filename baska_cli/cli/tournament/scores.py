"""`baska tournament result`, `standings`, `lots` and `check`: what the tables scored, asked of
the scores' service (tournament/scores/service.py) and said."""

from __future__ import annotations

import sys

import click

from baska_cli.cli.common import COUNT, UserInputError, argument, command, format_choice, option
from baska_cli.cli.running import note_written
from baska_cli.cli.tournament.classifications import (
    show_category,
    show_standings,
    show_teams,
    standings_sheets,
    write_workbook,
)
from baska_cli.cli.tournament.clock import say_if_hidden
from baska_cli.cli.tournament.common import round_option
from baska_cli.i18n import _, ngettext
from baska_cli.render.tournament.done import sheet_typed
from baska_cli.tournament.scores import service


@command()
@argument("path", metavar="DIR")
@argument("round_number", metavar="ROUND", type=COUNT)
@argument("table", metavar="TABLE", type=COUNT)
@argument("entries", metavar="NAME=+N...", nargs=-1, required=True)
@option(
    "--correct",
    is_flag=True,
    help="Replace the table's result entered before (the old one is kept, marked corrected).",
)
def result(
    path: str, round_number: int, table: int, entries: tuple[str, ...], correct: bool
) -> None:
    """Enter a paper sheet's final totals for one table (four names, summing to zero).

    A player is their name, a unique start of it, or their seat number (1=+40). With the
    setting double-entry, the sheet counts once typed twice alike, by two people.

    \b
    Example:  baska tournament result liga 1 3 Ania=+40 Bartek=-12 Celina=-8 Darek=-20
              baska tournament result liga 1 3 1=+40 2=-12 3=-8 4=-20
    """
    typed = service.enter_sheet(path, round_number, table, entries, correct)
    note_written(_("the result was entered") if typed.counted else _("the entry was kept"))
    click.echo(sheet_typed(typed), err=True)


@command()
@argument("path", metavar="DIR")
@round_option("The standings after this round (default: the last drawn).")
@format_choice("table", "json", "csv")
@option("--html", "html_path", metavar="FILE", help="Also write the standings as a printable page.")
@option(
    "--xlsx",
    "xlsx_path",
    metavar="FILE",
    help="Also write them as a workbook (.xlsx) for a spreadsheet: numbers as numbers.",
)
@option("--teams", is_flag=True, help="The team classification: each team's best 4 players.")
@option(
    "--category",
    metavar="NAME",
    help="The standings of one category, placed from 1 (all: every category's, one by one).",
)
def standings(
    path: str,
    round_number: int | None,
    output_format: str,
    html_path: str | None,
    xlsx_path: str | None,
    teams: bool,
    category: str | None,
) -> None:
    """The standings by place points and tie-breaks, with the movement since the last round.

    For a spreadsheet, write the workbook (--xlsx FILE) and open it: numbers as numbers,
    printed on A4. --format csv is for scripts: a decimal point and exact place points (a
    spreadsheet in a Polish locale reads 13.5 in it as a date).

    \b
    Example:  baska tournament standings liga
              baska tournament standings liga --round 2 --format json
              baska tournament standings liga --html standings.html
              baska tournament standings liga --teams
              baska tournament standings liga --category K --html kobiety.html
              baska tournament standings liga --xlsx liga.xlsx
    """
    if teams and category is not None:
        raise UserInputError(_("--teams and --category: choose one of them"))
    found = service.standings_after(path, round_number)
    up_to = found.up_to
    if teams:
        show_teams(found, output_format, html_path)
    elif category is not None:
        show_category(found, category, output_format, html_path)
    else:
        show_standings(found, output_format, html_path)
    if xlsx_path:
        write_workbook(xlsx_path, standings_sheets(found, teams, category), found.files)
    for problem in found.problems:
        click.echo(_("warning: {problem}").format(problem=problem), err=True)
    if found.problems:
        click.echo(
            _("the standings count only the tables with a result; see `baska tournament check`"),
            err=True,
        )
    say_if_hidden(path)
    if found.need_lots:
        click.echo(
            _(
                "players tied on every tie-break share a place; record a drawing of lots with "
                "`baska tournament lots {path} --round {round}`"
            ).format(path=path, round=up_to),
            err=True,
        )


@command("check")
@argument("path", metavar="DIR")
def check_command(path: str) -> None:
    """Check every round, seating, table ledger and result; list the problems, exit 1 if any
    (tables still being played and rounds not drawn yet are progress: listed, exit 0).

    \b
    Example:  baska tournament check liga
    """
    audit = service.check(path)
    for line in (*audit.notes, *audit.progress, *audit.problems):
        click.echo(str(line), err=True)
    if audit.problems:
        count = len(audit.problems)
        click.echo(
            ngettext("{path}: {count} problem", "{path}: {count} problems", count).format(
                path=path, count=count
            ),
            err=True,
        )
        sys.exit(1)
    click.echo(_checked(path, audit), err=True)


def _checked(path: str, audit: service.Audit) -> str:
    """The last line of a check without problems: what was looked at, and how far it is."""
    said = _("{path}: ok, {rounds}, {tables}").format(
        path=path,
        rounds=ngettext("{count} round", "{count} rounds", audit.rounds).format(count=audit.rounds),
        tables=ngettext("{count} table", "{count} tables", audit.tables).format(count=audit.tables),
    )
    playing = sum(p.round <= audit.rounds for p in audit.progress)
    left = len(audit.progress) - playing
    parts = []
    if playing:
        parts.append(
            ngettext(
                "{count} table still being played",
                "{count} tables still being played",
                playing,
            ).format(count=playing)
        )
    if left:
        parts.append(
            ngettext("{count} round to draw", "{count} rounds to draw", left).format(count=left)
        )
    return f"{said}; {', '.join(parts)}" if parts else said


@command()
@argument("path", metavar="DIR")
@argument("names", metavar="[NAME...]", nargs=-1)
@round_option("The standings whose ties are drawn (default: after the last drawn round).")
def lots(path: str, names: tuple[str, ...], round_number: int | None) -> None:
    """Record a drawing of lots for players tied on every tie-break.

    With NAMEs: the order the tied players drew, best first (a drawing held at the venue).
    Without: baska draws lots for every tie, from the tournament's seed.

    \b
    Example:  baska tournament lots liga Celina Ania
              baska tournament lots liga --round 5
    """
    drawn = service.draw_lots(path, names, round_number)
    note_written(_("the lots were recorded"))
    for order in drawn.orders:
        click.echo(
            _("lots after round {round}: {order}").format(
                round=drawn.round, order=", ".join(order)
            ),
            err=True,
        )
