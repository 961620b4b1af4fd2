"""render/compact.py: `baska play`'s short texts, each within the width."""

from __future__ import annotations

from baska_cli.play.line import COMMANDS
from baska_cli.render.compact import deals_word, fit, hand_lines, help_lines, players_row, toolbar

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")
LONG = ("Aleksandra-Maria", "Bartłomiej-Jerzy", "Celina-Katarzyna", "Dariusz-Wojciech")


def test_deals_word() -> None:
    assert deals_word(None, 1) == "1 deal played"
    assert deals_word(None, 3) == "3 deals played"
    assert deals_word(16, 5) == "11 of 16 deals left"
    assert deals_word(16, 16) == "all 16 deals played"
    assert deals_word(16, 18) == "2 deals over the plan"
    assert deals_word(1, 2) == "1 deal over the plan"


def test_a_hand_in_three_lines() -> None:
    lines = hand_lines(5, "zw Ania+Celina 61 k", PLAYERS, (2, -2, 2, -2), (5, -5, -3, 3), "x")
    assert lines == [
        "hand 5: zw Ania+Celina 61 k  · x",
        "  hand   Ania   +2   Bartek   -2   Celina   +2   Darek   -2",
        "  total  Ania   +5   Bartek   -5   Celina   -3   Darek   +3",
    ]


def test_long_names_go_to_initials_and_long_lines_are_cut() -> None:
    row = players_row("total", LONG, (-1000, 1000, 0, 0))
    assert row == "  total  A -1000   B +1000   C    0   D    0"
    assert fit("x" * 100) == "x" * 79 + "…"
    assert fit("short") == "short"


def test_toolbar_and_help_fit_80_columns() -> None:
    text = toolbar("/a/very/long/path/" * 6, "plb", LONG, 17, LONG[0], LONG[1], "16 of 16", "")
    assert [len(line) for line in text.splitlines()] == [80, 66, 1, 1]  # always 4 lines
    assert max(len(line) for line in help_lines(COMMANDS)) <= 80
