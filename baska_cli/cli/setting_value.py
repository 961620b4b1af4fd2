"""A setting's value after its option (`tournament new --rounds 5`, `league new --best 8`),
read by its row of the table — a tournament's settings (tournament/settings.py) or a league's
regulations (league/regulations.py): the same reading, bounds and messages as `set`."""

from __future__ import annotations

from typing import Any, Protocol

import click

from baska_cli.cli.common import fail
from baska_cli.errors import BaskaError
from baska_cli.tournament.setting_kinds import Kind


class Row(Protocol):
    """A row of a table of settings: a tournament's (tournament/settings.py) or a league's
    (league/regulations.py)."""

    @property
    def name(self) -> str:
        """What `--NAME` and `set` call it."""

    @property
    def kind(self) -> Kind:
        """How its value is typed and checked."""


class SettingValue(click.ParamType[Any, Any]):
    """A setting's value after its option of `tournament new` (or a regulation's after
    `league new`), read by its row of the table (the same reading, bounds and messages as
    `set`)."""

    def __init__(self, row: Row) -> None:
        self.row = row
        self.name = row.name
        self.bounds = row.kind.bounds  # (said in the help: lang.Option)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The value, or the row's error (exit status 2)."""
        if not isinstance(value, str):
            return value
        try:
            return self.row.kind.parse(value, "--" + self.row.name)
        except BaskaError as error:
            fail(error)
