"""`baska quote`: what a contract pays in every outcome and at every contra level."""

from __future__ import annotations

import click

from baska_cli.cli.common import (
    argument,
    command,
    fail,
    format_choice,
    load_rules_or_fail,
    rules_option,
    terminal_width,
)
from baska_cli.errors import BaskaError
from baska_cli.evening.quote import quote as quote_of
from baska_cli.evening.quote import quote_contract
from baska_cli.render.quote import quote_json, quote_table

WIDTH = 80  # the table off a terminal: as on the usual one


@command()
@argument("contract", metavar="CONTRACT")
@rules_option
@format_choice("table", "json")
def quote(contract: str, rules_spec: str | None, output_format: str) -> None:
    """What CONTRACT pays, before anyone bids or doubles.

    Every outcome (for zwykła and wesele each margin, for a solo won and lost) at every
    number of counted contras the rules allow: the declarer's and each opponent's change.

    \b
    Example:  baska quote zw
              baska quote zo --rules mester
              baska quote gd --format json
    """
    rules = load_rules_or_fail(rules_spec)
    try:
        found = quote_of(quote_contract(contract, rules), rules)
    except BaskaError as error:
        fail(error)
    if output_format == "json":
        click.echo(quote_json(found))
    else:
        click.echo(quote_table(found, terminal_width() or WIDTH))
