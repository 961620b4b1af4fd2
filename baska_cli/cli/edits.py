"""`baska undo`, `void`, `amend`: correct a session ledger without losing its history."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import click

from baska_cli.cli.common import COUNT, command, fail, note_written
from baska_cli.i18n import _

if TYPE_CHECKING:
    from baska_cli.ledger.edits import Edited


def _show(path: str, edit: Callable[[], Edited]) -> None:
    """Run an edit, then say what it did, the standings and who deals next."""
    from baska_cli.errors import BaskaError
    from baska_cli.ledger.view import read
    from baska_cli.render.sheet import after_edit, edited

    try:
        done = edit()
    except BaskaError as error:
        fail(error)
    note_written(_("{path} was changed").format(path=path))
    click.echo(edited(done), err=True)
    try:
        session = read(path)
    except BaskaError as error:
        fail(error)
    click.echo(after_edit(session))


@command()
@click.argument("path", metavar="FILE")
def undo(path: str) -> None:
    """Take back the last hand (kept in the file, marked undone).

    \b
    Example:  baska undo evening.csv
    """
    from baska_cli.ledger import edits

    _show(path, lambda: edits.undo(path))


@command()
@click.argument("path", metavar="FILE")
@click.argument("number", type=COUNT, metavar="N")
def void(path: str, number: int) -> None:
    """Void hand N: it keeps its number and its deal, its score no longer counts.

    \b
    Example:  baska void evening.csv 7
    """
    from baska_cli.ledger import edits

    _show(path, lambda: edits.void(path, number))


@command()
@click.argument("path", metavar="FILE")
@click.argument("number", type=COUNT, metavar="N")
@click.argument("notation", nargs=-1, required=True)
def amend(path: str, number: int, notation: tuple[str, ...]) -> None:
    """Correct hand N; the old text stays in the file, marked amended.

    \b
    Example:  baska amend evening.csv 3 gr Bartek 40
    """
    from baska_cli.ledger import edits

    _show(path, lambda: edits.amend(path, number, " ".join(notation)))
