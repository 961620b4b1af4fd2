"""`baska repair` and `baska upgrade`: put a spreadsheet's damage right; rewrite in format 2."""

from __future__ import annotations

import click

from baska_cli.cli.common import argument, command, fail
from baska_cli.cli.running import note_written
from baska_cli.errors import BaskaError
from baska_cli.i18n import _, ngettext
from baska_cli.ledger.edits import convert
from baska_cli.ledger.reader import open_ledger
from baska_cli.ledger.repair import repair as repair_ledger


@command()
@argument("path", metavar="FILE")
def repair(path: str) -> None:
    """Put right text that a spreadsheet garbled (UTF-8 read with the wrong character set).

    Each line with garbled text is replaced by what it was and nothing else changes; the
    damaged file is kept beside the ledger as FILE.damaged.

    \b
    Example:  baska repair evening.csv
    """
    try:
        done = repair_ledger(path)
    except BaskaError as error:
        fail(error)
    if done.kept is None:
        click.echo(_("{path}: no garbled text found; the file was not changed").format(path=path))
        return
    note_written(f"{path} was repaired")
    for line, old, new in done.lines:
        click.echo(f"{path}:{line}: -{old}")
        click.echo(f"{path}:{line}: +{new}")
    count = len(done.lines)
    click.echo(
        ngettext(
            "{path}: {count} line repaired; the damaged file is kept as {kept}",
            "{path}: {count} lines repaired; the damaged file is kept as {kept}",
            count,
        ).format(path=path, count=count, kept=done.kept),
        err=True,
    )


@command()
@argument("path", metavar="FILE")
def upgrade(path: str) -> None:
    """Rewrite a ledger of format 1 in format 2 (the format new ledgers get).

    Format 2 writes every row as wide as the header, quotes the players' names and the
    hands, and writes a cancelled hand's changes in parentheses, so that a spreadsheet's
    SUM over a player's column gives the player's total. The file keeps its separator,
    character set, line ends, extra rows and columns.

    \b
    Example:  baska upgrade evening.csv
    """
    try:
        with open_ledger(path) as reader:
            version = reader.meta.version
        if version >= 2:
            click.echo(
                _("{path}: the ledger is in format {version} already; not changed").format(
                    path=path, version=version
                ),
                err=True,
            )
            return
        done = convert(path, 2)
    except BaskaError as error:
        fail(error)
    note_written(f"{path} was upgraded")
    click.echo(
        ngettext(
            "{path}: rewritten in ledger format {new} (was {old}); {count} hand",
            "{path}: rewritten in ledger format {new} (was {old}); {count} hands",
            done.hands,
        ).format(path=path, new=done.new, old=done.old, count=done.hands),
        err=True,
    )
