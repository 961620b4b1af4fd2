"""`baska tournament`: a tournament in one directory — new, draw, print, enter, withdraw here;
result, standings, lots and check in `scores.py`, the others beside it. Each command asks
the tournament's services (each feature's service.py in tournament/) and says what it did."""

from __future__ import annotations

from typing import Any

import click

from baska_cli.cli.common import (
    CONTEXT,
    COUNT,
    argument,
    command,
    format_choice,
    load_rules_or_fail,
    option,
)
from baska_cli.cli.running import note_written
from baska_cli.cli.tournament import clock as tournament_clock
from baska_cli.cli.tournament import season as tournament_season
from baska_cli.cli.tournament import settings as tournament_settings
from baska_cli.cli.tournament.cards import cards
from baska_cli.cli.tournament.checkin import checkin
from baska_cli.cli.tournament.common import TournamentGroup, round_option, setting_options
from baska_cli.cli.tournament.confirm import accept, status
from baska_cli.cli.tournament.links import base_url_option, links, say_no_qr, sheet_pages
from baska_cli.cli.tournament.publish import publish_command
from baska_cli.cli.tournament.scores import check_command, lots, result, standings
from baska_cli.cli.tournament.walkout import walkout
from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.i18n import _, ngettext
from baska_cli.render.tournament.done import (
    drawn_anyway,
    not_in_yet,
    round_closed,
    round_drawn,
    round_taken_back,
    withdrawn,
)
from baska_cli.render.tournament.terminal import draw_json, draw_table
from baska_cli.tournament import service
from baska_cli.tournament.hall import service as service_links
from baska_cli.tournament.rounds import service as rounds
from baska_cli.tournament.rounds import service as service_closing
from baska_cli.tournament.rounds.progress import RoundNotIn


@click.group("tournament", cls=TournamentGroup, context_settings=CONTEXT)
def tournament() -> None:
    """Run a tournament in one directory: players, draws, table results, standings.

    \b
    Example:  baska tournament new liga --players players.txt --rounds 5 --deals 24 -r mester
              baska tournament draw liga
              baska tournament result liga 1 3 Ania=+40 Bartek=-12 Celina=-8 Darek=-20
              baska tournament standings liga
    """


def _printable(path: str, folder: str) -> dict[str, str]:
    """The printable pages of a round's directory, for messages."""
    return {"path": path, "seating": f"{folder}/seating.html", "sheets": f"{folder}/sheets.html"}


def _made(path: str, made: service.Made, rules: str) -> str:
    """What `new` made, in a line."""
    count, plan = len(made.players), made.plan
    return _(
        "{path}: {players}, {rounds} of {deals} ({rules}), seed {seed}; "
        "next: baska tournament draw {path}"
    ).format(
        path=path,
        players=ngettext("{count} player", "{count} players", count).format(count=count),
        rounds=ngettext("{count} round", "{count} rounds", plan.rounds).format(count=plan.rounds),
        deals=ngettext("{count} deal", "{count} deals", plan.deals).format(count=plan.deals),
        rules=rules,
        seed=plan.seed,
    )


@command()
@argument("path", metavar="DIR")
@option(
    "--players",
    "-p",
    "players_file",
    required=True,
    metavar="FILE",
    help="The players: one name per line (optionally a comma and a club), or a CSV whose "
    "header names its columns: name, club, team, category, id, short, standin.",
)
@setting_options
@option(
    "--league",
    metavar="LIGA",
    help="The league this tournament is an event of: its players are taken from the "
    "league's register (by id or name; a new name gets a new id).",
)
@option(
    "--date",
    metavar="YYYY-MM-DD",
    default="",
    help="With --league: the event's date in the league (default: today).",
)
def new(
    path: str,
    players_file: str,
    rules_spec: str | None,
    league: str | None,
    date: str,
    **settings: Any,
) -> None:
    """Make a tournament directory from a players file.

    \b
    Example:  baska tournament new liga --players players.txt --rounds 5 --deals 24 -r mester
              baska tournament new gp1 --league liga --date 2026-01-17 -p gp1.csv --rounds 5
    """
    rules = load_rules_or_fail(rules_spec)
    if date and not league:
        raise TournamentInputError(
            _("--date {date}: the date of a league's event, given with --league").format(date=date)
        )
    if league:
        from baska_cli.league.service.events import new_tournament  # (only with --league)
        from baska_cli.render.league.done import joined_lines

        joined = new_tournament(league, path, players_file, rules, date, **settings)
        assert joined.made is not None
        made = joined.made
        note_written(_("the tournament {path} was made").format(path=path))
        for line in joined_lines(joined, league):
            click.echo(line, err=True)
    else:
        entries = service.read_entry_file(players_file)
        made = service.new(path, entries, players_file, rules, **settings)
        note_written(_("the tournament {path} was made").format(path=path))
    for a, b in made.look_alike:
        click.echo(
            _(
                'warning: "{a}" and "{b}" look like one name misspelt; check the players file'
            ).format(a=a, b=b),
            err=True,
        )
    click.echo(_made(path, made, rules.name), err=True)


@command()
@argument("path", metavar="DIR")
@round_option("The round (default: the next one); a round drawn already is shown again.")
@option(
    "--anyway",
    is_flag=True,
    help="Draw even while tables of the round before are not in (they go on recording).",
)
@option("--undo", is_flag=True, help="Take back the newest round's draw (nothing recorded yet).")
@base_url_option(
    "The server's address for the QR codes on the table sheets (default: the one `baska "
    "serve DIR` keeps)."
)
@format_choice("table", "json")
def draw(
    path: str,
    round_number: int | None,
    anyway: bool,
    undo: bool,
    base_url: str | None,
    output_format: str,
) -> None:
    """Seat the next round: write each table's ledger, the seating and printable pages.
    Refused while tables of the newest round are in play or unconfirmed (unless it is
    closed, or with --anyway).

    \b
    Example:  baska tournament draw liga
              baska tournament draw liga --round 1 --format json
              baska tournament draw liga --undo
    """
    if undo:
        _undo_draw(path, round_number, anyway)
        return
    linker = service_links.sheet_linker(path, base_url)
    try:
        drawn = rounds.draw_next(path, sheet_pages(path, linker), round_number, anyway)
    except RoundNotIn as late:
        hint = _("draw it all the same with --anyway, or close round {round} first").format(
            round=late.round
        )
        raise TournamentError(f"{not_in_yet(late.round, late.states)}; {hint}") from None
    if drawn.new:
        note_written(round_drawn(drawn.draw.round))
    click.echo(draw_json(drawn.draw) if output_format == "json" else draw_table(drawn.draw))
    if drawn.new:
        _say_drawn(path, drawn, linker is None)


def _undo_draw(path: str, round_number: int | None, anyway: bool) -> None:
    """`draw --undo`: the newest round taken back (alone: no --round, no --anyway)."""
    if round_number is not None or anyway:
        raise click.UsageError(_("--undo takes back the newest round; give it alone"))
    number = service_closing.undo_draw(path)
    note_written(round_taken_back(number))
    click.echo(round_taken_back(number), err=True)


def _say_drawn(path: str, drawn: rounds.Drawn, no_qr: bool) -> None:
    """What a new draw wrote, the tables of the round before not in, the QR codes missing."""
    click.echo(
        _("{path}: round {round} drawn; printable: {seating}, {sheets}").format(
            round=drawn.draw.round, **_printable(path, drawn.folder)
        ),
        err=True,
    )
    if drawn.late:
        click.echo(drawn_anyway(drawn.draw.round - 1, drawn.late), err=True)
    if no_qr:
        say_no_qr(path)


@command()
@argument("path", metavar="DIR")
@argument("round_number", metavar="ROUND", type=COUNT)
def close(path: str, round_number: int) -> None:
    """Close a round: its tables' keys record nothing more (the organiser's still does), and
    its tables not in no longer keep the next round from being drawn.

    \b
    Example:  baska tournament close liga 2
    """
    closed = service_closing.close_round(path, round_number)
    if not closed.already:
        note_written(_("round {round} was closed").format(round=closed.round))
    click.echo(round_closed(closed), err=True)


@command()
@argument("path", metavar="DIR")
@argument("name", metavar="NAME")
@option("--club", default="", metavar="CLUB", help="The player's club.")
@option("--id", "ident", default="", metavar="ID", help="The player's licence number.")
@option("--team", default="", metavar="TEAM", help="The player's team.")
@option("--category", default="", metavar="CATEGORY", help="The player's category.")
def enter(path: str, name: str, club: str, ident: str, team: str, category: str) -> None:
    """A late entry: the player is in the draw from the next round on.

    \b
    Example:  baska tournament enter liga Zenon --club Puck
              baska tournament enter liga "Jan Nowak" --id 1234 --team Gryf
    """
    # (in a league's event the player joins the league's register, as `new --league` does)
    from baska_cli.league.service.events import enter_player
    from baska_cli.render.league.done import late_entry_lines

    details = {"id": ident, "team": team, "category": category}
    late = enter_player(path, name, club, details)
    entered = late.entered
    note_written(_("the player was entered"))
    for line in late_entry_lines(late, path):
        click.echo(line, err=True)
    for a, b in entered.look_alike:
        click.echo(
            _('warning: "{a}" and "{b}" look like one name misspelt').format(a=a, b=b), err=True
        )
    click.echo(
        _("{name} plays from round {round} on").format(name=entered.name, round=entered.round),
        err=True,
    )


@command()
@argument("path", metavar="DIR")
@argument("name", metavar="NAME")
def withdraw(path: str, name: str) -> None:
    """A withdrawal: the player leaves the draw from the next round on and keeps their points.

    \b
    Example:  baska tournament withdraw liga Bartek
    """
    gone = service.withdraw_player(path, name)
    note_written(_("the withdrawal was recorded"))
    click.echo(withdrawn(gone), err=True)


@command()
@argument("path", metavar="DIR")
@argument("team", metavar="TEAM")
@argument("name", metavar="NAME")
def standin(path: str, team: str, name: str) -> None:
    """Name a team's stand-in („skoczek”, one per team): their results count for the team.

    \b
    Example:  baska tournament standin liga Gryf Zenon
    """
    named = service.name_standin(path, team, name)
    note_written(_("the stand-in was recorded"))
    click.echo(_("{name} stands in for {team}").format(name=named.name, team=named.team), err=True)


@command("print")
@argument("path", metavar="DIR")
@round_option("The round (default: the last drawn).")
@base_url_option(
    "The server's address for the QR codes on the table sheets (default: the one `baska "
    "serve DIR` keeps)."
)
def print_command(path: str, round_number: int | None, base_url: str | None) -> None:
    """Write a round's seating plan and table sheets again (in the interface language); the
    sheets carry each table's link as a QR code when the server's address is known.

    \b
    Example:  baska --lang pl tournament print liga --round 2
              baska tournament print liga --base-url http://192.168.1.10:8000
    """
    linker = service_links.sheet_linker(path, base_url)
    folder = rounds.print_round(path, sheet_pages(path, linker), round_number)
    click.echo(
        _("{path}: printable: {seating}, {sheets}").format(**_printable(path, folder)), err=True
    )
    if linker is None:
        say_no_qr(path)


for _command in (
    new,
    draw,
    close,
    result,
    standings,
    check_command,
    enter,
    checkin,
    withdraw,
    standin,
    lots,
    print_command,
    walkout,
    status,
    accept,
    links,
    cards,
    publish_command,
):
    tournament.add_command(_command)
tournament.add_command(tournament_settings.set_command)
tournament.add_command(tournament_season.season)
tournament.add_command(tournament_clock.start)
tournament.add_command(tournament_clock.announce)
