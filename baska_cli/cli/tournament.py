"""`baska tournament`: a tournament in one directory — new, draw, print, enter, withdraw here;
result, standings, lots and check in `tournament_scores`."""

from __future__ import annotations

import click

from baska_cli.cli.common import (
    CONTEXT,
    COUNT,
    Group,
    UserInputError,
    command,
    fail,
    format_choice,
    load_rules_or_fail,
    note_written,
    option,
    rules_option,
)
from baska_cli.cli.tournament_common import (
    apart,
    load_or_fail,
    next_round,
    round_option,
    round_or_last,
    tournament_name,
    with_history,
)
from baska_cli.cli.tournament_scores import check_command, lots, result, standings
from baska_cli.i18n import _, ngettext, os_reason


@click.group("tournament", cls=Group, context_settings=CONTEXT)
def tournament() -> None:
    """Run a tournament in one directory: players, draws, table results, standings.

    \b
    Example:  baska tournament new liga --players players.txt --rounds 5 --deals 24 -r mester
              baska tournament draw liga
              baska tournament result liga 1 3 Ania=+40 Bartek=-12 Celina=-8 Darek=-20
              baska tournament standings liga
    """


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
    from baska_cli.game.names import similar_pairs
    from baska_cli.ledger.format import rules_lines
    from baska_cli.tournament.folder import create
    from baska_cli.tournament.plan import Plan, check_plan
    from baska_cli.tournament.players import named, read_entry_list

    try:
        with open(players_file, encoding="utf-8-sig") as stream:
            text = stream.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = os_reason(error) if isinstance(error, OSError) else _("not UTF-8 text")
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


@command()
@click.argument("path", metavar="DIR")
@round_option("The round (default: the next one); a round drawn already is shown again.")
@format_choice("table", "json")
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

    t = load_or_fail(path)
    if round_number is not None and round_number < t.next_round:
        done = with_history(t, t.draws[round_number - 1])
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
            t = load_or_fail(path)
            number = next_round(t)
            met, sat_out = history(t.draws)
            names = [p.name for p in t.players if p.plays(number)]
            done = draw_round(
                number, t.plan.seed, names, met, sat_out, apart(t), dict(t.plan.fixed)
            )
            pages = {
                "seating.html": seating_html(tournament_name(t), done),
                "sheets.html": sheets_html(tournament_name(t), done, t.plan.deals, t.rules),
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
    from baska_cli.game.names import similar_pairs
    from baska_cli.tournament.folder import lock, save_players
    from baska_cli.tournament.players import enter as add

    try:
        with lock(path):
            t = load_or_fail(path)
            number = next_round(t)
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
            t = load_or_fail(path)
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


@command("print")
@click.argument("path", metavar="DIR")
@round_option("The round (default: the last drawn).")
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
            t = load_or_fail(path)
            number = round_or_last(t, round_number)
            done = t.draws[number - 1]
            folder = round_dir(number)
            save_page(t, f"{folder}/seating.html", seating_html(tournament_name(t), done))
            save_page(
                t,
                f"{folder}/sheets.html",
                sheets_html(tournament_name(t), done, t.plan.deals, t.rules),
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
