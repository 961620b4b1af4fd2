"""`baska play`: the table's scorer, one hand per line, at a terminal or from a pipe.

What a line does is the Scorekeeper's (play/evening.py); here the lines are read and what it
gives back is shown (cli/play_screen.py). On a terminal the line is edited with prompt_toolkit
(imported here only, when `play` runs at a terminal): a toolbar with the file, rules,
players, hand number, dealer and leader, deals left, and what the line typed would give; Tab
completion; history per ledger; the suggestion from history. From a pipe each line is
handled the same way and a bad line is reported as FILE:LINE: message.
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import sys
from collections.abc import Callable, Iterable
from typing import Any

import click

from baska_cli.cli.common import (
    COUNT,
    UserInputError,
    argument,
    command,
    fail,
    from_env,
    option,
    rules_option,
    typed,
)
from baska_cli.cli.play_screen import (
    complete,
    final_lines,
    goodbye_lines,
    news_lines,
    result_lines,
    start_lines,
    toolbar,
    wrapped,
)
from baska_cli.cli.running import note_written
from baska_cli.cli.session import create_ledger
from baska_cli.errors import BaskaError, LedgerError
from baska_cli.game.model import Adjustment
from baska_cli.i18n import _
from baska_cli.play.conflicts import Conflict
from baska_cli.play.evening import Scorekeeper
from baska_cli.play.guards import Guard, Question
from baska_cli.play.line import read_line, yes_or_no
from baska_cli.play.results import HandChanged, HandRecorded, Idle, Result, Seen
from baska_cli.render.compact import choice_label, conflict_text, question_text

Confirm = Callable[[str], bool]
WIDTH = 80


@command()
@argument("path", metavar="[FILE]", required=False)
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
    if path is None:
        path = from_env("baska play evening.csv")
    if players is not None:
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
        keeper = Scorekeeper(path, extra, asks=interactive)
    except BaskaError as error:
        fail(error)
    if interactive:
        status = run_prompt(keeper, history_file(path), _width())
    else:
        status = run_lines(keeper, _stdin_lines(), _stdin_name())
    sys.exit(status)


def _width() -> int:
    """80 columns, fewer on a narrower terminal."""
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
    state = os.environ.get("XDG_STATE_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "state"
    )
    real = os.path.realpath(ledger)
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    name = os.path.basename(real) or "ledger"
    return os.path.join(state, "baska", "history", f"{name}-{digest}")


def handle(
    keeper: Scorekeeper, raw: str, width: int, confirm: Confirm | None, seen: Seen | None = None
) -> tuple[list[str], bool]:
    """Do what one line asks; the lines to show, and whether to stop. `confirm` asks a
    guard's yes-or-no question (None from a pipe, where the Scorekeeper asks none); `seen`:
    what the prompt showed as the line was typed (a hand, a correction of the last hand, an
    undo are done only while it holds; else the conflict is asked)."""
    result = keeper.enter(raw, (), seen)
    confirmed: list[Guard] = []
    while isinstance(result, Question | Conflict):
        if isinstance(result, Conflict):
            answer = settle(keeper, result, confirm)
            if answer is None:
                return [*result_lines(result, width)], False
            result = answer
            continue
        if confirm is None or not confirm(question_text(result)):
            return [_("not recorded")], False
        confirmed.append(result.guard)
        result = keeper.enter(raw, confirmed, seen)
    lines = result_lines(result, width, keeper.players)
    if isinstance(result, HandRecorded):
        note_written(f"hand {result.n} was recorded in {keeper.path}")
        if complete(result.next_deal) and not isinstance(result.entry, Adjustment):
            lines += final_lines(keeper.standings(), result.next_deal, width)
    elif isinstance(result, HandChanged):
        note_written(f"{keeper.path} was changed")
    stop = isinstance(result, Idle) and result.kind == "quit"
    if stop:
        lines += goodbye_lines(keeper, width)
    return lines, stop


def settle(keeper: Scorekeeper, conflict: Conflict, confirm: Confirm | None) -> Result | None:
    """A conflict asked at the terminal: its first choice as a yes-or-no question (a hand as
    the next one; an edit of the hand as it is now), done on yes; None when there is no such
    choice, no one to ask, or the answer is no (nothing written)."""
    doable = [choice for choice in conflict.choices if choice not in ("amend", "drop")]
    if confirm is None or not doable:
        return None
    label = choice_label(conflict, doable[0])
    if not confirm(
        _("{conflict} {choice}?").format(conflict=conflict_text(conflict), choice=label)
    ):
        return None
    number, now = conflict.number, conflict.now or ""
    if conflict.action == "hand":
        return keeper.record(conflict.mine, (), conflict.next)
    if conflict.action == "undo":
        return keeper.undo(number, now)
    if conflict.action == "void":
        return keeper.void(number, now)
    stake: tuple[Guard, ...] = ("stake",)  # (the question showed the hand before and after)
    return keeper.amend(number, conflict.mine, stake, now)


def refusal(raw: str, error: BaskaError) -> str:
    """What a line refused says: `not recorded: …` for a hand or a correction, the reason
    alone for a command (`u` with no hand left)."""
    try:
        kind = read_line(raw).kind
    except BaskaError:
        kind = "hand"
    if kind in ("hand", "correct", "amend", "void"):
        return _("not recorded: {error}").format(error=error)
    return str(error)


def run_lines(keeper: Scorekeeper, lines: Iterable[str], name: str, width: int = WIDTH) -> int:
    """Each line handled in turn (a pipe, a file): shown as at the terminal; a bad line is
    reported on standard error as NAME:LINE: message and skipped. Exit status 1 if any was."""
    bad = 0
    for number, raw in enumerate(lines, start=1):
        try:
            shown, stop = _look_and_handle(keeper, raw, width, None)
        except BaskaError as error:
            bad += 1
            click.echo(f"{name}:{number}: {error}", err=True)
            continue
        for text in shown:
            click.echo(text)
        if stop:
            break
    return 1 if bad else 0


def run_prompt(keeper: Scorekeeper, history: str, width: int = WIDTH, **session_args: Any) -> int:
    """The evening at a terminal, line by line through prompt_toolkit, until quit or Ctrl-D
    (Ctrl-C drops the line being typed). `session_args` go to the PromptSession (tests give
    it their input and output)."""
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application.current import get_app
    from prompt_toolkit.auto_suggest import AutoSuggestFromHistory
    from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
    from prompt_toolkit.shortcuts import prompt as ask

    from baska_cli.cli.completion import LineCompleter
    from baska_cli.cli.play_history import KeptHistory

    kept = KeptHistory(history)
    keys = KeyBindings()

    @keys.add("c-c")
    def _drop(event: KeyPressEvent) -> None:
        """Ctrl-C: the line is dropped, and left on the screen marked `^C`."""
        line = event.app.current_buffer
        line.cursor_position = len(line.text)
        line.insert_text("^C")
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    session: PromptSession[str] = PromptSession(
        history=kept,
        key_bindings=keys,
        auto_suggest=AutoSuggestFromHistory(),
        completer=LineCompleter(keeper),
        complete_while_typing=False,
        bottom_toolbar=lambda: toolbar(keeper, get_app().current_buffer.text, width),
        **session_args,
    )

    def confirm(question: str) -> bool:
        suffix = _("(y/n)")
        *first, last = wrapped(question, width - len(suffix) - 2)  # the last line asked
        for line in first:
            click.echo(line)
        while True:
            try:
                answer = ask(f"{last} {suffix} ")
            except (KeyboardInterrupt, EOFError):
                return False
            said = yes_or_no(answer)
            if said is not None:
                return said
            click.echo(_('Answer "y" (yes) or "n" (no).'))

    for text in start_lines(keeper, width):
        click.echo(text)
    retry = ""  # a line the ledger's trouble stopped, offered again
    while True:
        _say_history(kept, width)
        try:
            raw = session.prompt(f"{keeper.next_number}> ", default=retry)
        except KeyboardInterrupt:
            retry = ""
            continue
        except EOFError:
            for text in goodbye_lines(keeper, width):
                click.echo(text)
            break
        _say_history(kept, width)
        retry = ""
        try:
            shown, stop = _look_and_handle(keeper, raw, width, confirm)
        except KeyboardInterrupt:  # (a wait for the ledger's lock stopped)
            retry = raw
            click.echo(_("not recorded"))
            continue
        except BaskaError as error:
            text = refusal(raw, error)
            if isinstance(error, LedgerError):
                retry = raw
                text += " " + _("(the line is kept: Enter tries it again)")
            click.echo("\n".join(wrapped(text, width)))
            continue
        for text in shown:
            click.echo(text)
        if stop:
            break
    return 0


def _look_and_handle(
    keeper: Scorekeeper, raw: str, width: int, confirm: Confirm | None
) -> tuple[list[str], bool]:
    """The news of the ledger (read again), then the line done: `handle`'s answer. A ledger
    that cannot be read now (moved, unreadable, garbled by another program) is a
    LedgerError, except for a line that needs no ledger (help, quit, an empty line)."""
    seen = None if confirm is None else Seen(keeper.next_number, keeper.last)  # (the prompt's)
    try:
        news = keeper.look()
    except LedgerError:
        if not _needs_no_ledger(raw):
            raise
        news = None
    for text in news_lines(news, width):
        click.echo(text)
    return handle(keeper, raw, width, confirm, seen)


def _needs_no_ledger(raw: str) -> bool:
    """Whether the line asks for nothing from the ledger (help, quit, an empty line)."""
    try:
        return read_line(raw).kind in ("empty", "help", "quit")
    except BaskaError:
        return False


def _say_history(kept: Any, width: int) -> None:
    """Say once that the history file was given up (play_history.KeptHistory)."""
    problem = kept.take_problem()
    if problem is not None:
        click.echo("\n".join(wrapped(problem, width)), err=True)
