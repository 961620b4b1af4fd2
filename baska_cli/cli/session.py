"""`baska new` and `baska ledger`: start a session ledger; show sessions and seasons."""

from __future__ import annotations

import datetime
import os
import shlex
import shutil
import sys

import click

from baska_cli.cli.common import (
    COUNT,
    LEDGER_ENV,
    Conflicts,
    UserInputError,
    argument,
    command,
    fail,
    format_option,
    ledgers,
    load_rules_or_fail,
    option,
    refuse_conflicts,
    rules_option,
    terminal_width,
)
from baska_cli.cli.running import note_written
from baska_cli.errors import BaskaError
from baska_cli.files.kind import NotRegularFile, read_text, reason_of
from baska_cli.game.names import check_player_names, parse_aliases
from baska_cli.i18n import N_, _, ngettext
from baska_cli.ledger import view
from baska_cli.ledger.heading import checked_date, checked_title
from baska_cli.ledger.new import start
from baska_cli.ledger.season import misspelt_warnings
from baska_cli.render import sheet
from baska_cli.render.chart import unicode_ok
from baska_cli.render.fit import wrap
from baska_cli.render.spool import spooled
from baska_cli.render.stream import write_csv, write_json
from baska_cli.render.text import heading_text

# `baska ledger`'s options that do not go together (common.refuse_conflicts)
LEDGER_CONFLICTS: Conflicts = (
    (
        lambda o: (
            o["wide"] and (o["chart"] or o["output_format"] != "table" or len(o["paths"]) > 1)
        ),
        N_(
            "--wide shows one ledger's whole score sheet; leave out --chart and --format, "
            "or give one file"
        ),
    ),
    (
        lambda o: o["chart"] and (o["output_format"] != "table" or len(o["paths"]) > 1),
        N_("--chart draws one ledger as a table; leave out --format, or give one file"),
    ),
    (
        lambda o: (
            o["aliases_path"] is not None and (len(o["paths"]) < 2 or o["output_format"] == "csv")
        ),
        N_(
            "--aliases merges names in a season's standings: give two ledgers or more, "
            "with --format table or json"
        ),
    ),
)


@command()
@argument("path", metavar="FILE")
@option(
    "--players",
    "-p",
    required=True,
    metavar="NAMES",
    help="The four players in seat order (clockwise), comma separated.",
)
@rules_option
@option("--dealer", "-d", metavar="NAME", help="Who deals the first hand (default: seat 1).")
@option("--deals", type=COUNT, metavar="N", help="How many deals are planned.")
@option("--title", metavar="TEXT", help="The evening's title, the heading of its report.")
@option("--date", metavar="YYYY-MM-DD", help="The evening's date (default with --title: today).")
def new(
    path: str,
    players: str,
    rules_spec: str | None,
    dealer: str | None,
    deals: int | None,
    title: str | None,
    date: str | None,
) -> None:
    """Start a session ledger: the players in seat order, the rules, the first dealer, the
    evening's title and date.

    \b
    Example:  baska new evening.csv --players Ania,Bartek,Celina,Darek --deals 16
              baska new liga.csv -p Ania,Bartek,Celina,Darek -r mester -d Celina
              baska new wtorek.csv -p Ania,Bartek,Celina,Darek --title "Wtorek u Ani"
    """
    try:
        title = None if title is None else checked_title(title)
        if date is not None:
            date = checked_date(date)
        elif title is not None:  # a titled evening is dated, today by default
            date = datetime.date.today().isoformat()
    except BaskaError as error:
        fail(error)
    create_ledger(path, players, rules_spec, dealer, deals, title, date)
    # the line to copy (or `eval "$(baska new …)"`), so the commands that follow need no FILE
    click.echo(export_line(path))


def create_ledger(
    path: str,
    players: str,
    rules_spec: str | None,
    dealer: str | None,
    deals: int | None,
    title: str | None = None,
    date: str | None = None,
) -> None:
    """Create a ledger as `baska new` does and say so on standard error."""
    if not path:
        raise UserInputError(_('the ledger\'s file name is empty; expected e.g. "evening.csv"'))
    try:
        names = check_player_names(players.split(","))
    except BaskaError as error:
        fail(error)
    rules = load_rules_or_fail(rules_spec)
    try:
        meta = start(path, names, rules, dealer, deals, title, date)
    except BaskaError as error:
        fail(error)
    note_written(_("the ledger {path} was created").format(path=path))
    said = _created(path, names, rules.label, meta.first_dealer, deals)
    if meta.title or meta.date:
        said = f"{heading_text(meta.title, meta.date)}\n{said}"
    click.echo(wrap(said, _error_width(), "  "), err=True)


def _error_width() -> int | None:
    """The columns of the terminal standard error is, or None off a terminal."""
    return shutil.get_terminal_size((80, 24)).columns if sys.stderr.isatty() else None


def _created(path: str, names: tuple[str, ...], rules: str, first: int, deals: int | None) -> str:
    """`evening.csv: Ania, Bartek, Celina, Darek (plb, 16 deals); Ania deals first, …`."""
    if deals:
        made = ngettext(
            "{path}: {players} ({rules}, {count} deal); {dealer} deals first, {leader} leads",
            "{path}: {players} ({rules}, {count} deals); {dealer} deals first, {leader} leads",
            deals,
        )
    else:
        made = _("{path}: {players} ({rules}); {dealer} deals first, {leader} leads")
    return made.format(
        path=path,
        players=", ".join(names),
        rules=rules,
        count=deals,
        dealer=names[first],
        leader=names[(first + 1) % 4],
    )


def export_line(path: str) -> str:
    """`export BASKA_LEDGER=/abs/path.csv`, shell-quoted."""
    return f"export {LEDGER_ENV}={shlex.quote(os.path.abspath(path))}"


@command("ledger")
@argument("paths", nargs=-1, metavar="[FILE...]")
@format_option
@option(
    "--chart", is_flag=True, help="Draw the running totals as a line chart instead of the sheet."
)
@option(
    "--aliases",
    "aliases_path",
    metavar="FILE",
    help='Merge names in a season: lines such as "Felix = Feliks" (the name written, then '
    "the name to count it as).",
)
@option(
    "--wide",
    "-w",
    is_flag=True,
    help="On a terminal, the full sheet however wide (it is laid out for the terminal's "
    "width otherwise; a pipe or a file always gets the full sheet).",
)
def ledger_command(
    paths: tuple[str, ...],
    output_format: str,
    chart: bool,
    aliases_path: str | None,
    wide: bool,
) -> None:
    """Show a session's score sheet and standings; several files add up as a season.

    Without FILE, the ledger in BASKA_LEDGER is shown; each file may be given once. On a
    terminal the sheet fits its width: the players by their initials, then without each
    hand's changes, then with the hand texts wrapped (80 columns always show every hand's
    number, dealer, text and the running totals); --wide shows the full sheet.

    \b
    Example:  baska ledger evening.csv
              baska ledger evening.csv --chart
              baska ledger autumn/*.csv --format json
              baska ledger autumn/*.csv --aliases names.txt
    """
    paths = ledgers(paths, "baska ledger evening.csv")
    refuse_conflicts(LEDGER_CONFLICTS)
    aliases = _aliases(aliases_path)
    if len(paths) > 1:
        for warning in misspelt_warnings(paths, aliases):
            click.echo(warning, err=True)
    try:
        if output_format == "json":
            write_json(paths, sys.stdout, aliases)
        elif output_format == "csv":
            write_csv([view.read(p) for p in paths], sys.stdout)
        elif len(paths) > 1:
            click.echo(sheet.season_table([view.read(p) for p in paths], aliases))
        else:
            session = view.read(paths[0])
            unicode, colour, size = _terminal(chart)
            width = None if wide else terminal_width()
            screen = None if size is None else size[1]  # a chart fits the terminal's lines
            text = sheet.session_text(session, session.rows, unicode, colour, size, width, screen)
            for piece in spooled(text):
                click.echo(piece, nl=False)
    except BaskaError as error:
        fail(error)


def _terminal(chart: bool) -> tuple[bool, bool, tuple[int, int] | None]:
    """What standard output can show: Unicode blocks, colour (a terminal, no NO_COLOR),
    and the chart's width and the lines it fits in (the terminal's; 80 × 24 off one)."""
    stream = sys.stdout
    tty = stream.isatty()
    colour = tty and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
    size = shutil.get_terminal_size((80, 24)) if tty else os.terminal_size((80, 24))
    return unicode_ok(stream.encoding), colour, (size.columns, size.lines) if chart else None


def _aliases(path: str | None) -> dict[str, str] | None:
    """The alias file's merges (folded alias: name kept), or None without --aliases."""
    if path is None:
        return None
    try:
        text = read_text(path)
    except (OSError, UnicodeDecodeError, NotRegularFile) as error:
        reason = reason_of(error)
        raise UserInputError(
            _("{file}: cannot read the aliases: {reason}").format(file=path, reason=reason)
        ) from None
    try:
        return parse_aliases(text, path)
    except BaskaError as error:
        fail(error)
