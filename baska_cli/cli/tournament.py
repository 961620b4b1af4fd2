"""`baska tournament`: a tournament in one directory — new, draw, result, standings, check,
late entries and withdrawals, lots, printable pages."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from baska_cli.cli.common import (
    CONTEXT,
    COUNT,
    FileProblem,
    Group,
    UserInputError,
    command,
    fail,
    load_rules_or_fail,
    note_written,
    option,
    rules_option,
)
from baska_cli.i18n import _, ngettext

if TYPE_CHECKING:
    from baska_cli.tournament.draw import Draw
    from baska_cli.tournament.folder import Problem, Tournament
    from baska_cli.tournament.standings import Line


@click.group("tournament", cls=Group, context_settings=CONTEXT)
def tournament() -> None:
    """Run a tournament in one directory: players, draws, table results, standings.

    \b
    Example:  baska tournament new liga --players players.txt --rounds 5 --deals 24 -r mester
              baska tournament draw liga
              baska tournament result liga 1 3 Ania=+40 Bartek=-12 Celina=-8 Darek=-20
              baska tournament standings liga
    """


def _load(path: str) -> Tournament:
    from baska_cli.errors import BaskaError
    from baska_cli.tournament.folder import load

    try:
        return load(path)
    except BaskaError as error:
        fail(error)


def _name(t: Tournament) -> str:
    import os

    return os.path.basename(os.path.normpath(t.path)) or t.path


def _pair(text: str) -> tuple[str, str]:
    names = [n.strip() for n in text.split(",")]
    if len(names) != 2 or not all(names):
        raise UserInputError(
            _('--apart "{text}": expected two names with a comma, e.g. --apart Ania,Bartek').format(
                text=text
            )
        )
    return names[0], names[1]


def _fixed(text: str) -> tuple[str, int]:
    name, _eq, table = text.partition("=")
    if not name.strip() or not (table.strip().isascii() and table.strip().isdigit()):
        raise UserInputError(
            _('--fixed "{text}": expected NAME=TABLE, e.g. --fixed Ania=1').format(text=text)
        )
    return name.strip(), int(table)


@command()
@click.argument("path", metavar="DIR")
@option(
    "--players",
    "-p",
    "players_file",
    required=True,
    metavar="FILE",
    help="The players: one name per line, optionally a comma and a club.",
)
@option("--rounds", type=COUNT, required=True, metavar="N", help="How many rounds.")
@option("--deals", type=COUNT, required=True, metavar="D", help="Deals per table and round.")
@rules_option
@option("--seed", metavar="S", help="The draw's seed (default: a random one, stored).")
@option(
    "--apart",
    multiple=True,
    metavar="A,B",
    help="Two players who should not sit at one table (repeatable).",
)
@option("--apart-clubs", is_flag=True, help="Keep players of one club apart while possible.")
@option(
    "--fixed",
    multiple=True,
    metavar="NAME=TABLE",
    help="A player who always sits at this table (repeatable).",
)
@option(
    "--tie-breaks",
    metavar="LIST",
    default="place_points,total,tables_won,lots",
    show_default=True,
    help="How equal place points are ordered.",
)
def new(
    path: str,
    players_file: str,
    rounds: int,
    deals: int,
    rules_spec: str | None,
    seed: str | None,
    apart: tuple[str, ...],
    apart_clubs: bool,
    fixed: tuple[str, ...],
    tie_breaks: str,
) -> None:
    """Make a tournament directory from a players file.

    \b
    Example:  baska tournament new liga --players players.txt --rounds 5 --deals 24 -r mester
    """
    import secrets

    from baska_cli.errors import BaskaError
    from baska_cli.ledger.format import rules_lines
    from baska_cli.names import similar_pairs
    from baska_cli.tournament.folder import create
    from baska_cli.tournament.plan import Plan, check_plan
    from baska_cli.tournament.players import named, read_entry_list

    try:
        with open(players_file, encoding="utf-8-sig") as stream:
            text = stream.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = error.strerror if isinstance(error, OSError) else _("not UTF-8 text")
        raise UserInputError(
            _("{file}: cannot read the players: {reason}").format(file=players_file, reason=reason)
        ) from None
    rules = load_rules_or_fail(rules_spec)
    try:
        players = read_entry_list(text, players_file)
        pairs = [_pair(a) for a in apart]
        pins = [_fixed(f) for f in fixed]
        plan = Plan(
            rounds,
            deals,
            rules_lines(rules),
            seed if seed is not None else str(secrets.randbelow(1_000_000)),
            tuple(t.strip() for t in tie_breaks.split(",")),
            tuple(
                (named(players, a, players_file), named(players, b, players_file)) for a, b in pairs
            ),
            apart_clubs,
            tuple((named(players, n, players_file), table) for n, table in pins),
        )
        check_plan(plan, rules)
        create(path, plan, players)
    except BaskaError as error:
        fail(error)
    note_written(_("the tournament {path} was made").format(path=path))
    for a, b in similar_pairs([p.name for p in players]):
        click.echo(
            _(
                'warning: "{a}" and "{b}" look like one name misspelt; check the players file'
            ).format(a=a, b=b),
            err=True,
        )
    click.echo(
        _(
            "{path}: {players}, {rounds} of {deals} ({rules}), seed {seed}; "
            "next: baska tournament draw {path}"
        ).format(
            path=path,
            players=ngettext("{count} player", "{count} players", len(players)).format(
                count=len(players)
            ),
            rounds=ngettext("{count} round", "{count} rounds", rounds).format(count=rounds),
            deals=ngettext("{count} deal", "{count} deals", deals).format(count=deals),
            rules=rules.name,
            seed=plan.seed,
        ),
        err=True,
    )


def _with_history(t: Tournament, draw: Draw) -> Draw:
    """A stored round's draw with its repeats and broken requests worked out again."""
    from baska_cli.tournament.draw import annotated, history

    met, _out = history(t.draws[: draw.round - 1])
    return annotated(draw, met, _apart(t))


def _apart(t: Tournament) -> list[tuple[str, str]]:
    from baska_cli.tournament.players import apart_pairs

    return apart_pairs(t.plan.apart, t.plan.apart_clubs, t.players)


@command()
@click.argument("path", metavar="DIR")
@option(
    "--round",
    "round_number",
    type=COUNT,
    metavar="N",
    help="The round (default: the next one); a round drawn already is shown again.",
)
@option(
    "--format",
    "-f",
    "output_format",
    type=click.Choice(["table", "json"]),
    default="table",
    show_default=True,
    help="Output format.",
)
def draw(path: str, round_number: int | None, output_format: str) -> None:
    """Seat the next round: write each table's ledger, the seating and printable pages.

    \b
    Example:  baska tournament draw liga
              baska tournament draw liga --round 1 --format json
    """
    from baska_cli.errors import BaskaError
    from baska_cli.render.tournament import draw_json, draw_table
    from baska_cli.render.tournament_html import seating_html, sheets_html
    from baska_cli.tournament.draw import draw_round, history
    from baska_cli.tournament.folder import lock, round_dir, write_round

    t = _load(path)
    if round_number is not None and round_number < t.next_round:
        done = _with_history(t, t.draws[round_number - 1])
        click.echo(draw_json(done) if output_format == "json" else draw_table(done))
        return
    if round_number is not None and round_number != t.next_round:
        raise UserInputError(
            _("--round {round}: the next round to draw is {next}").format(
                round=round_number, next=t.next_round
            )
        )
    try:
        with lock(path):
            t = _load(path)
            number = t.next_round
            if number > t.plan.rounds:
                raise FileProblem(_("all {rounds} rounds are drawn").format(rounds=t.plan.rounds))
            met, sat_out = history(t.draws)
            names = [p.name for p in t.players if p.plays(number)]
            done = draw_round(
                number, t.plan.seed, names, met, sat_out, _apart(t), dict(t.plan.fixed)
            )
            pages = {
                "seating.html": seating_html(_name(t), done),
                "sheets.html": sheets_html(_name(t), done, t.plan.deals, t.rules),
            }
            write_round(t, done, pages)
    except BaskaError as error:
        fail(error)
    note_written(_("round {round} was drawn").format(round=number))
    click.echo(draw_json(done) if output_format == "json" else draw_table(done))
    folder = round_dir(number)
    click.echo(
        _("{path}: round {round} drawn; printable: {seating}, {sheets}").format(
            path=path,
            round=number,
            seating=f"{folder}/seating.html",
            sheets=f"{folder}/sheets.html",
        ),
        err=True,
    )


def _table(t: Tournament, round_number: int, table: int) -> tuple[str, ...]:
    if round_number > len(t.draws):
        raise UserInputError(
            _("round {round} is not drawn yet ({count} drawn)").format(
                round=round_number, count=len(t.draws)
            )
        )
    tables = t.draws[round_number - 1].tables
    if not 1 <= table <= len(tables):
        raise UserInputError(
            _("round {round} has tables 1 to {count}, not {table}").format(
                round=round_number, count=len(tables), table=table
            )
        )
    return tables[table - 1]


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
            t = _load(path)
            members = _table(t, round_number, table)
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


def _standings(t: Tournament, up_to: int) -> tuple[list[Line], list[Problem]]:
    from baska_cli.tournament.folder import table_results
    from baska_cli.tournament.standings import standings

    results, problems = table_results(t, up_to, remember=True)
    sat_out: dict[str, list[int]] = {}
    for d in t.draws:
        for name in d.sitting_out:
            sat_out.setdefault(name, []).append(d.round)
    lines = standings(
        t.players, results, t.rules, t.plan.tie_breaks, t.lots, up_to, sat_out=sat_out
    )
    return lines, problems


def _round_or_last(t: Tournament, round_number: int | None) -> int:
    if not t.draws:
        raise FileProblem(_("no round is drawn yet; start with `baska tournament draw`"))
    if round_number is None:
        return len(t.draws)
    if round_number > len(t.draws):
        raise UserInputError(
            _("round {round} is not drawn yet ({count} drawn)").format(
                round=round_number, count=len(t.draws)
            )
        )
    return round_number


@command()
@click.argument("path", metavar="DIR")
@option(
    "--round",
    "round_number",
    type=COUNT,
    metavar="N",
    help="The standings after this round (default: the last drawn).",
)
@option(
    "--format",
    "-f",
    "output_format",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
    help="Output format.",
)
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

    t = _load(path)
    up_to = _round_or_last(t, round_number)
    try:
        lines, problems = _standings(t, up_to)
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
        page = standings_html(_name(t), up_to, t.plan.rounds, ordered, headers, rows, lines)
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


def problems_of(t: Tournament) -> list[Problem]:
    """Everything `tournament check` reports."""
    from baska_cli.notation import fold
    from baska_cli.tournament.folder import RESULTS, Problem, table_results

    found: list[Problem] = []
    known = {fold(p.name): p for p in t.players}
    for d in t.draws:
        where = _("round {round}").format(round=d.round)
        seen: dict[str, int] = {}
        for name in [n for m in d.tables for n in m] + list(d.sitting_out):
            seen[name] = seen.get(name, 0) + 1
        for name, times in seen.items():
            player = known.get(fold(name))
            if player is None:
                found.append(Problem(where, _('"{name}" is not a player').format(name=name)))
            elif not player.plays(d.round):
                found.append(Problem(where, _("{name} does not play this round").format(name=name)))
            elif times > 1:
                found.append(
                    Problem(
                        where,
                        ngettext(
                            "{name} is seated {count} time",
                            "{name} is seated {count} times",
                            times,
                        ).format(name=name, count=times),
                    )
                )
        for p in t.players:
            if p.plays(d.round) and p.name not in seen:
                found.append(Problem(where, _("{name} is not seated").format(name=p.name)))
    _results, problems = table_results(t)
    found += problems
    current: dict[tuple[int, int], int] = {}
    for row in t.sheets:
        if not row.status:
            current[(row.round, row.table)] = current.get((row.round, row.table), 0) + 1
    for (number, table), count in sorted(current.items()):
        if count > 1:
            found.append(
                Problem(
                    t.file(RESULTS),
                    ngettext(
                        "round {round}, table {table} has {count} result that counts; "
                        "mark all but one corrected",
                        "round {round}, table {table} has {count} results that count; "
                        "mark all but one corrected",
                        count,
                    ).format(round=number, table=table, count=count),
                )
            )
    for row in t.sheets:
        if row.round > len(t.draws) or row.table > len(t.draws[row.round - 1].tables):
            found.append(
                Problem(
                    t.file(RESULTS),
                    _("round {round}, table {table} was never drawn").format(
                        round=row.round, table=row.table
                    ),
                )
            )
    for number in range(len(t.draws) + 1, t.plan.rounds + 1):
        found.append(Problem(_("round {round}").format(round=number), _("not drawn yet")))
    return found


@command("check")
@click.argument("path", metavar="DIR")
def check_command(path: str) -> None:
    """Check every round, seating, table ledger and result; list the problems, exit 1 if any.

    \b
    Example:  baska tournament check liga
    """
    t = _load(path)
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
@click.argument("name", metavar="NAME")
@option("--club", default="", metavar="CLUB", help="The player's club.")
def enter(path: str, name: str, club: str) -> None:
    """A late entry: the player is in the draw from the next round on.

    \b
    Example:  baska tournament enter liga Zenon --club Puck
    """
    from baska_cli.errors import BaskaError
    from baska_cli.names import similar_pairs
    from baska_cli.tournament.folder import lock, save_players
    from baska_cli.tournament.players import enter as add

    try:
        with lock(path):
            t = _load(path)
            number = t.next_round
            if number > t.plan.rounds:
                raise FileProblem(_("all {rounds} rounds are drawn").format(rounds=t.plan.rounds))
            roster = add(t.players, name, club, number)
            save_players(t, roster)
    except BaskaError as error:
        fail(error)
    note_written(_("the player was entered"))
    newcomer = roster[-1].name
    for a, b in similar_pairs([p.name for p in roster]):
        if newcomer in (a, b):
            click.echo(
                _('warning: "{a}" and "{b}" look like one name misspelt').format(a=a, b=b),
                err=True,
            )
    click.echo(
        _("{name} plays from round {round} on").format(name=newcomer, round=number), err=True
    )


@command()
@click.argument("path", metavar="DIR")
@click.argument("name", metavar="NAME")
def withdraw(path: str, name: str) -> None:
    """A withdrawal: the player leaves the draw from the next round on and keeps their points.

    \b
    Example:  baska tournament withdraw liga Bartek
    """
    from baska_cli.errors import BaskaError
    from baska_cli.tournament.folder import lock, save_players
    from baska_cli.tournament.players import find
    from baska_cli.tournament.players import withdraw as leave

    try:
        with lock(path):
            t = _load(path)
            number = t.next_round
            roster = leave(t.players, name, number)
            save_players(t, roster)
    except BaskaError as error:
        fail(error)
    note_written(_("the withdrawal was recorded"))
    player = find(roster, name)
    assert player is not None
    click.echo(
        _("{name} withdraws before round {round}; the points earned stay").format(
            name=player.name, round=number
        ),
        err=True,
    )


@command()
@click.argument("path", metavar="DIR")
@click.argument("names", metavar="[NAME...]", nargs=-1)
@option(
    "--round",
    "round_number",
    type=COUNT,
    metavar="N",
    help="The standings whose ties are drawn (default: after the last drawn round).",
)
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
            t = _load(path)
            if LOTS not in t.plan.tie_breaks:
                raise FileProblem(
                    _("this tournament's tie-breaks ({order}) have no drawing of lots").format(
                        order=",".join(t.plan.tie_breaks)
                    )
                )
            up_to = _round_or_last(t, round_number)
            lines, _problems = _standings(t, up_to)
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


@command("print")
@click.argument("path", metavar="DIR")
@option(
    "--round", "round_number", type=COUNT, metavar="N", help="The round (default: the last drawn)."
)
def print_command(path: str, round_number: int | None) -> None:
    """Write a round's seating plan and table sheets again (in the interface language).

    \b
    Example:  baska --lang pl tournament print liga --round 2
    """
    from baska_cli.errors import BaskaError
    from baska_cli.render.tournament_html import seating_html, sheets_html
    from baska_cli.tournament.folder import lock, round_dir, save_page

    try:
        with lock(path):
            t = _load(path)
            number = _round_or_last(t, round_number)
            done = t.draws[number - 1]
            folder = round_dir(number)
            save_page(t, f"{folder}/seating.html", seating_html(_name(t), done))
            save_page(
                t, f"{folder}/sheets.html", sheets_html(_name(t), done, t.plan.deals, t.rules)
            )
    except BaskaError as error:
        fail(error)
    click.echo(
        _("{path}: printable: {seating}, {sheets}").format(
            path=path, seating=f"{folder}/seating.html", sheets=f"{folder}/sheets.html"
        ),
        err=True,
    )


for _command in (new, draw, result, standings, check_command, enter, withdraw, lots, print_command):
    tournament.add_command(_command)
