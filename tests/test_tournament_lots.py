"""tournament/lots.py: a tie's order typed at the venue or drawn from the seed, then recorded."""

from __future__ import annotations

import pytest

from baska_cli.errors import TournamentInputError
from baska_cli.tournament.lots import seeded_orders, typed_order, with_lots
from baska_cli.tournament.players import Entrant

PLAYERS = [Entrant(n) for n in ("Ania", "Bartek", "Celina", "Darek")]
GROUPS = [["Ania", "Bartek"], ["Celina", "Darek"]]


def test_a_typed_order_is_one_whole_tie_in_any_case() -> None:
    assert typed_order(PLAYERS, ["darek", "CELINA"], GROUPS) == ["Darek", "Celina"]
    with pytest.raises(TournamentInputError, match="give all the players of one tie"):
        typed_order(PLAYERS, ["Ania", "Celina"], GROUPS)
    with pytest.raises(TournamentInputError, match='"Zenon" is not a player'):
        typed_order(PLAYERS, ["Zenon"], GROUPS)


def test_seeded_orders_depend_on_the_seed_and_round_alone() -> None:
    drawn = seeded_orders("9", 2, GROUPS)
    assert drawn == seeded_orders("9", 2, GROUPS)
    assert [sorted(order) for order in drawn] == GROUPS


def test_lots_are_added_for_the_round_and_the_old_kept() -> None:
    old = {1: {"Ania": 1, "Bartek": 2}}
    assert with_lots(old, 2, [["Darek", "Celina"]]) == {
        1: {"Ania": 1, "Bartek": 2},
        2: {"Darek": 1, "Celina": 2},
    }
    assert old == {1: {"Ania": 1, "Bartek": 2}}
