"""render/chart.py: sparklines, the line chart (Unicode and ASCII), colour only when asked."""

from __future__ import annotations

from baska_cli.render.chart import (
    GREEN,
    RED,
    RESET,
    line_chart,
    paint,
    running_totals,
    sparkline,
    unicode_ok,
)


def test_a_sparkline_on_a_common_scale() -> None:
    assert sparkline([0, 5, 10], 0, 10, 16, unicode=True) == "▁▅█"
    assert sparkline([0, 5, 10], -10, 10, 16, unicode=True) == "▅▆█"
    assert sparkline([0, 5, 10], 0, 10, 16, unicode=False) == "_~#"
    assert sparkline([3, 3], 3, 3, 16, unicode=True) == "▁▁"


def test_a_long_sparkline_is_sampled_to_its_width_and_keeps_the_last_value() -> None:
    line = sparkline(list(range(100)), 0, 99, 10, unicode=True)
    assert (len(line), line[0], line[-1]) == (10, "▁", "█")


def test_the_chart_in_ascii_has_a_scale_a_zero_line_and_a_legend() -> None:
    chart = line_chart(["A", "B"], [[2, 4], [-2, -4]], 20, 5, unicode=False)
    assert chart.splitlines() == [
        "+4 |        o       ",
        "   |o               ",
        " 0 |----------------",
        "   |x               ",
        "-4 |        x       ",
        "   +----------------",
        "    hand 1    hand 2",
        "o A +4   x B -4",
    ]


def test_no_hands_no_chart() -> None:
    assert line_chart(["A"], [[]], 80, 16, unicode=True) == "(no hands yet)"


def test_colour_only_when_asked() -> None:
    assert paint("+3", 3, colour=True) == f"{GREEN}+3{RESET}"
    assert paint("-3", -3, colour=True) == f"{RED}-3{RESET}"
    assert paint("0", 0, colour=True) == "0"
    assert paint("+3", 3, colour=False) == "+3"


def test_running_totals_skip_void_and_history_rows() -> None:
    rows = [("", (1, -1, 1, -1)), ("void", None), ("amended", None), ("", (3, -3, 3, -3))]
    assert running_totals(rows) == [[1, 3], [-1, -3], [1, 3], [-1, -3]]


def test_unicode_ok_by_encoding() -> None:
    assert (unicode_ok("utf-8"), unicode_ok("ascii"), unicode_ok("cp1250"), unicode_ok(None)) == (
        True,
        False,
        False,
        False,
    )
