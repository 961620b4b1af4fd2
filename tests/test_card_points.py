"""card_points.py: the points and tricks a contract needs and the deck allows."""

from __future__ import annotations

import pytest

from baska_cli.errors import NotationError
from baska_cli.game.card_points import check_play, side_example
from baska_cli.game.model import Contract, Hand


def _hand(contract: Contract, points: int | None, tricks: int | None) -> Hand:
    declarers = (0, 2) if contract.is_pair else (0,)
    return Hand(contract, declarers, points, tricks, 0, None, False)


def test_possible_points_and_tricks_pass() -> None:
    check_play(_hand(Contract.ZW, 61, None), "61")
    check_play(_hand(Contract.ZW, 61, 2), "61/2")
    check_play(_hand(Contract.GD, None, 4), "/4")
    check_play(_hand(Contract.BA, None, None), "")


@pytest.mark.parametrize(
    ("contract", "points", "tricks", "given", "says"),
    [
        (Contract.ZW, None, None, "", 'needs the declaring side\'s card points, e.g. "zw A+C 61"'),
        (Contract.BA, 61, None, "61", "is not played, so it takes no points or tricks"),
        (Contract.ZW, 105, None, "105", "card points go from 0 to 104"),
        (Contract.ZW, 1, None, "1", "no side can take exactly 1 card point with this deck"),
        (Contract.GD, 3, None, "3", 'looks like a number of tricks: write "/3"'),
    ],
)
def test_impossible_play_says_why_quoting_what_was_typed(
    contract: Contract, points: int | None, tricks: int | None, given: str, says: str
) -> None:
    with pytest.raises(NotationError, match=None) as refused:
        check_play(_hand(contract, points, tricks), given)
    assert says in str(refused.value)


def test_a_side_as_an_example() -> None:
    assert (side_example(Contract.ZW), side_example(Contract.ZO)) == ("A+C", "A")
