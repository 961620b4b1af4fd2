"""tournament/plan.py: tournament.toml round trip; plans the rules cannot rank are refused."""

from __future__ import annotations

import pytest

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.game.rules import builtin
from baska_cli.tournament.plan import tie_break_text
from baska_cli.tournament.settings import Plan, check_plan, format_plan, parse_plan


def test_the_settings_round_trip() -> None:
    plan = Plan(5, 24, ("mester",), "42", apart=(("Ania", "Bartek"),), apart_clubs=True,
                fixed=(("Celina", 1),))  # fmt: skip
    assert parse_plan(format_plan(plan), "t.toml") == plan


@pytest.mark.parametrize(
    ("rules", "deals", "order", "message"),
    [
        ("pagat", 16, ("place_points",), "pagat gives no place points"),
        ("plb", 24, ("place_points",), "--deals 24: plb plays series of 8, 12, 16, 60 deals"),
        ("mester", 24, ("total", "place_points"), "tie-breaks total,place_points: expected"),
        ("mester", 24, ("place_points", "lots", "lots"), "tie-breaks place_points,lots,lots"),
    ],
)
def test_plans_that_cannot_rank_are_refused(
    rules: str, deals: int, order: tuple[str, ...], message: str
) -> None:
    with pytest.raises(TournamentInputError, match=message):
        check_plan(Plan(3, deals, (rules,), "1", order), builtin(rules))


def test_a_broken_settings_file_is_named() -> None:
    with pytest.raises(TournamentError, match=r't\.toml: "deals" is missing or wrong'):
        parse_plan(
            format_plan(Plan(3, 16, ("plb",), "1")).replace("deals = 16", 'deals = "x"'), "t.toml"
        )


def test_the_order_in_words() -> None:
    assert tie_break_text(("place_points", "tables_won")) == "place points, tables won"
