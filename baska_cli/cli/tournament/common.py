"""What the `baska tournament` commands share on the command line: the group that turns the
service's errors into exit statuses, and the options they type."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import click

from baska_cli.cli.common import COUNT, Group, UserInputError, fail, option
from baska_cli.errors import BaskaError
from baska_cli.game.numbers import whole
from baska_cli.i18n import _

_F = TypeVar("_F", bound=Callable[..., object])


class TournamentGroup(Group):
    """`baska tournament`: a refusal of the tournament service ends its command with the
    error's message and exit status (2 for what was typed, 1 for a file or a refusal)."""

    def invoke(self, ctx: click.Context) -> object:
        """Run the subcommand; a BaskaError it raises becomes the command's error."""
        try:
            return super().invoke(ctx)
        except BaskaError as error:
            fail(error)


def round_option(help_text: str) -> Callable[[_F], _F]:
    """The `--round N` option of a tournament command, with its own help."""
    return option("--round", "round_number", type=COUNT, metavar="N", help=help_text)


def _pairs(
    _ctx: click.Context, _param: click.Parameter, texts: tuple[str, ...]
) -> tuple[tuple[str, str], ...]:
    """`--apart A,B` as a pair of names."""
    pairs = []
    for text in texts:
        names = [n.strip() for n in text.split(",")]
        if len(names) != 2 or not all(names):
            raise UserInputError(
                _(
                    '--apart "{text}": expected two names with a comma, e.g. --apart Ania,Bartek'
                ).format(text=text)
            )
        pairs.append((names[0], names[1]))
    return tuple(pairs)


def _pins(
    _ctx: click.Context, _param: click.Parameter, texts: tuple[str, ...]
) -> tuple[tuple[str, int], ...]:
    """`--fixed NAME=TABLE` as a name and a table number."""
    pins = []
    for text in texts:
        name, _eq, table = text.partition("=")
        if not name.strip() or not (table.strip().isascii() and table.strip().isdigit()):
            raise UserInputError(
                _('--fixed "{text}": expected NAME=TABLE, e.g. --fixed Ania=1').format(text=text)
            )
        try:
            number = whole(table)
        except BaskaError as error:
            raise UserInputError(f"--fixed: {error}") from None
        pins.append((name.strip(), number or 0))
    return tuple(pins)


apart_option = option(
    "--apart",
    multiple=True,
    metavar="A,B",
    callback=_pairs,
    help="Two players who should not sit at one table (repeatable).",
)
fixed_option = option(
    "--fixed",
    multiple=True,
    metavar="NAME=TABLE",
    callback=_pins,
    help="A player who always sits at this table (repeatable).",
)
tie_breaks_option = option(
    "--tie-breaks",
    metavar="LIST",
    default="place_points,total,tables_won,lots",
    show_default=True,
    callback=lambda _ctx, _param, text: tuple(text.split(",")),
    help="How equal place points are ordered.",
)
