"""`baska tournament result`, `standings`, `lots` and `check`: what the tables scored."""

from __future__ import annotations

import sys

import click

from baska_cli.cli.common import (
    COUNT,
    FileProblem,
    UserInputError,
    command,
    fail,
    format_choice,
    note_written,
    option,
)
from baska_cli.cli.tournament_common import (
    load_or_fail,
    round_option,
    round_or_last,
    standings_of,
    table_players,
    tournament_name,
)
from baska_cli.i18n import _, ngettext


@command()
@click.argument("path", metavar="DIR")
@click.argument("round_number", metavar="ROUND", type=COUNT)
@click.argument("table", metavar="TABLE", type=COUNT)
@click.argument("entries", metavar="NAME=+N...", nargs=-1, required=True)
@option(
    "--correct",
    is_flag=True,
    help="Replace the table's result entered before (the old one is kept, marked corrected).",
)
def result(
    path: str, round_number: int, table: int, entries: tuple[str, ...], correct: bool
) -> None:
    """Enter a paper sheet's final totals for one table (four names, summing to zero).

    \b
    Example:  baska tournament result liga 1 3 Ania=+40 Bartek=-12 Celina=-8 Darek=-20
    """
    from baska_cli.errors import BaskaError
    from baska_cli.ledger.checker import check
    from baska_cli.tournament.folder import ledger_name, lock, save_results
    from baska_cli.tournament.results import TableResult, describe, enter, parse_entries

    try:
        with lock(path):
            t = load_or_fail(path)
            members = table_players(t, round_number, table)
            totals = parse_entries(entries, members)
            ledger = t.file(ledger_name(round_number, table))
            reader = check(ledger)
            if reader.tally.slots:
                raise FileProblem(
                    _(
                        "{ledger} has hands recorded: the table's result comes from its ledger"
                    ).format(ledger=ledger)
                )
            new = TableResult(round_number, table, members, totals)
            save_results(t, enter(t.sheets, new, correct))
    except BaskaError as error:
        fail(error)
    note_written(_("the result was entered"))
    message = _("round {round}, table {table}: {result}").format(
        round=round_number, table=table, result=describe(new)
    )
    if correct:
        message += " " + _("(corrected; the old result is kept)")
    click.echo(message, err=True)


@command()
@click.argument("path", metavar="DIR")
@round_option("The standings after this round (default: the last drawn).")
@format_choice("table", "json", "csv")
@option("--html", "html_path", metavar="FILE", help="Also write the standings as a printable page.")
def standings(
    path: str, round_number: int | None, output_format: str, html_path: str | None
) -> None:
    """The standings by place points and tie-breaks, with the movement since the last round.

    \b
    Example:  baska tournament standings liga
              baska tournament standings liga --round 2 --format json
              baska tournament standings liga --html standings.html
    """
    from baska_cli.errors import BaskaError
    from baska_cli.render.tournament import (
        standings_csv,
        standings_json,
        standings_rows,
        standings_table,
    )
    from baska_cli.tournament.plan import LOTS, tie_break_text

    t = load_or_fail(path)
    up_to = round_or_last(t, round_number)
    try:
        lines, problems = standings_of(t, up_to)
    except BaskaError as error:
        fail(error)
    order = tie_break_text(t.plan.tie_breaks)
    if output_format == "json":
        click.echo(standings_json(lines, up_to, t.plan.tie_breaks))
    elif output_format == "csv":
        click.echo(standings_csv(lines))
    else:
        click.echo(standings_table(lines, up_to, t.plan.rounds, order))
    if html_path:
        from baska_cli.ledger.store import replace_text
        from baska_cli.render.tournament_html import standings_html

        headers, rows = standings_rows(lines, up_to > 1)
        ordered = _("ordered by {order}; players equal on all of them share a place").format(
            order=order
        )
        page = standings_html(
            tournament_name(t), up_to, t.plan.rounds, ordered, headers, rows, lines
        )
        try:
            replace_text(html_path, page)
        except BaskaError as error:
            fail(error)
    for problem in problems:
        click.echo(_("warning: {problem}").format(problem=problem), err=True)
    if problems:
        click.echo(
            _("the standings count only the tables with a result; see `baska tournament check`"),
            err=True,
        )
    if any(ln.tied for ln in lines) and LOTS in t.plan.tie_breaks:
        click.echo(
            _(
                "players tied on every tie-break share a place; record a drawing of lots with "
                "`baska tournament lots {path} --round {round}`"
            ).format(path=path, round=up_to),
            err=True,
        )


@command("check")
@click.argument("path", metavar="DIR")
def check_command(path: str) -> None:
    """Check every round, seating, table ledger and result; list the problems, exit 1 if any.

    \b
    Example:  baska tournament check liga
    """
    from baska_cli.tournament.audit import problems_of

    t = load_or_fail(path)
    found = problems_of(t)
    for problem in found:
        click.echo(str(problem), err=True)
    if found:
        click.echo(
            ngettext("{path}: {count} problem", "{path}: {count} problems", len(found)).format(
                path=path, count=len(found)
            ),
            err=True,
        )
        sys.exit(1)
    tables = sum(len(d.tables) for d in t.draws)
    click.echo(
        _("{path}: ok, {rounds}, {tables}").format(
            path=path,
            rounds=ngettext("{count} round", "{count} rounds", len(t.draws)).format(
                count=len(t.draws)
            ),
            tables=ngettext("{count} table", "{count} tables", tables).format(count=tables),
        ),
        err=True,
    )


@command()
@click.argument("path", metavar="DIR")
@click.argument("names", metavar="[NAME...]", nargs=-1)
@round_option("The standings whose ties are drawn (default: after the last drawn round).")
def lots(path: str, names: tuple[str, ...], round_number: int | None) -> None:
    """Record a drawing of lots for players tied on every tie-break.

    With NAMEs: the order the tied players drew, best first (a drawing held at the venue).
    Without: baska draws lots for every tie, from the tournament's seed.

    \b
    Example:  baska tournament lots liga Celina Ania
              baska tournament lots liga --round 5
    """
    import random

    from baska_cli.errors import BaskaError
    from baska_cli.tournament.folder import lock, save_lots
    from baska_cli.tournament.plan import LOTS
    from baska_cli.tournament.players import find
    from baska_cli.tournament.standings import tied_groups

    try:
        with lock(path):
            t = load_or_fail(path)
            if LOTS not in t.plan.tie_breaks:
                raise FileProblem(
                    _("this tournament's tie-breaks ({order}) have no drawing of lots").format(
                        order=",".join(t.plan.tie_breaks)
                    )
                )
            up_to = round_or_last(t, round_number)
            lines, _problems = standings_of(t, up_to)
            groups = tied_groups(lines)
            if not groups:
                raise FileProblem(_("no players are tied after round {round}").format(round=up_to))
            drawn: list[list[str]] = []
            if names:
                typed = []
                for n in names:
                    player = find(t.players, n)
                    if player is None:
                        raise UserInputError(_('"{name}" is not a player').format(name=n))
                    typed.append(player.name)
                group = next((g for g in groups if sorted(g) == sorted(typed)), None)
                if group is None:
                    raise UserInputError(
                        _("give all the players of one tie, in the order drawn: {groups}").format(
                            groups="; ".join(", ".join(g) for g in groups)
                        )
                    )
                drawn.append(typed)
            else:
                rng = random.Random(f"{t.plan.seed}/lots after round {up_to}")
                for g in groups:
                    order = sorted(g)
                    rng.shuffle(order)
                    drawn.append(order)
            recorded = {r: dict(v) for r, v in t.lots.items()}
            for order in drawn:
                for lot, player_name in enumerate(order, 1):
                    recorded.setdefault(up_to, {})[player_name] = lot
            save_lots(t, recorded)
    except BaskaError as error:
        fail(error)
    note_written(_("the lots were recorded"))
    for order in drawn:
        click.echo(
            _("lots after round {round}: {order}").format(round=up_to, order=", ".join(order)),
            err=True,
        )
