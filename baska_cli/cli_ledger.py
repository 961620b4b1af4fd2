"""The ledger commands: new, ledger, undo, void, amend, check, recalc, and score --ledger."""

from __future__ import annotations

import click


def record_hand(
    path: str,
    text: str,
    rules_spec: str | None,
    output_format: str,
    explain: bool,
    dry_run: bool,
) -> None:
    """Score a hand with the session's players and rules and append it to the ledger."""
    raise click.ClickException("the ledger is not built yet")
