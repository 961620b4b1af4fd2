"""`baska tournament cards`: each player's start card (their page's link as a QR code, their
PIN), printable or as JSON, written 0600 (they hold every player's key)."""

from __future__ import annotations

import os

import click

from baska_cli.cli.common import argument, command, option
from baska_cli.cli.tournament.links import base_url_option, warn_if_loopback
from baska_cli.files.outputs import write_output
from baska_cli.i18n import ngettext
from baska_cli.render.tournament.cards import cards_html, cards_json
from baska_cli.tournament.folder import inputs, load
from baska_cli.tournament.personal import service as service_personal

CARDS = "cards.html"  # the page's default name, in the tournament's directory


@command()
@argument("path", metavar="DIR")
@option(
    "--output",
    "-o",
    "output",
    metavar="FILE",
    help="Where to write the cards ('-': standard output; default: DIR/cards.html, or "
    "standard output for JSON).",
)
@base_url_option(
    "The server's address in the cards' links, e.g. http://192.168.1.10:8000 (default: the "
    "one `baska serve DIR` keeps in DIR/.serve-url)."
)
@option(
    "--format",
    "-f",
    "output_format",
    type=click.Choice(["html", "json"]),
    default="html",
    show_default=True,
    help="Output format.",
)
def cards(path: str, output: str | None, base_url: str | None, output_format: str) -> None:
    """Each player's start card, eight to an A4 sheet: full name, id, club, a QR code of
    the player's own page (their table, their results, their word on the table's result)
    and their 4-digit PIN (their word from the table's phone). The file holds every
    player's key and PIN: it is readable by its owner only.

    \b
    Example:  baska tournament cards liga
              baska tournament cards liga -o karty.html --base-url http://10.0.0.5:8000
              baska tournament cards liga -f json
    """
    found = service_personal.start_cards(path, base_url)
    warn_if_loopback(path, found.base)
    text = cards_json(found) + "\n" if output_format == "json" else cards_html(found)
    if output is None:
        output = "-" if output_format == "json" else os.path.join(path, CARDS)
    if output == "-":
        click.echo(text, nl=False)
        return
    reading = inputs(load(path))
    written = write_output(output, [text], reading=reading, mode=0o600)
    count = len(found.cards)
    click.echo(
        ngettext(
            "{path}: {count} player's start card (it holds their key and PIN: keep it safe)",
            "{path}: {count} players' start cards (they hold their keys and PINs: keep them safe)",
            count,
        ).format(path=written, count=count),
        err=True,
    )
