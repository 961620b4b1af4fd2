"""Drawings of lots for players tied on every tie-break: typed at the venue or seeded (pure)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.i18n import _
from baska_cli.tournament.csvrows import data_rows
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


LOTS_HEADER = ("round", "player", "lot")  # lots.csv: each drawn lot, by round


def parse_lots(text: str, origin: str) -> dict[int, dict[str, int]]:
    """`lots.csv` read: each round's lots by player (a TournamentError at a bad line)."""
    lots: dict[int, dict[str, int]] = {}
    for line, row in data_rows(text, origin, LOTS_HEADER):
        try:
            lots.setdefault(int(row[0]), {})[row[1].strip()] = int(row[2])
        except (ValueError, IndexError):
            raise TournamentError(_("expected round,player,lot"), origin, line) from None
    return lots


def format_lots(lots: Mapping[int, Mapping[str, int]]) -> str:
    """`lots.csv` written: its header, then each round's lots in the order drawn."""
    lines = [",".join(LOTS_HEADER)]
    for r in sorted(lots):
        for name, lot in sorted(lots[r].items(), key=lambda kv: kv[1]):
            lines.append(f"{r},{name},{lot}")
    return "\n".join(lines) + "\n"
