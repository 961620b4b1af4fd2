"""What every command shares: context settings, options, errors turned into exit codes.

Exit statuses (README, Development): 0 done; 1 a broken file, a refused operation, or output
that could not be written when nothing was recorded; 2 bad input on the command line; 3 the
ledger (or a new one) was written, but the output that reports it could not be.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NoReturn, TypeVar

import click
from click.core import ParameterSource

from baska_cli.cli.lang import Argument, Command, Option, TranslatedHelp, choose_language
from baska_cli.errors import (
    BaskaError,
    InputFileError,
    LedgerError,
    RuleNameError,
    RulesFileError,
)
from baska_cli.game.numbers import too_long, whole
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import N_, _, os_reason
from baska_cli.rulesets.loader import load_rules

EXIT_OK, EXIT_FILE, EXIT_INPUT, EXIT_WRITTEN_OUTPUT_FAILED = 0, 1, 2, 3
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
RULES_ENV = "BASKA_RULES"
LEDGER_ENV = "BASKA_LEDGER"
_F = TypeVar("_F", bound=Callable[..., Any])
# Click shows `[required]` after an option's help through gettext, but its source passes the
# word to `_` through a variable, so extraction from Click misses it: marked here.
CLICK_REQUIRED = N_("required")


class UserInputError(click.ClickException):
    """Bad input typed by the user: exit status 2."""

    exit_code = 2


class FileProblem(click.ClickException):
    """A broken file or a refused operation: exit status 1."""

    exit_code = 1


def exit_code(error: BaskaError) -> int:
    """The exit status an error ends a command with: 2 for what the user typed (a hand, a
    name, a number), 1 for a file that is broken or an operation that was refused."""
    if isinstance(error, RuleNameError):
        return 2  # a misspelt built-in name is bad input, not a broken file
    if isinstance(error, LedgerError | RulesFileError | InputFileError):
        return 1
    return 2


def fail(error: BaskaError) -> NoReturn:
    """Stop the command with the error's message and exit status."""
    if exit_code(error) == 1:
        raise FileProblem(str(error))
    raise UserInputError(str(error))


def load_rules_or_fail(spec: str | None) -> RuleSet:
    """Load the rule system named by --rules (or its environment variable, or plb)."""
    if spec is not None and not spec.strip():
        raise UserInputError(
            _(
                "--rules (or {variable}) is empty; give a rule system (plb, mester, pagat) or a "
                "house-rules .toml file, or leave it out for plb"
            ).format(variable=RULES_ENV)
        )
    try:
        return load_rules(spec)
    except BaskaError as error:
        fail(error)


def typed(name: str) -> bool:
    """Whether the option `name` of the running command was given on the command line
    (not taken from its environment variable or its default)."""
    return click.get_current_context().get_parameter_source(name) is ParameterSource.COMMANDLINE


def from_environment(name: str) -> bool:
    """Whether the option `name` of the running command was taken from its environment
    variable."""
    return click.get_current_context().get_parameter_source(name) is ParameterSource.ENVIRONMENT


# a command's options that do not go together: (whether they are given so, the message, an
# N_ msgid formatted with refuse_conflicts' words); the options as Click parsed them, and
# under "typed" the names of those given on the command line
Conflicts = Sequence[tuple[Callable[[Mapping[str, Any]], bool], str]]


def refuse_conflicts(conflicts: Conflicts, **words: str) -> None:
    """Refuse (exit 2) the first combination of the running command's options that holds,
    with its message."""
    ctx = click.get_current_context()
    given = dict(ctx.params)
    given["typed"] = {
        name for name in ctx.params if ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE
    }
    for holds, message in conflicts:
        if holds(given):
            raise UserInputError(_(message).format(**words))


class Count(click.IntRange):
    """A whole number from 1, typed with the digits 0–9 (int() also takes "٣", "１", "1_0")."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The number, or a usage error (exit status 2) for anything but ASCII digits."""
        if isinstance(value, str):
            digits = value.strip().removeprefix("-").removeprefix("+")
            if not (digits.isascii() and digits.isdigit()):
                self.fail(
                    _("{value!r} is not a whole number in the digits 0–9").format(value=value),
                    param,
                    ctx,
                )
            error = too_long(digits)
            if error is not None:
                self.fail(str(error), param, ctx)
        return super().convert(value, param, ctx)


COUNT = Count(min=1)


def command(name: str | None = None, **attrs: Any) -> Callable[[Callable[..., Any]], Command]:
    """`click.command` with baska's Command class (help in the interface language)."""
    attrs.setdefault("context_settings", CONTEXT)
    return click.command(name, cls=Command, **attrs)


def argument(*param_decls: str, **attrs: Any) -> Callable[[_F], _F]:
    """`click.argument` with baska's Argument class (its placeholder in the interface
    language)."""
    attrs.setdefault("cls", Argument)
    return click.argument(*param_decls, **attrs)


def option(*param_decls: str, **attrs: Any) -> Callable[[_F], _F]:
    """`click.option` with baska's Option class (help in the interface language)."""
    attrs.setdefault("cls", Option)
    return click.option(*param_decls, **attrs)


rules_option = option(
    "--rules",
    "-r",
    "rules_spec",
    metavar="NAME|FILE",
    envvar=RULES_ENV,
    help=f"Rule system: plb (default), mester, pagat, or a house-rules .toml file "
    f"[env: {RULES_ENV}].",
)


def format_choice(*formats: str) -> Callable[[_F], _F]:
    """The --format/-f option offering these output formats, the first by default."""
    return option(
        "--format",
        "-f",
        "output_format",
        type=click.Choice(list(formats)),
        default=formats[0],
        show_default=True,
        help="Output format.",
    )


format_option = format_choice("table", "json", "csv")
ledger_option = option(
    "--ledger",
    "-l",
    "ledger_path",
    metavar="FILE",
    envvar=LEDGER_ENV,
    help=f"Record the hand in this session ledger [env: {LEDGER_ENV}].",
)


_written: list[str] = []  # what the running command has written (a ledger), for exit status 3


def note_written(what: str) -> None:
    """Say what the command has written (`hand 5 was recorded in FILE`): output that fails
    from now on ends with exit status 3."""
    _written.append(what)


class _ClosedOutput:
    """Standard output or error closed before baska started: every write fails."""

    encoding = "utf-8"

    def write(self, text: str) -> int:
        """Fail as a write to a closed file descriptor does."""
        raise OSError(errno.EBADF, _("the stream is closed"))

    def flush(self) -> None:
        """Nothing is held."""

    def isatty(self) -> bool:
        """Not a terminal."""
        return False


def _hold_closed_descriptors() -> None:
    """Put /dev/null on a standard descriptor that is closed (so no ledger is opened as fd 1)
    and make Python's stream for it fail, so output that cannot go anywhere is noticed."""
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:
                os.dup2(null, fd)
                os.close(null)
            if name != "stdin":
                setattr(sys, name, _ClosedOutput())


def _silence(stream_name: str) -> None:
    """After a failed write: /dev/null under the stream's descriptor, so that Python's own
    flush at exit neither fails again nor prints "Exception ignored"."""
    stream = getattr(sys, stream_name)
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError:
        pass


def _say(message: str) -> None:
    """A message on standard error; if that fails too, there is nowhere left to say it."""
    try:
        click.echo(message, err=True)
        sys.stderr.flush()
    except (OSError, ValueError, UnicodeError):
        _silence("stderr")


def _output_failed(error: Exception, status: int) -> int:
    """Report output that could not be written; 3 when a ledger was already written."""
    _silence("stdout")
    reason = os_reason(error) if isinstance(error, OSError) else str(error)
    if _written:
        _say(
            _(
                "Error: {done}, but the output could not be written: {reason}; "
                "do not run the command again"
            ).format(done=_written[-1], reason=reason)
        )
        return EXIT_WRITTEN_OUTPUT_FAILED
    _say(_("Error: the output could not be written: {reason}").format(reason=reason))
    return status or EXIT_FILE


class OutputFailed(Exception):
    """A write to standard output or error failed inside a command (kept from Click, which
    would turn a closed pipe into a silent exit status 1)."""

    def __init__(self, error: OSError) -> None:
        self.error = error
        super().__init__(str(error))


class Group(TranslatedHelp, click.Group):
    """The `baska` group: its help in the interface language, chosen before any argument
    is parsed; a failed write inside a command reaches `run` as OutputFailed."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """Choose the language (--lang, BASKA_LANG, the locale), then parse as Click does."""
        if ctx.parent is None:
            choose_language(args)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> object:
        """Run the command; an OSError that escapes it is output that failed."""
        try:
            return super().invoke(ctx)
        except OSError as error:
            raise OutputFailed(error) from error


def run(command: click.Command, argv: Iterable[str] | None, prog_name: str) -> int:
    """Run a command as the console script does and return its exit status: errors become
    messages, and output that fails (a full disk, a closed pipe) never a traceback."""
    _hold_closed_descriptors()
    _written.clear()
    status: int = EXIT_OK
    try:
        try:
            done = command.main(
                args=list(argv) if argv is not None else None,
                prog_name=prog_name,
                standalone_mode=False,
            )
            status = done if isinstance(done, int) else EXIT_OK
        except SystemExit as stop:
            code = stop.code
            status = EXIT_OK if code is None else code if isinstance(code, int) else EXIT_FILE
        except click.ClickException as error:
            status = error.exit_code
            with contextlib.suppress(OSError, ValueError):
                sys.stdout.flush()  # what was printed comes before the message
            try:
                error.show()
            except (OSError, ValueError, UnicodeError):
                _silence("stderr")
        except click.Abort:
            status = EXIT_FILE
            _say(_("Aborted!"))
        sys.stdout.flush()
    except OutputFailed as failed:
        return _output_failed(failed.error, status)
    except (OSError, UnicodeEncodeError) as error:
        return _output_failed(error, status)
    except ValueError as error:  # a write to a stream closed under us; anything else is a bug
        if not getattr(sys.stdout, "closed", False):
            raise
        return _output_failed(error, status)
    return status


def from_env(example: str) -> str:
    """The ledger in BASKA_LEDGER for a command given no FILE, said on standard error (so a
    hand never goes silently into last week's ledger); a usage error when it is not set."""
    env = os.environ.get(LEDGER_ENV)
    if not env:
        raise UserInputError(
            _("no ledger given and {env} is not set; expected e.g. `{example}`").format(
                env=LEDGER_ENV, example=example
            )
        )
    click.echo(_("ledger: {path} (from {env})").format(path=env, env=LEDGER_ENV), err=True)
    return env


def terminal_width() -> int | None:
    """The columns of the terminal standard output is, or None off a terminal (a pipe or a
    file gets the full text, never cut)."""
    if not sys.stdout.isatty():
        return None
    return shutil.get_terminal_size((80, 24)).columns


def hand_number(text: str) -> int | None:
    """A hand number typed as a whole number from 1 in the digits 0–9, else None (exit 2
    for a number of thousands of digits)."""
    try:
        number = whole(text)
    except BaskaError as error:
        fail(error)
    return number if number is not None and number >= 1 else None


def ledgers(paths: tuple[str, ...], example: str) -> tuple[str, ...]:
    """The ledgers a command reads: those given, else the one in BASKA_LEDGER; each file
    once (a season adds its files up, so the same file by another name, through a link or a
    hard link, would count its evening twice)."""
    if not paths:
        return (from_env(example),)
    seen: list[tuple[str, str, os.stat_result | None]] = []
    for path in paths:
        real = os.path.realpath(path)
        try:
            st: os.stat_result | None = os.stat(path)
        except OSError:
            st = None  # reading it will say what is wrong
        for other, other_real, other_st in seen:
            same = real == other_real or (
                st is not None and other_st is not None and os.path.samestat(st, other_st)
            )
            if same:
                raise UserInputError(
                    _(
                        "{first} and {second} are the same file; a season adds its files up, so "
                        "give each ledger once"
                    ).format(first=other, second=path)
                )
        seen.append((path, real, st))
    return paths
