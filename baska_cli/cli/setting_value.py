"""A setting's value after its option (`tournament new --rounds 5`, `league new --best 8`),
read by its row of the table — a tournament's settings (tournament/settings.py) or a league's
regulations (league/regulations.py): the same reading, bounds and messages as `set`."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol

import click

from baska_cli.cli.common import fail
from baska_cli.cli.running import note_written
from baska_cli.errors import BaskaError
from baska_cli.i18n import _
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


def echo_rows(rows: Iterable[tuple[str, str]]) -> None:
    """Every setting (or regulation) and its value, as KEY = VALUE."""
    for name, shown in rows:
        click.echo(name + " = " + (shown or '""'))


def tell_change(path: str, key: str, before: str, after: str, written: str) -> bool:
    """What `set` did, said on stderr (`written`: the note of the file written); False when
    the value was that already and nothing changed."""
    if before == after:
        click.echo(
            _("{path}: {key} is {value} already; nothing changed").format(
                path=path, key=key, value=before or '""'
            ),
            err=True,
        )
        return False
    note_written(written)
    click.echo(
        _("{path}: {key}: {before} → {after}").format(
            path=path, key=key, before=before or '""', after=after or '""'
        ),
        err=True,
    )
    return True
