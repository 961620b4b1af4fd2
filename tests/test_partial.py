"""game/partial: what a line being typed still lacks, judged by the parser reading it
completed; a complete line, or one no completion reads, lacks nothing (its error stands)."""

from __future__ import annotations

import pytest

from baska_cli.game.model import Contract
from baska_cli.game.notation import parse_hand
from baska_cli.game.partial import correction_missing, missing

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")
POLISH = ("Zbigniew", "Zofia", "Łucja", "Ścibor")
MESTER = {Contract.ZW, Contract.ZO, Contract.ME}


@pytest.mark.parametrize(
    ("typed", "lacks"),
    [
        ("zw", ("players", "points")),
        ("zw ", ("players", "points")),
        ("zw A", ("partner", "points")),
        ("zw A+", ("partner", "points")),
        ("zw A 61", ("partner",)),
        ("zw A+C", ("points",)),
        ("zw A+C 6", ("points",)),  # on the way to 61: no side takes exactly 6
        ("zw A+C 6 k", ("points",)),  # a digit tapped before the contra
        ("zw A+C 61/", ("tricks",)),
        ("zo", ("player", "points")),
        ("gd A", ("tricks",)),
        ("zw A+C 61 k:", ("callers",)),
        ("zw A+C 61 k:B,", ("callers",)),
        ("zw A+C 61 kon", ("word",)),
        ("z", ("contract",)),
        ("kara", ("offender",)),
        ("adj", ("changes",)),
        # complete, or wrong whatever is added: the parser's error stands
        ("zw A+C 61", ()),
        ("zw A+C 61 k", ()),
        ("zw A+C 105", ()),
        ("zw A+C 65 ", ()),
        ("zw A+A", ()),
        ("zw 61", ()),
        ("zx", ()),
        ("zw A+C xyz 6", ()),
        ("zw A+C 61 ko ", ()),
        ("ba A", ()),
        ("", ()),
    ],
)
def test_what_a_line_lacks(typed: str, lacks: tuple[str, ...]) -> None:
    assert missing(typed, PLAYERS) == lacks


def test_a_name_being_typed_is_no_mistake() -> None:
    assert missing("zw Z", POLISH) == ("players", "points")  # Zbigniew or Zofia
    assert missing("zw Zb", POLISH) == ("partner", "points")
    assert missing("zw Zb+Z", POLISH) == ("partner", "points")
    assert missing("kara Z", POLISH) == ("offender",)
    assert missing("zw Zb+Ł 6", POLISH) == ("points",)


def test_the_rules_contracts_are_those_begun() -> None:
    assert missing("g", PLAYERS) == ("contract",)  # gr, gd
    assert missing("g", PLAYERS, MESTER) == ()  # mester-like: no contract begins with g
    assert missing("m", PLAYERS, MESTER) == ("contract",)


def test_what_a_correction_lacks() -> None:
    pair = parse_hand("zw Ania+Celina 78", PLAYERS)
    assert correction_missing(pair, "6", PLAYERS) == ("points",)
    assert correction_missing(pair, "61", PLAYERS) == ()
    assert correction_missing(pair, "6 k", PLAYERS) == ("points",)
    assert correction_missing(pair, "Bartek", PLAYERS) == ("partner",)
    assert correction_missing(pair, "zo", PLAYERS) == ("player",)
    assert correction_missing(pair, "k:", PLAYERS) == ("callers",)
    assert correction_missing(pair, "105", PLAYERS) == ()
    solo = parse_hand("zo Ania 78", PLAYERS)
    assert correction_missing(solo, "zw", PLAYERS) == ("partner",)
    assert correction_missing(solo, "7", PLAYERS) == ("points",)


def test_a_line_that_can_never_read_is_judged_quickly() -> None:
    import time

    start = time.perf_counter()
    for typed in ("zw A+C xyz 6", "zw A+C 105", "zw A+C 999/99", "gd A 1"):
        missing(typed, PLAYERS)
    assert time.perf_counter() - start < 0.5
