"""`baska play`: the table's scorer, one hand per line, at a terminal or from a pipe.

On a terminal the line is edited with prompt_toolkit (imported here only): a toolbar with
the file, rules, players, hand number, dealer and leader, deals left, and what the line
typed would give; Tab completion; history per ledger; the suggestion from history. From a
pipe each line is handled the same way and a bad line is reported as FILE:LINE: message.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import click

from baska_cli.cli.common import (
    COUNT,
    UserInputError,
    command,
    fail,
    from_env,
    option,
    rules_option,
    typed,
)
from baska_cli.errors import BaskaError, NotationError
from baska_cli.i18n import _

if TYPE_CHECKING:
    from baska_cli.cli.table import Table

Confirm = Callable[[str], bool]
WIDTH = 80


@command()
@click.argument("path", metavar="[FILE]", required=False)
@option(
    "--players",
    "-p",
    metavar="NAMES",
    help="Start a new ledger FILE with these four players (seat order, comma separated).",
)
@rules_option
@option("--dealer", "-d", metavar="NAME", help="With --players: who deals first.")
@option("--deals", type=COUNT, metavar="N", help="With --players: how many deals are planned.")
@option(
    "--extra",
    "-x",
    is_flag=True,
    help="Record hands past the planned deals without asking (from a pipe: at all).",
)
def play(
    path: str | None,
    players: str | None,
    rules_spec: str | None,
    dealer: str | None,
    deals: int | None,
    extra: bool,
) -> None:
    """Score the evening at the table: type each hand, it is recorded at once.

    Without FILE, the ledger in BASKA_LEDGER; with --players, a new ledger is started.
    Type "help" inside for the commands (undo, void N, amend N TEXT, +WORDS to correct the
    last hand, sheet, standings, explain [N], quit). Lines from a pipe or a file are handled
    alike; a bad one is reported as FILE:LINE: message, and the exit status is then 1.

    \b
    Example:  baska play evening.csv
              baska play new.csv --players Ania,Bartek,Celina,Darek --deals 16
              baska play evening.csv < hands.txt
    """
    from baska_cli.cli.table import Table

    if path is None:
        path = from_env("baska play evening.csv")
    if players is not None:
        from baska_cli.cli.session import create_ledger

        create_ledger(path, players, rules_spec, dealer, deals)
    else:
        given = [name for name, value in (("--dealer", dealer), ("--deals", deals)) if value]
        if typed("rules_spec"):
            given.insert(0, "--rules")
        if given:
            raise UserInputError(
                _("{options}: only with --players, which starts a new ledger").format(
                    options=", ".join(given)
                )
            )
    interactive = sys.stdin.isatty() and sys.stdout.isatty()
    try:
        table = Table(path, _width(interactive))
    except BaskaError as error:
        fail(error)
    if interactive:
        status = run_prompt(table, extra, history_file(path))
    else:
        status = run_lines(table, _stdin_lines(), _stdin_name(), extra)
    sys.exit(status)


def _width(interactive: bool) -> int:
    """80 columns, fewer on a narrower terminal."""
    if not interactive:
        return WIDTH
    import shutil

    return max(40, min(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns))


def _stdin_lines() -> Iterable[str]:
    """Standard input as lines of text (bytes that are not UTF-8 read as U+FFFD)."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:
        return sys.stdin
    return io.TextIOWrapper(buffer, encoding="utf-8-sig", errors="replace")


def _stdin_name() -> str:
    """The name of the file on standard input (`baska play F < hands.txt`), else `-`."""
    try:
        if sys.stdin.fileno() != 0:
            return "-"
        target = os.readlink("/proc/self/fd/0")
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        return "-"
    return os.path.relpath(target) if os.path.isfile(target) else "-"


def history_file(ledger: str) -> str:
    """Where the lines typed for this ledger are kept: $XDG_STATE_HOME/baska/history (or
    ~/.local/state/baska/history), one file per ledger, named after it."""
    import hashlib

    state = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state"
    )
    real = os.path.realpath(ledger)
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    name = os.path.basename(real) or "ledger"
    return os.path.join(state, "baska", "history", f"{name}-{digest}")


def handle(table: Table, raw: str, extra: bool, confirm: Confirm | None) -> tuple[list[str], bool]:
    """Do what one line asks; the lines to show, and whether to stop. `confirm` asks a
    yes-or-no question (None from a pipe: a repeated hand is recorded, a hand past the
    planned deals refused unless `extra`)."""
    from baska_cli.play.line import COMMANDS, read_line
    from baska_cli.render.compact import help_lines

    line = read_line(raw)
    kind = line.kind
    if kind == "empty":
        return [], False
    if kind == "quit":
        return [], True
    if kind == "help":
        return help_lines(COMMANDS, table.width), False
    if kind == "hand":
        return _record(table, line.text, extra, confirm), False
    if kind == "correct":
        return table.correct_last(line.text), False
    if kind == "undo":
        return table.undo(), False
    if kind == "void":
        assert line.number is not None
        return table.void(line.number), False
    if kind == "amend":
        assert line.number is not None
        return table.amend(line.number, line.text), False
    if kind == "sheet":
        return table.sheet(), False
    if kind == "standings":
        return table.standings(), False
    assert kind == "explain"
    return table.explain(line.number), False


def _record(table: Table, text: str, extra: bool, confirm: Confirm | None) -> list[str]:
    """Record a hand, asking first where the table would ask."""
    from baska_cli.game.notation import token_kind
    from baska_cli.play.line import command_hint

    first = text.split()[0]
    if token_kind(first) != "contract" and first.lower() not in ("kara", "adj"):
        hint = command_hint(first)
        if hint:
            raise NotationError(
                _('"{word}" is neither a contract nor a command{hint}').format(
                    word=first, hint=hint
                )
            )
    not_recorded = [_("not recorded")]
    if confirm is not None and table.repeats_last(text):
        assert table.last is not None
        question = _('"{text}" is the same as hand {number}; record it again?').format(
            text=table.last.text, number=table.last.n
        )
        if not confirm(question):
            return not_recorded
    if not extra and confirm is not None and table.past_plan(text):
        deals = table.meta.deals
        question = _("all {deals} planned deals are played; record an extra deal?").format(
            deals=deals
        )
        if not confirm(question):
            return not_recorded
        extra = True
    return table.record(text, extra)


def run_lines(table: Table, lines: Iterable[str], name: str, extra: bool) -> int:
    """Each line handled in turn (a pipe, a file): shown as at the terminal; a bad line is
    reported on standard error as NAME:LINE: message and skipped. Exit status 1 if any was."""
    bad = 0
    for number, raw in enumerate(lines, start=1):
        for news in table.changed_elsewhere():
            click.echo(news)
        try:
            shown, stop = handle(table, raw, extra, None)
        except BaskaError as error:
            bad += 1
            click.echo(f"{name}:{number}: {error}", err=True)
            continue
        for text in shown:
            click.echo(text)
        if stop:
            break
    return 1 if bad else 0


def run_prompt(table: Table, extra: bool, history: str, **session_args: Any) -> int:
    """The evening at a terminal, line by line through prompt_toolkit, until quit or Ctrl-D
    (Ctrl-C drops the line being typed). `session_args` go to the PromptSession (tests give
    it their input and output)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application.current import get_app
    from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
    from prompt_toolkit.history import FileHistory, History, InMemoryHistory
    from prompt_toolkit.shortcuts import confirm as ask

    from baska_cli.cli.completion import TableCompleter
    from baska_cli.render.compact import fit
    from baska_cli.render.fit import wrap

    kept: History
    try:
        os.makedirs(os.path.dirname(history), exist_ok=True)
        kept = FileHistory(history)
    except OSError:
        kept = InMemoryHistory()

    def toolbar() -> str:
        return table.toolbar(get_app().current_buffer.text)

    session: PromptSession[str] = PromptSession(
        history=kept,
        auto_suggest=AutoSuggestFromHistory(),
        completer=TableCompleter(table),
        complete_while_typing=False,
        bottom_toolbar=toolbar,
        **session_args,
    )

    def confirm(question: str) -> bool:
        try:
            return bool(ask(fit(question, table.width - 7)))
        except (KeyboardInterrupt, EOFError):
            return False

    for text in table.start_lines():
        click.echo(text)
    while True:
        try:
            raw = session.prompt(f"{table.next_number()}> ")
        except KeyboardInterrupt:
            continue
        except EOFError:
            break
        for news in table.changed_elsewhere():
            click.echo(news)
        try:
            shown, stop = handle(table, raw, extra, confirm)
        except BaskaError as error:
            click.echo(wrap(_("not recorded: {error}").format(error=error), table.width, "  "))
            continue
        for text in shown:
            click.echo(text)
        if stop:
            break
    return 0
