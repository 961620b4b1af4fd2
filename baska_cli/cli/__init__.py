"""The `baska` command line: each command builds the core call, calls it, renders, echoes.

Errors from the core become messages and exit codes in `common` (2: bad input, 1: a broken
file or a refused operation); nothing below this package imports Click.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterable

import click

from baska_cli import __version__
from baska_cli.cli.check import check, recalc
from baska_cli.cli.common import CONTEXT, Group, run
from baska_cli.cli.edits import amend, undo, void
from baska_cli.cli.lang import Option, lang_option
from baska_cli.cli.play import play
from baska_cli.cli.repair import repair, upgrade
from baska_cli.cli.report import report
from baska_cli.cli.rules import rules
from baska_cli.cli.score import score
from baska_cli.cli.serve import serve
from baska_cli.cli.session import ledger_command, new
from baska_cli.cli.settle import settle
from baska_cli.cli.stats import stats
from baska_cli.cli.tournament import tournament
from baska_cli.i18n import _


class _VersionLine(str):
    """Click's `baska, version 0.1.0`, translated when it is shown: Click makes the message
    when the option is made, at import, and fills it in with `%`."""

    def __mod__(self, values: object) -> str:
        return _(str(self)) % values


@click.group(cls=Group, context_settings=CONTEXT)
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


for command in (
    score,
    rules,
    new,
    ledger_command,
    undo,
    void,
    amend,
    play,
    check,
    recalc,
    repair,
    upgrade,
    settle,
    stats,
    report,
    tournament,
    serve,
):
    cli.add_command(command)


def main(argv: Iterable[str] | None = None) -> None:
    """Run the command line and exit (SystemExit) with the status `run` gives."""
    sys.exit(run(cli, argv, "baska"))


def script() -> None:
    """The `baska` console script and `python -m baska_cli`: the command line, then, once
    its output is flushed, the process ends at once (`os._exit`) where nothing waits for the
    exit. Every file baska writes is closed and synced inside its command, so the
    interpreter's teardown (every object freed one by one: 40–60 ms after a tournament's
    standings) would only cost time."""
    status = run(cli, None, "baska")
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    if _nothing_waits_for_exit():
        os._exit(status)
    sys.exit(status)


def _nothing_waits_for_exit() -> bool:
    """Whether no exit handler is registered and no tracer, profiler or monitoring tool
    watches the process (coverage and cProfile write their results as it ends)."""
    import atexit

    callbacks = getattr(atexit, "_ncallbacks", None)  # (CPython's count of exit handlers)
    if callbacks is None or callbacks() or sys.gettrace() or sys.getprofile():
        return False
    monitoring = getattr(sys, "monitoring", None)  # (Python 3.12: coverage's sysmon core)
    return monitoring is None or all(monitoring.get_tool(i) is None for i in range(6))
