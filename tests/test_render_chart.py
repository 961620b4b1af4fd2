"""render/chart.py: sparklines, the line chart (Unicode and ASCII), colour only when asked."""

from __future__ import annotations

import random

from baska_cli.render.chart import (
    GREEN,
    RED,
    RESET,
    Span,
    _sample,
    chart_pieces,
    line_chart,
    paint,
    picked,
    picks,
    running_chart,
    running_totals,
    span_of,
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


def _rows(count: int, seed: int) -> list[tuple[str, tuple[int, ...] | None]]:
    """Rows as (status, totals): counted hands with running totals, some void or history."""
    rng = random.Random(seed)
    rows: list[tuple[str, tuple[int, ...] | None]] = []
    totals = (0, 0, 0, 0)
    for _ in range(count):
        if rng.random() < 0.1:
            rows.append((rng.choice(["void", "amended", "undone"]), None))
            continue
        change = rng.randint(-60, 60)
        totals = (totals[0] + change, totals[1] - change, totals[2] + 3, totals[3] - 3)
        rows.append(("", totals))
    return rows


def test_the_running_totals_summed_up_and_sampled_in_a_pass_match_the_whole_series() -> None:
    for count, seed in [(0, 1), (1, 2), (15, 3), (16, 4), (17, 5), (500, 6), (4000, 7)]:
        rows = _rows(count, seed)
        series = running_totals(rows)
        assert span_of(rows) == Span.of(series)
        for width in (1, 2, 16, 77):
            if width == 1 and len(series[0]) > 1:
                continue  # (one column shows one hand only when there is one)
            wanted = picks(len(series[0]), width)
            assert picked(rows, wanted) == [_sample(s, width) for s in series]
        chart = line_chart(["A", "B", "C", "D"], series, 80, 16, unicode=True)
        assert chart.count("\n") == (0 if not series[0] else 18)


def test_the_svg_chart_in_pieces_is_the_chart_whole() -> None:
    rows = _rows(9000, 8)
    series = running_totals(rows)
    pieces = list(chart_pieces("ABCD", span_of(rows), lambda seat: iter(series[seat])))
    assert len(pieces) > 8  # the polylines come in batches of points
    assert "".join(pieces) == running_chart("ABCD", series)
    assert "<polyline" not in running_chart("ABCD", [[], [], [], []])


def test_players_at_one_point_are_drawn_side_by_side_or_as_several() -> None:
    # four columns a hand: the three players at +2 after hand 1 all shown
    chart = line_chart(["A", "B", "C", "D"], [[2, 4], [2, 4], [2, -4], [-6, -4]], 11, 5, True)
    assert chart.splitlines()[:5] == [
        "+4 │   ●◆ ",
        "   │●◆▲   ",
        " 0 │──────",
        "   │   ▲■ ",
        "-6 │■     ",
    ]
    assert chart.splitlines()[-2:] == ["● A +4   ◆ B +4   ▲", "C -4   ■ D -4"]  # wrapped
    # one column a hand: one mark for several players, which the legend explains
    series = [[1, 2, 3] * 30, [1, 2, 3] * 30, [0] * 90, [-1] * 90]
    chart = line_chart(["A", "B", "C", "D"], series, 60, 6, unicode=False)
    assert "*" in chart.splitlines()[0]
    assert chart.splitlines()[-1] == "o A +3   x B +3   + C +0   # D -1   * several players"
