"""What the `baska tournament` commands share on the command line: the group that turns the
service's errors into exit statuses, and the options they type (those of the settings
generated from the settings table)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from baska_cli.cli.common import COUNT, fail, option, rules_option
from baska_cli.cli.running import Group
from baska_cli.cli.setting_value import SettingValue
from baska_cli.errors import BaskaError
from baska_cli.tournament.setting_kinds import Rules
from baska_cli.tournament.settings import REQUIRED, SETTINGS, Setting

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


def _items(_ctx: click.Context, _param: click.Parameter, values: tuple[Any, ...]) -> Any:
    """A repeated option's items as one value (`--apart A,B --apart C,D`: two pairs)."""
    return tuple(item for value in values for item in value)


def _setting_option(row: Setting) -> Callable[[_F], _F]:
    """The option of `tournament new` for one row (its rule system: the common --rules)."""
    if isinstance(row.kind, Rules):
        return rules_option
    if row.kind.flag:
        return option("--" + row.name, row.attribute, is_flag=True, help=row.help)
    attrs: dict[str, Any] = {"type": SettingValue(row), "metavar": row.metavar, "help": row.help}
    if row.kind.repeatable:
        attrs.update(multiple=True, callback=_items)
    elif row.default is REQUIRED:
        attrs.update(required=True)
    elif not callable(row.default) and row.kind.show(row.default):
        attrs.update(default=row.kind.show(row.default), show_default=True)
    return option("--" + row.name, row.attribute, **attrs)


def setting_options(function: _F) -> _F:
    """`tournament new`'s options, one for each row of the settings table, in its order."""
    for row in reversed(SETTINGS):
        function = _setting_option(row)(function)
    return function
