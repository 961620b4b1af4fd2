"""`baska rules`: the rule systems, one system's payout tables, or its house-rules file."""

from __future__ import annotations

import os

import click

from baska_cli.cli.common import RULES_ENV, argument, command, fail, load_rules_or_fail, option
from baska_cli.errors import RulesFileError
from baska_cli.game.rules import BUILTIN_NAMES, DEFAULT_RULES
from baska_cli.render.rules import rules_listing, rules_tables, rules_toml
from baska_cli.rulesets.loader import builtin, check_export


@command()
@argument("system", required=False, metavar="[NAME|FILE]")
@option("--export", is_flag=True, help="Print the system as a TOML house-rules file.")
def rules(system: str | None, export: bool) -> None:
    """Show a rule system's payout tables, or list the rule systems.

    With --export and no NAME, the system in BASKA_RULES (or plb) is exported.

    \b
    Example:  baska rules            (list the systems)
              baska rules mester     (its payout tables)
              baska rules plb --export > house.toml
    """
    if system is None and not export:
        click.echo(rules_listing([builtin(n) for n in BUILTIN_NAMES], DEFAULT_RULES))
        return
    # an empty BASKA_RULES counts as unset; an empty NAME typed here is refused
    chosen = load_rules_or_fail(system if system is not None else os.environ.get(RULES_ENV) or None)
    if not export:
        click.echo(rules_tables(chosen))
        return
    text = rules_toml(chosen)
    try:
        check_export(text, chosen)  # printed only if it loads back to the same rules
    except RulesFileError as error:
        fail(error)
    click.echo(text, nl=False)
