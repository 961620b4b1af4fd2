"""tournament/plan.py: tournament.toml round trip; plans the rules cannot rank are refused."""

from __future__ import annotations

import pytest

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.rulesets.loader import builtin
from baska_cli.tournament.plan import tie_break_text
from baska_cli.tournament.settings import Plan, check_plan, format_plan, parse_plan


def test_the_settings_round_trip() -> None:
    plan = Plan(5, 24, ("mester",), "42", apart=(("Ania", "Bartek"),), apart_clubs=True,
                fixed=(("Celina", 1),))  # fmt: skip
    assert parse_plan(format_plan(plan), "t.toml") == plan


TODAY = """\
# A baska tournament: see `baska tournament --help`. Edit with care: the draw and
# the standings are read from this file and the others in this directory.
baska_tournament = 1
rounds = 5
deals = 24
rules = ["mester"]
seed = "4\\"2"
tie_breaks = ["place_points", "total", "tables_won", "lots"]
apart_clubs = true
apart = [["Ania", "Bartek"]]

[fixed_tables]
"Celina" = 1
"D e" = 2
"""


def test_the_file_as_written_before_the_settings_table_is_read_and_written_alike() -> None:
    plan = parse_plan(TODAY, "t.toml")
    assert plan == Plan(5, 24, ("mester",), '4"2', apart=(("Ania", "Bartek"),), apart_clubs=True,
                        fixed=(("Celina", 1), ("D e", 2)))  # fmt: skip
    assert format_plan(plan) == TODAY
    short = TODAY.split("apart = ")[0].replace("apart_clubs = true\n", "")
    assert parse_plan(short, "t.toml") == Plan(5, 24, ("mester",), '4"2')


@pytest.mark.parametrize(
    ("line", "instead", "message"),
    [
        ("rounds = 5", "rounds = 100", 'rounds "100": expected a whole number from 1 to 99'),
        ('seed = "4\\"2"', 'seed = "' + "x" * 30 + '"', 'seed "x{20}…": expected any text'),
        ("rounds = 5", "", '"rounds" is missing or wrong'),
        ("deals = 24", "deals = true", '"deals" is missing or wrong'),
    ],
)
def test_a_file_out_of_bounds_is_named(line: str, instead: str, message: str) -> None:
    with pytest.raises(TournamentError, match=r"^t\.toml: " + message):
        parse_plan(TODAY.replace(line, instead), "t.toml")


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
