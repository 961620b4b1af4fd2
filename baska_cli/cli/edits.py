"""`baska undo`, `void`, `amend`: correct a session ledger without losing its history.

FILE may be left out when BASKA_LEDGER names the ledger: `baska void 7`, `baska amend 8 k`
(the first argument of amend is then the hand number, since it is a number).
"""

from __future__ import annotations

from collections.abc import Callable

import click

from baska_cli.cli.common import UserInputError, argument, command, fail, from_env, hand_number
from baska_cli.cli.running import note_written
from baska_cli.errors import BaskaError
from baska_cli.i18n import _
from baska_cli.ledger import edits
from baska_cli.ledger.edits import Edited
from baska_cli.ledger.view import read
from baska_cli.render.sheet import after_edit, amended_changes, edited


def _show(path: str, edit: Callable[[], Edited]) -> None:
    """Run an edit, then say what it did, the standings and who deals next."""
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
    if done.new_deltas is not None:
        click.echo(amended_changes(done, session))
    click.echo(after_edit(session))


def _number(text: str, example: str) -> int:
    """The hand number N, or a usage error quoting what was typed."""
    number = hand_number(text)
    if number is None:
        raise UserInputError(
            _(
                '"{text}" is not a hand number: a whole number from 1 in the digits 0–9, '
                "e.g. `{example}`"
            ).format(text=text, example=example)
        )
    return number


@command()
@argument("paths", nargs=-1, metavar="[FILE]")
def undo(paths: tuple[str, ...]) -> None:
    """Take back the last hand (kept in the file, marked undone).

    Without FILE, the ledger in BASKA_LEDGER.

    \b
    Example:  baska undo evening.csv
              baska undo
    """
    if len(paths) > 1:
        raise UserInputError(
            _("undo takes back the last hand of one ledger; expected `baska undo [FILE]`")
        )
    path = paths[0] if paths else from_env("baska undo evening.csv")
    _show(path, lambda: edits.undo(path))


@command()
@argument("args", nargs=-1, metavar="[FILE] N")
def void(args: tuple[str, ...]) -> None:
    """Void hand N: it keeps its number and its deal, its score no longer counts.

    Without FILE, the ledger in BASKA_LEDGER.

    \b
    Example:  baska void evening.csv 7
              baska void 7
    """
    example = "baska void evening.csv 7"
    if len(args) not in (1, 2):
        raise UserInputError(
            _("expected `baska void [FILE] N`, e.g. `{example}`").format(example=example)
        )
    path = args[0] if len(args) == 2 else from_env(example)
    number = _number(args[-1], example)
    _show(path, lambda: edits.void(path, number))


@command()
@argument("args", nargs=-1, metavar="[FILE] N TEXT...")
def amend(args: tuple[str, ...]) -> None:
    """Correct hand N; the old text stays in the file, marked amended.

    TEXT is the whole corrected hand, or only what changes: `k` adds a contra, `70` sets the
    points, `zo` the contract, `cel` or `B+D` the declaring side. Without FILE (the first
    argument is then a number), the ledger in BASKA_LEDGER.

    \b
    Example:  baska amend evening.csv 3 gr Bartek 40
              baska amend 8 k
    """
    example = "baska amend evening.csv 8 k"
    if args and hand_number(args[0]) is not None:
        path, rest = from_env(example), args
    else:
        path, rest = (args[0] if args else ""), args[1:]
    if len(rest) < 2:
        raise UserInputError(
            _(
                "expected `baska amend [FILE] N TEXT`, e.g. `{example}` (adds a contra to hand 8)"
            ).format(example=example)
        )
    number = _number(rest[0], example)
    text = " ".join(rest[1:])
    _show(path, lambda: edits.amend(path, number, text))
