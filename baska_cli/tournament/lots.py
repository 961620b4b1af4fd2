"""Drawings of lots for players tied on every tie-break: typed at the venue or seeded (pure)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from baska_cli.errors import TournamentInputError
from baska_cli.i18n import _
from baska_cli.tournament.players import Entrant, find


def typed_order(
    players: Sequence[Entrant], names: Sequence[str], groups: Sequence[list[str]]
) -> list[str]:
    """The order one tie drew at the venue (names typed in any case, best first); an error
    unless the names are all the players of one tie."""
    typed = []
    for n in names:
        player = find(players, n)
        if player is None:
            raise TournamentInputError(_('"{name}" is not a player').format(name=n))
        typed.append(player.name)
    if not any(sorted(g) == sorted(typed) for g in groups):
        raise TournamentInputError(
            _("give all the players of one tie, in the order drawn: {groups}").format(
                groups="; ".join(", ".join(g) for g in groups)
            )
        )
    return typed


def seeded_orders(seed: str, up_to: int, groups: Sequence[list[str]]) -> list[list[str]]:
    """Each tie's order drawn from the tournament's seed and the round (the same again for
    the same directory)."""
    rng = random.Random(f"{seed}/lots after round {up_to}")
    drawn = []
    for g in groups:
        order = sorted(g)
        rng.shuffle(order)
        drawn.append(order)
    return drawn


def with_lots(
    recorded: Mapping[int, Mapping[str, int]], up_to: int, drawn: Sequence[Sequence[str]]
) -> dict[int, dict[str, int]]:
    """The recorded lots with these orders added for the standings after round `up_to`
    (lot 1 places highest within its tie)."""
    lots = {r: dict(v) for r, v in recorded.items()}
    for order in drawn:
        for lot, name in enumerate(order, 1):
            lots.setdefault(up_to, {})[name] = lot
    return lots
