"""A new session ledger: four players in seat order, the rules, the first dealer, the deals,
the title and date."""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.files.sidecars import forget_sidecars
from baska_cli.game.rules import RuleSet
from baska_cli.game.seats import player_seat
from baska_cli.ledger.format import Meta, rules_lines
from baska_cli.ledger.heading import heading_rows
from baska_cli.ledger.store import create


def start(
    path: str,
    names: Sequence[str],
    rules: RuleSet,
    dealer: str | None,
    deals: int | None,
    title: str | None = None,
    date: str | None = None,
) -> Meta:
    """Create the ledger (never over a file) for four checked names; the first dealer is a
    player as typed (a seat, a name or its start), seat 1 when None; the title and the date
    (checked by ledger.heading) kept as metadata rows when given."""
    first = 0 if dealer is None else player_seat(dealer, names)
    players = (names[0], names[1], names[2], names[3])
    meta = Meta(players, rules.name, rules_lines(rules), first, deals, heading_rows(title, date))
    create(path, meta)
    forget_sidecars(path)  # (a ledger of this name before: its key, changes, ids are gone)
    return meta
