"""`baska tournament links`: each table's link of a round (the server's address and the
table's key), and the `--base-url` option `links`, `draw` and `print` share."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from baska_cli.cli.common import argument, command, format_choice, option
from baska_cli.cli.tournament.common import round_option
from baska_cli.i18n import _
from baska_cli.render.tournament.links import links_json, links_table
from baska_cli.render.tournament.printed import linked_pages
from baska_cli.tournament.hall import service as service_links
from baska_cli.tournament.hall.links import Linker, is_loopback
from baska_cli.tournament.rounds.service import Pages

_F = TypeVar("_F", bound=Callable[..., object])


def base_url_option(help_text: str) -> Callable[[_F], _F]:
    """The `--base-url URL` option, with its own help."""
    return option("--base-url", "base_url", metavar="URL", help=help_text)


def sheet_pages(path: str, linker: Linker | None) -> Pages:
    """The printable pages of a round: the table sheets with each table's QR code when the
    server's address is known (a linker), else without."""
    if linker is not None:
        warn_if_loopback(path, linker.base)
    return linked_pages(None if linker is None else linker.url)


def warn_if_loopback(path: str, base: str) -> None:
    """Warn that links to this computer's own address open on no phone."""
    if is_loopback(base):
        click.echo(
            _(
                "warning: {base} is this computer's own address: no phone can open these "
                "links; start `baska serve {path} --host 0.0.0.0` or give --base-url"
            ).format(base=base, path=path),
            err=True,
        )


def say_no_qr(path: str) -> None:
    """How to get the QR codes on the table sheets, said once when they are printed without."""
    click.echo(
        _(
            "the table sheets carry no QR codes: no server's address is known; start "
            "`baska serve {path} --host 0.0.0.0` and print them again "
            "(`baska tournament print {path}`), or give --base-url"
        ).format(path=path),
        err=True,
    )


@command()
@argument("path", metavar="DIR")
@round_option("The round (default: the last drawn).")
@base_url_option(
    "The server's address, e.g. http://192.168.1.10:8000 (default: the one `baska serve "
    "DIR` keeps in DIR/.serve-url)."
)
@format_choice("table", "json")
def links(path: str, round_number: int | None, base_url: str | None, output_format: str) -> None:
    """Each table's link of a round, with its key: the table's phones open it (or scan the
    QR code on the table's sheet) to enter the hands.

    \b
    Example:  baska tournament links liga
              baska tournament links liga --base-url http://10.0.0.5:8000 -f json
    """
    found = service_links.round_links(path, round_number, base_url)
    warn_if_loopback(path, found.base)
    click.echo(links_json(found) if output_format == "json" else links_table(found))
