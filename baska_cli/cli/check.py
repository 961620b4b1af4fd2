"""`baska check` and `baska recalc`: re-score a ledger's hands; list problems or changes."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from baska_cli.cli.common import (
    FileProblem,
    command,
    fail,
    from_env,
    load_rules_or_fail,
    note_written,
    option,
)
from baska_cli.i18n import _, ngettext

if TYPE_CHECKING:
    from baska_cli.evening.totals import Deltas
    from baska_cli.game.rules import RuleSet
    from baska_cli.ledger.format import Meta, Row
    from baska_cli.ledger.reader import LedgerReader


@command()
@click.argument("paths", nargs=-1, metavar="[FILE...]")
def check(paths: tuple[str, ...]) -> None:
    """Re-read, re-parse and re-score every hand; list every problem as file:line: message.

    Without FILE, the ledger in BASKA_LEDGER.

    \b
    Example:  baska check evening.csv
    """
    from baska_cli.errors import BaskaError, LedgerError
    from baska_cli.ledger.checker import check as check_ledger

    paths = paths or (from_env("baska check evening.csv"),)
    failed = False
    for path in paths:
        try:
            reader = check_ledger(path)
        except LedgerError as error:
            click.echo(str(error), err=True)
            failed = True
            continue
        except BaskaError as error:
            click.echo(f"{path}: {error}", err=True)
            failed = True
            continue
        for problem in reader.problems:
            click.echo(str(problem), err=True)
        if reader.problems:
            failed = True
            count = len(reader.problems)
            found = ngettext("{path}: {count} problem", "{path}: {count} problems", count)
            click.echo(found.format(path=path, count=count), err=True)
        else:
            hands = reader.tally.counted
            fine = ngettext("{path}: ok, {count} hand", "{path}: ok, {count} hands", hands)
            click.echo(fine.format(path=path, count=hands) + _kind(reader), err=True)
    sys.exit(1 if failed else 0)


def _kind(reader: LedgerReader) -> str:
    """The ledger's format version, and its dialect where it is not baska's own."""
    from baska_cli.i18n import _
    from baska_cli.ledger.dialect import encoding_name, separator_name

    meta = reader.meta
    parts = [_("ledger format {version}").format(version=meta.version)]
    if meta.version < 2:
        parts[0] = _("ledger format 1, which `baska upgrade` rewrites in format 2")
    if meta.encoding != "utf-8" or meta.bom:
        parts.append(encoding_name(meta.encoding) + (" " + _("with a BOM") if meta.bom else ""))
    if meta.sep != ",":
        parts.append(_("cells separated by {sep}").format(sep=separator_name(meta.sep)))
    if meta.newline != "\n":
        parts.append(_("CRLF line ends"))
    return " (" + "; ".join(parts) + ")"


class _Diff:
    """recalc --diff: the rule systems compared, then each hand that changes, as read."""

    def __init__(self, path: str) -> None:
        self.path = path

    def start(self, old: Meta, rules: RuleSet) -> None:
        from baska_cli.render.sheet import diff_header

        sys.stdout.write(diff_header(self.path, old, rules.name))

    def hand(self, row: Row, deltas: Deltas) -> None:
        from baska_cli.render.sheet import diff_hand

        sys.stdout.write(diff_hand(row, deltas))


@command()
@click.argument("path", metavar="[FILE]", required=False)
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
    from baska_cli.errors import BaskaError, ProblemsError
    from baska_cli.ledger.rescore import recalc as recalc_ledger
    from baska_cli.render.sheet import recalc_summary, recalc_totals

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
            _("{path} was rewritten under {rules}").format(path=path, rules=done.rules.name)
        )
    click.echo(recalc_totals(done))
    click.echo(recalc_summary(done), err=True)
