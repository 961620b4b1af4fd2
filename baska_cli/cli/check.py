"""`baska check` and `baska recalc`: re-score a ledger's hands; list problems or changes."""

from __future__ import annotations

import sys

import click

from baska_cli.cli.common import (
    FileProblem,
    argument,
    command,
    fail,
    from_env,
    load_rules_or_fail,
    option,
)
from baska_cli.cli.running import note_written
from baska_cli.errors import BaskaError, LedgerError, ProblemsError
from baska_cli.game.model import Deltas
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import _
from baska_cli.ledger.checker import check as check_ledger
from baska_cli.ledger.format import Meta, Row
from baska_cli.ledger.rescore import recalc as recalc_ledger
from baska_cli.render.check import checked_ok, problems_found
from baska_cli.render.recalc import diff_hand, diff_header, recalc_summary, recalc_totals


@command()
@argument("paths", nargs=-1, metavar="[FILE...]")
def check(paths: tuple[str, ...]) -> None:
    """Re-read, re-parse and re-score every hand; list every problem as file:line: message.

    Without FILE, the ledger in BASKA_LEDGER.

    \b
    Example:  baska check evening.csv
    """
    paths = paths or (from_env("baska check evening.csv"),)
    failed = False
    for path in paths:
        try:
            reader = check_ledger(path)
        except BaskaError as error:
            # a LedgerError names its file (and line) itself
            click.echo(
                str(error) if isinstance(error, LedgerError) else f"{path}: {error}", err=True
            )
            failed = True
            continue
        for problem in reader.problems:
            click.echo(str(problem), err=True)
        if reader.problems:
            failed = True
            click.echo(problems_found(path, len(reader.problems)), err=True)
        else:
            click.echo(checked_ok(path, reader.tally.counted, reader.meta), err=True)
    sys.exit(1 if failed else 0)


class _Diff:
    """recalc --diff: the rule systems compared, then each hand that changes, as read."""

    def __init__(self, path: str) -> None:
        self.path = path

    def start(self, old: Meta, rules: RuleSet) -> None:
        """The rule systems compared."""
        sys.stdout.write(diff_header(self.path, old, rules.name))

    def hand(self, row: Row, deltas: Deltas) -> None:
        """A hand whose changes differ, old and new."""
        sys.stdout.write(diff_hand(row, deltas))


@command()
@argument("path", metavar="[FILE]", required=False)
@option(
    "--rules",
    "-r",
    "rules_spec",
    metavar="NAME|FILE",
    help="Re-score under this rule system (default: the ledger's own; BASKA_RULES is not used).",
)
@option("--diff", is_flag=True, help="Show every hand whose changes differ.")
@option("--write", is_flag=True, help="Rewrite the ledger with the new changes and rules.")
def recalc(path: str | None, rules_spec: str | None, diff: bool, write: bool) -> None:
    """Re-score every hand, under another rule system if asked; show or write what changes.

    Without FILE, the ledger in BASKA_LEDGER.

    \b
    Example:  baska recalc evening.csv --rules mester --diff
              baska recalc evening.csv --rules mester --write
    """
    if path is None:
        path = from_env("baska recalc evening.csv --rules mester --diff")
    # without --rules, the ledger is rescored under its own rules
    new_rules = load_rules_or_fail(rules_spec) if rules_spec is not None else None
    try:
        done = recalc_ledger(path, new_rules, write, _Diff(path) if diff else None)
    except ProblemsError as error:
        for problem in error.problems:
            click.echo(str(problem), err=True)
        raise FileProblem(str(error)) from None
    except BaskaError as error:
        fail(error)
    if done.written:
        note_written(
            _("{path} was rewritten under {rules}").format(path=path, rules=done.rules.label)
        )
    click.echo(recalc_totals(done))
    click.echo(recalc_summary(done), err=True)
