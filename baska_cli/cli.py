"""The `baska` command line: parse arguments, call the core, print, map errors to exit codes."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, TYPE_CHECKING, Any, NoReturn

import click

from baska_cli import __version__

if TYPE_CHECKING:
    from baska_cli.errors import BaskaError
    from baska_cli.rules import RuleSet

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


class UserInputError(click.ClickException):
    """Bad input typed by the user: exit status 2."""

    exit_code = 2


class FileProblem(click.ClickException):
    """A broken file or a refused operation: exit status 1."""

    exit_code = 1


def fail(error: BaskaError) -> NoReturn:
    """Turn a project error into a Click exception with the right exit status."""
    from baska_cli.errors import LedgerError, RulesFileError

    if isinstance(error, LedgerError | RulesFileError) and not _is_name_error(error):
        raise FileProblem(str(error))
    raise UserInputError(str(error))


def _is_name_error(error: BaskaError) -> bool:
    """A misspelt built-in rule system name is bad input, not a broken file."""
    return "is not a rule system" in str(error)


def load_rules_or_fail(spec: str | None) -> RuleSet:
    """Load the rule system named by --rules (or $BASKA_RULES, or plb)."""
    from baska_cli.errors import BaskaError
    from baska_cli.rules import load_rules

    try:
        return load_rules(spec)
    except BaskaError as error:
        fail(error)


rules_option = click.option(
    "--rules",
    "-r",
    "rules_spec",
    metavar="NAME|FILE",
    help="Rule system: plb (default), mester, pagat, or a house-rules .toml file "
    "[env: BASKA_RULES].",
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
    envvar="BASKA_LEDGER",
    help="Record the hand in this session ledger [env: BASKA_LEDGER].",
)


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, "-V", "--version", prog_name="baska")
def cli() -> None:
    """Score Baśka hands and keep the evening's ledger.

    \b
    Score one hand:     baska score zw A+C 61 k
    Start a session:    baska new evening.csv --players Ania,Bartek,Celina,Darek
    Record a hand:      baska score --ledger evening.csv zw ania+cel 61 k
    """


@cli.command(context_settings=CONTEXT)
@click.argument("notation", nargs=-1)
@rules_option
@format_option
@click.option("--explain", "-e", is_flag=True, help="Show the whole derivation.")
@click.option(
    "--batch",
    "-b",
    "batch",
    type=click.File("r", encoding="utf-8-sig"),
    metavar="FILE|-",
    help="Score one hand per line of FILE ('-' for standard input).",
)
@ledger_option
@click.option("--dry-run", "-n", is_flag=True, help="With --ledger: show, do not write.")
def score(
    notation: tuple[str, ...],
    rules_spec: str | None,
    output_format: str,
    explain: bool,
    batch: IO[str] | None,
    ledger_path: str | None,
    dry_run: bool,
) -> None:
    """Score a hand: what each player wins or loses, and why.

    \b
    Example:  baska score zw A+C 61 k
              baska score --rules mester ci C 66/2 k:A,C,B
    """
    if batch is not None:
        if notation:
            raise UserInputError("give either a hand or --batch FILE, not both")
        failed = _score_batch(batch, rules_spec, output_format)
        sys.exit(1 if failed else 0)
    if not notation:
        raise UserInputError('no hand given; expected e.g. "baska score zw A+C 61 k"')
    text = " ".join(notation)
    if ledger_path:
        from baska_cli.cli_ledger import record_hand

        record_hand(ledger_path, text, rules_spec, output_format, explain, dry_run)
        return
    from baska_cli.errors import BaskaError
    from baska_cli.notation import parse_hand
    from baska_cli.scoring import score as score_entry

    rules = load_rules_or_fail(rules_spec)
    try:
        entry = parse_hand(text)
        outcome = score_entry(entry, rules)
    except BaskaError as error:
        fail(error)
    click.echo(render_outcome(entry, outcome, rules, ("A", "B", "C", "D"), output_format, explain))


def render_outcome(
    entry: Any,
    outcome: Any,
    rules: RuleSet,
    players: Sequence[str],
    output_format: str,
    explain: bool,
) -> str:
    """One scored hand in the chosen format."""
    from baska_cli import render

    record = render.outcome_record(entry, outcome, rules, players)
    if output_format == "json":
        if explain:
            record["derivation"] = list(outcome.derivation)
        return render.outcome_json(record)
    if output_format == "csv":
        return render.csv_header(players) + "\n" + render.outcome_csv(record)
    return render.outcome_table(record, outcome.derivation if explain else None)


def _numbered_lines(stream: IO[str]) -> Iterator[tuple[int, str]]:
    """The lines worth scoring: no blank lines, no # comments."""
    for number, line in enumerate(stream, start=1):
        text = line.strip()
        if text and not text.startswith("#"):
            yield number, text


def _score_batch(stream: IO[str], rules_spec: str | None, output_format: str) -> int:
    """Score each line, print one result per line; report bad lines on stderr. Returns failures."""
    from baska_cli import render
    from baska_cli.errors import BaskaError
    from baska_cli.notation import parse_hand
    from baska_cli.scoring import score as score_entry

    rules = load_rules_or_fail(rules_spec)
    players = ("A", "B", "C", "D")
    name = getattr(stream, "name", "-")
    name = "-" if name == "<stdin>" else name
    failed = 0
    cache: dict[str, dict[str, Any] | BaskaError] = {}
    out = sys.stdout
    if output_format == "csv":
        out.write(render.csv_header(players) + "\n")
    for number, text in _numbered_lines(stream):
        result = cache.get(text)
        if result is None:
            try:
                entry = parse_hand(text)
                result = render.outcome_record(entry, score_entry(entry, rules), rules, players)
            except BaskaError as error:
                result = error
            if len(cache) < 10_000:
                cache[text] = result
        if isinstance(result, BaskaError):
            failed += 1
            click.echo(f"{name}:{number}: {result}", err=True)
            continue
        if output_format == "json":
            line = render.outcome_json(result)
        elif output_format == "csv":
            line = render.outcome_csv(result)
        else:
            line = render.outcome_line(number, result)
        out.write(line + "\n")
    return failed


@cli.command(context_settings=CONTEXT)
@click.argument("system", required=False, metavar="[NAME|FILE]")
@click.option("--export", is_flag=True, help="Print the system as a TOML house-rules file.")
def rules(system: str | None, export: bool) -> None:
    """Show a rule system's payout tables, or list the rule systems.

    \b
    Example:  baska rules            (list the systems)
              baska rules mester     (its tables; * marks provisional numbers)
              baska rules plb --export > house.toml
    """
    from baska_cli import render
    from baska_cli.rules import BUILTIN_NAMES, DEFAULT_RULES, builtin

    if system is None and not export:
        click.echo(render.rules_listing([builtin(n) for n in BUILTIN_NAMES], DEFAULT_RULES))
        return
    chosen = load_rules_or_fail(system)
    click.echo(render.rules_toml(chosen) if export else render.rules_tables(chosen), nl=not export)


def main(argv: Iterable[str] | None = None) -> None:
    """Entry point of the `baska` console script."""
    cli.main(args=list(argv) if argv is not None else None, prog_name="baska")


# The ledger commands register themselves on `cli` (kept in their own module).
from baska_cli import cli_ledger  # noqa: E402, F401
