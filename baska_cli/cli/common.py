"""What every command shares: context settings, options, errors turned into exit codes."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NoReturn

import click

if TYPE_CHECKING:
    from baska_cli.errors import BaskaError
    from baska_cli.rules import RuleSet

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
RULES_ENV = "BASKA_RULES"
LEDGER_ENV = "BASKA_LEDGER"


class UserInputError(click.ClickException):
    """Bad input typed by the user: exit status 2."""

    exit_code = 2


class FileProblem(click.ClickException):
    """A broken file or a refused operation: exit status 1."""

    exit_code = 1


def exit_code(error: BaskaError) -> int:
    """The exit status an error ends a command with: 2 for what the user typed (a hand, a
    name, a number), 1 for a file that is broken or an operation that was refused."""
    from baska_cli.errors import LedgerError, RuleNameError, RulesFileError

    if isinstance(error, RuleNameError):
        return 2  # a misspelt built-in name is bad input, not a broken file
    if isinstance(error, LedgerError | RulesFileError):
        return 1
    return 2


def fail(error: BaskaError) -> NoReturn:
    """Stop the command with the error's message and exit status."""
    if exit_code(error) == 1:
        raise FileProblem(str(error))
    raise UserInputError(str(error))


def load_rules_or_fail(spec: str | None) -> RuleSet:
    """Load the rule system named by --rules (or its environment variable, or plb)."""
    from baska_cli.errors import BaskaError
    from baska_cli.rules import load_rules

    try:
        return load_rules(spec)
    except BaskaError as error:
        fail(error)


def typed(name: str) -> bool:
    """Whether the option `name` of the running command was given on the command line
    (not taken from its environment variable or its default)."""
    from click.core import ParameterSource

    return click.get_current_context().get_parameter_source(name) is ParameterSource.COMMANDLINE


class Count(click.IntRange):
    """A whole number from 1, typed with the digits 0–9 (int() also takes "٣", "１", "1_0")."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        """The number, or a usage error (exit status 2) for anything but ASCII digits."""
        if isinstance(value, str):
            digits = value.strip().removeprefix("-").removeprefix("+")
            if not (digits.isascii() and digits.isdigit()):
                self.fail(f"{value!r} is not a whole number in the digits 0–9", param, ctx)
        return super().convert(value, param, ctx)


COUNT = Count(min=1)

rules_option = click.option(
    "--rules",
    "-r",
    "rules_spec",
    metavar="NAME|FILE",
    envvar=RULES_ENV,
    help=f"Rule system: plb (default), mester, pagat, or a house-rules .toml file "
    f"[env: {RULES_ENV}].",
)
format_option = click.option(
    "--format",
    "-f",
    "output_format",
    type=click.Choice(["table", "json", "csv"]),
    default="table",
    show_default=True,
    help="Output format.",
)
ledger_option = click.option(
    "--ledger",
    "-l",
    "ledger_path",
    metavar="FILE",
    envvar=LEDGER_ENV,
    help=f"Record the hand in this session ledger [env: {LEDGER_ENV}].",
)
