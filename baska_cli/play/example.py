"""A hand valid at one table, with its own players and rules: the example a page or a help
shows (`zw Ania+Celina 61 k`), scored before it is offered, so it is never one the table refuses."""

from __future__ import annotations

from collections.abc import Iterator

from baska_cli.evening.scorer import Scored
from baska_cli.play.evening import Scorekeeper


def _candidates(keeper: Scorekeeper) -> Iterator[str]:
    """Hands to try, the likeliest first: the rules' first contract (the pad's default),
    declared by the players in seats 1 and 3 (or 1 alone: by name, else by seat number),
    with a contra where it allows one; then each other contract alike."""
    players = keeper.players
    for contract, crules in keeper.session.rules.contracts.items():
        pair = contract.info.side_size == 2
        contra = crules.max_contras is None or crules.max_contras >= 1
        for first, third in ((players[0], players[2]), ("1", "3")):
            base = f"{contract.value} {first}+{third}" if pair else f"{contract.value} {first}"
            for points in ("61", "70", "/3", ""):
                hand = f"{base} {points}".strip()
                if contra:
                    yield f"{hand} k"
                yield hand


def example_hand(keeper: Scorekeeper) -> str:
    """A hand the table's ledger would record, in its canonical text ("" if none is found)."""
    for text in _candidates(keeper):
        scored = keeper.scorer(text)
        if isinstance(scored, Scored):
            return scored.text
    return ""
