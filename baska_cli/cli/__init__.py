"""The `baska` command line: each command builds the core call, calls it, renders, echoes.

Errors from the core become messages and exit codes in `common` (2: bad input, 1: a broken
file or a refused operation); nothing below this package imports Click.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterable

import click

from baska_cli import __version__
from baska_cli.cli.common import CONTEXT
from baska_cli.cli.lang import Option, lang_option
from baska_cli.cli.running import Group, run
from baska_cli.cli.terminal import plain_streams
from baska_cli.i18n import _

# each command, with the module under baska_cli.cli that defines it and its name there: a
# command's module (and what it imports) is loaded when the command runs or is listed, so
# `baska score` loads what scoring a hand needs (Click's lazily loaded subcommands)
COMMANDS = {
    "score": ("score", "score"),
    "rules": ("rules", "rules"),
    "new": ("session", "new"),
    "ledger": ("session", "ledger_command"),
    "undo": ("edits", "undo"),
    "void": ("edits", "void"),
    "amend": ("edits", "amend"),
    "play": ("play", "play"),
    "check": ("check", "check"),
    "recalc": ("check", "recalc"),
    "repair": ("repair", "repair"),
    "upgrade": ("repair", "upgrade"),
    "quote": ("quote", "quote"),
    "settle": ("settle", "settle"),
    "stats": ("stats", "stats"),
    "report": ("report", "report"),
    "serve": ("web.serve", "serve"),
    "app": ("web.app", "app"),
    "tournament": ("tournament.commands", "tournament"),
    "league": ("league.commands", "league"),
}


class Commands(Group):
    """The `baska` group: its commands loaded from their modules by name (COMMANDS)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        """Every command's name, in alphabetical order."""
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        """The command of that name, its module imported; None for an unknown name."""
        if cmd_name not in COMMANDS:
            return None
        module, name = COMMANDS[cmd_name]
        command: click.Command = getattr(importlib.import_module(f"baska_cli.cli.{module}"), name)
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """The command named first in `args`; a misspelt name is refused with the names it
        is close to (`did you mean`), as Click does for commands it holds."""
        try:
            return super().resolve_command(ctx, args)
        except click.exceptions.NoSuchCommand as error:
            name = error.command_name
            raise click.exceptions.NoSuchCommand(name, possibilities=COMMANDS, ctx=ctx) from None


def subcommands(group: click.Group) -> list[tuple[str, click.Command]]:
    """A group's commands by name, in alphabetical order (the `baska` group's all loaded)."""
    ctx = click.Context(group)
    found = ((name, group.get_command(ctx, name)) for name in group.list_commands(ctx))
    return [(name, command) for name, command in found if command is not None]


class _VersionLine(str):
    """Click's `baska, version 0.1.0`, translated when it is shown: Click makes the message
    when the option is made, at import, and fills it in with `%`."""

    def __mod__(self, values: object) -> str:
        return _(str(self)) % values


@click.group(cls=Commands, context_settings=CONTEXT)
@lang_option
@click.version_option(
    __version__,
    "-V",
    "--version",
    prog_name="baska",
    cls=Option,
    message=_VersionLine("%(prog)s, version %(version)s"),  # (the msgid is Click's own)
)
def cli() -> None:
    """Score Baśka hands and keep the evening's ledger.

    \b
    Score one hand:     baska score zw A+C 61 k
    Start a session:    baska new evening.csv --players Ania,Bartek,Celina,Darek
    Record a hand:      baska score --ledger evening.csv zw ania+cel 61 k
    At the table:       baska play evening.csv
    """


def main(argv: Iterable[str] | None = None) -> None:
    """Run the command line and exit (SystemExit) with the status `run` gives, its output
    in characters the terminal has."""
    plain_streams()
    sys.exit(run(cli, argv, "baska"))


def script() -> None:
    """The `baska` console script and `python -m baska_cli`: the command line, then the
    interpreter's normal exit with its status."""
    main()
