"""What the `baska league` commands share: the group that turns the league service's errors
into exit statuses (as `baska tournament`'s does), the groups that list by default, the
options of the league's title and regulations (generated from their rows), and the workbook
written for --xlsx."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from baska_cli.cli.common import fail, option
from baska_cli.cli.running import Group
from baska_cli.cli.setting_value import SettingValue
from baska_cli.errors import BaskaError
from baska_cli.files.outputs import write_output
from baska_cli.i18n import _
from baska_cli.league.regulations import REGULATIONS, Regulation
from baska_cli.render.tournament.workbook import Sheet, workbook

_F = TypeVar("_F", bound=Callable[..., object])


class LeagueGroup(Group):
    """A refusal of the league's service ends its command with the error's message and
    exit status (2 for what was typed, 1 for a file or a refusal)."""

    def invoke(self, ctx: click.Context) -> object:
        """Run the subcommand; a BaskaError it raises becomes the command's error."""
        try:
            return super().invoke(ctx)
        except BaskaError as error:
            fail(error)


class ListingGroup(LeagueGroup):
    """A group whose `list` is its default: `league players LIGA` lists the register,
    `league events LIGA` the events; a first argument that names no command is the league's
    folder."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """List unless a command is named."""
        if args and args[0] not in self.commands and args[0] not in ("-h", "--help"):
            args = ["list", *args]
        return super().parse_args(ctx, args)


def write_workbook(path: str, sheets: list[Sheet]) -> None:
    """The workbook written, and said where."""
    written = write_output(path, workbook(sheets))
    click.echo(_("{path}: the workbook was written").format(path=written), err=True)


def _regulation_option(row: Regulation) -> Callable[[_F], _F]:
    """The option of `league new` for one row."""
    attrs: dict[str, Any] = {"type": SettingValue(row), "metavar": row.metavar, "help": row.help}
    if row.required:
        attrs.update(required=True)
    elif row.kind.show(row.default):
        attrs.update(default=row.kind.show(row.default), show_default=True)
    return option("--" + row.name, row.attribute, **attrs)


def regulation_options(function: _F) -> _F:
    """`league new`'s options, one for each row of the regulations, in their order."""
    for row in reversed(REGULATIONS):
        function = _regulation_option(row)(function)
    return function
