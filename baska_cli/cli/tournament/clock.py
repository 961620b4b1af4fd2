"""`baska tournament start` and `baska tournament announce`: the round's clock and the
organiser's announcement, asked of the clock's service (tournament/clock/service.py) and
said; and the note below `tournament standings` while the public screens hide them."""

from __future__ import annotations

import click

from baska_cli.cli.common import UserInputError, argument, command, option
from baska_cli.cli.running import note_written
from baska_cli.i18n import _
from baska_cli.render.tournament.clock import announced, cleared, clock_started
from baska_cli.tournament.clock import service


def say_if_hidden(path: str) -> None:
    """Tell the organiser, below the standings, that the public screens hide them now."""
    if service.hidden_from_public(path):
        click.echo(
            _(
                "note: the projector and the public pages show no standings until the last "
                "round is over (hide-standings); you, the organiser, see them here"
            ),
            err=True,
        )


@command()
@argument("path", metavar="DIR")
@option("--restart", is_flag=True, help="Start the round's clock again from now.")
def start(path: str, restart: bool) -> None:
    """Start the clock of the newest drawn round.

    The projector, every table's page and the organiser's page show the time left (its
    length: `tournament set DIR round-minutes 60`), warning at 10 and at 5 minutes; what the
    tables do when it runs out is the setting time-up. Started already, it is refused
    unless --restart.

    \b
    Example:  baska tournament start liga
              baska tournament start liga --restart
    """
    started = service.start_clock(path, restart)
    note_written(_("the round's clock was started"))
    click.echo(clock_started(started), err=True)


@command()
@argument("path", metavar="DIR")
@argument("text", metavar="[TEXT]", required=False)
@option("--clear", is_flag=True, help="Take the announcement down.")
def announce(path: str, text: str | None, clear: bool) -> None:
    """Show an announcement on every screen of the hall until it is cleared.

    The projector, every table's page and the players' pages show it (one line, at most
    200 characters, no control characters). A new one replaces the old.

    \b
    Example:  baska tournament announce liga "Obiad o 14:00 w sali B"
              baska tournament announce liga --clear
    """
    if clear == (text is not None):
        raise UserInputError(_("give either TEXT or --clear"))
    if clear:
        there_was = service.clear_announcement(path)
        if there_was:
            note_written(_("the announcement was taken down"))
        click.echo(cleared(there_was), err=True)
        return
    assert text is not None
    shown = service.announce(path, text)
    note_written(_("the announcement was written"))
    click.echo(announced(shown), err=True)
