"""Running totals drawn in the terminal: a sparkline per player and a line chart of four.

Unicode blocks and box lines where the output can show them, plain ASCII otherwise; colour
(gains green, losses red) only where asked for — the command line asks only on a terminal
and never when NO_COLOR is set (https://no-color.org).
"""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.i18n import _

BLOCKS = "▁▂▃▄▅▆▇█"
ASCII_BLOCKS = "_.,-~=*#"
MARKS = "●◆▲■"  # one per seat
ASCII_MARKS = "ox+#"
GREEN, RED, RESET = "\033[32m", "\033[31m", "\033[0m"


def unicode_ok(encoding: str | None) -> bool:
    """Whether text in `encoding` can show the chart's blocks and marks."""
    try:
        (BLOCKS + MARKS + "│─┼").encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def paint(text: str, value: float, colour: bool) -> str:
    """`text` in green for a gain, red for a loss (when `colour`), else as it is."""
    if not colour or not value:
        return text
    return f"{GREEN if value > 0 else RED}{text}{RESET}"


def _sample(values: Sequence[int], width: int) -> list[int]:
    """At most `width` values, evenly spread, the last one always kept."""
    if len(values) <= width:
        return list(values)
    step = (len(values) - 1) / (width - 1)
    return [values[round(i * step)] for i in range(width)]


def sparkline(values: Sequence[int], low: int, high: int, width: int, unicode: bool) -> str:
    """A running total as one line of `width` characters at most, on a common scale."""
    blocks = BLOCKS if unicode else ASCII_BLOCKS
    span = high - low
    return "".join(
        blocks[0 if not span else round((v - low) / span * (len(blocks) - 1))]
        for v in _sample(values, width)
    )


def line_chart(
    names: Sequence[str],
    series: Sequence[Sequence[int]],
    width: int,
    height: int,
    unicode: bool,
    colour: bool = False,
) -> str:
    """The running totals of several players after each hand: one mark per player and
    column, the scale on the left, hand numbers below, and a legend."""
    marks = MARKS if unicode else ASCII_MARKS
    hands = max((len(s) for s in series), default=0)
    if not hands:
        return _("(no hands yet)")
    values = [v for s in series for v in s] + [0]
    low, high = min(values), max(values)
    span = max(high - low, 1)
    label = max(len(f"{low:+d}"), len(f"{high:+d}"))
    room = max(width - label - 2, 1)
    step = max(room // hands, 1)  # columns per hand, when the hands are fewer than the room
    columns = min(hands * step, room)
    rows = max(height, 3)
    grid = [[" "] * columns for _ in range(rows)]
    zero = round((0 - low) / span * (rows - 1))
    for x in range(columns):
        grid[rows - 1 - zero][x] = "─" if unicode else "-"
    for seat, totals in enumerate(series):
        for i, total in enumerate(_sample(totals, columns // step)):
            y = round((total - low) / span * (rows - 1))
            grid[rows - 1 - y][i * step] = marks[seat % len(marks)]
    axis = "│" if unicode else "|"
    ticks = {0: f"{high:+d}", rows - 1 - zero: "0", rows - 1: f"{low:+d}"}
    lines = [f"{ticks.get(r, ''):>{label}} {axis}{''.join(cells)}" for r, cells in enumerate(grid)]
    lines.append(
        " " * label + " " + ("└" if unicode else "+") + ("─" if unicode else "-") * columns
    )
    first, last = (_("hand {number}").format(number=n) for n in (1, hands))
    lines.append(" " * (label + 2) + first + last.rjust(max(columns - len(first), len(last) + 1)))
    legend = "   ".join(
        f"{marks[seat % len(marks)]} {name} {paint(f'{totals[-1]:+d}', totals[-1], colour)}"
        for seat, (name, totals) in enumerate(zip(names, series, strict=True))
        if totals
    )
    lines.append(legend)
    return "\n".join(lines)


def running_totals(rows: Sequence[tuple[str, Sequence[int] | None]]) -> list[list[int]]:
    """Each seat's running total after each counted hand, from (status, totals) pairs in
    file order (void and history rows do not move them)."""
    series: list[list[int]] = [[], [], [], []]
    for status, totals in rows:
        if status or totals is None:
            continue
        for seat, total in enumerate(totals):
            series[seat].append(total)
    return series
