"""What every command shares: context settings, options, errors turned into exit codes.

Exit statuses (README, Development): 0 done; 1 a broken file, a refused operation, or output
that could not be written when nothing was recorded; 2 bad input on the command line; 3 the
ledger (or a new one) was written, but the output that reports it could not be.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NoReturn, TypeVar

import click
from click.core import ParameterSource

from baska_cli.cli.lang import Argument, Command, Option
from baska_cli.errors import (
    BaskaError,
    InputFileError,
    LedgerError,
    RuleNameError,
    RulesFileError,
)
from baska_cli.game.numbers import too_long, whole
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import N_, _
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
