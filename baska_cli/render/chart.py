"""Running totals drawn in the terminal (a sparkline per player and a line chart of four)
and as an inline SVG line chart for pages (no script, no fonts to load).

Unicode blocks and box lines where the output can show them, plain ASCII otherwise; colour
(gains green, losses red) only where asked for — the command line asks only on a terminal
and never when NO_COLOR is set (https://no-color.org).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

from baska_cli.i18n import _

BLOCKS = "▁▂▃▄▅▆▇█"
ASCII_BLOCKS = "_.,-~=*#"
MARKS = "●◆▲■"  # one per seat
ASCII_MARKS = "ox+#"
SHARED, ASCII_SHARED = "✱", "*"  # several players at one point, no room to draw each
GREEN, RED, RESET = "\033[32m", "\033[31m", "\033[0m"


def unicode_ok(encoding: str | None) -> bool:
    """Whether text in `encoding` can show the chart's blocks and marks."""
    try:
        (BLOCKS + MARKS + SHARED + "│─┼").encode(encoding or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def paint(text: str, value: float, colour: bool) -> str:
    """`text` in green for a gain, red for a loss (when `colour`), else as it is."""
    if not colour or not value:
        return text
    return f"{GREEN if value > 0 else RED}{text}{RESET}"


def picks(count: int, width: int) -> list[int]:
    """Which of `count` values a line `width` values long shows: at most `width`, evenly
    spread, the last one always kept (alone on a line one value wide)."""
    if count <= width:
        return list(range(count))
    if width <= 1:
        return [count - 1]
    step = (count - 1) / (width - 1)
    return [round(i * step) for i in range(width)]


def _sample(values: Sequence[int], width: int) -> list[int]:
    """At most `width` values, evenly spread, the last one always kept."""
    return [values[i] for i in picks(len(values), width)]


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
    span = Span.of(series)
    shown = [_sample(totals, chart_points(span, width)) for totals in series]
    return span_chart(names, span, shown, width, height, unicode, colour)


def chart_points(span: Span, width: int) -> int:
    """How many hands a line chart `width` columns wide shows (one column or more each)."""
    low, high = min(span.low, 0), max(span.high, 0)
    label = max(len(f"{low:+d}"), len(f"{high:+d}"))
    room = max(width - label - 2, 1)
    step = max(room // max(span.hands, 1), 1)
    return min(span.hands * step, room) // step


def span_chart(
    names: Sequence[str],
    span: Span,
    shown: Sequence[Sequence[int]],
    width: int,
    height: int,
    unicode: bool,
    colour: bool = False,
) -> str:
    """line_chart() from the running totals' span and each player's totals at the hands
    picks(span.hands, chart_points(span, width)) gives. Players at one point of the chart
    are drawn side by side in the columns between two hands, or as one ✱ where there are
    none (the legend says so); the legend is wrapped at words to the width."""
    marks = MARKS if unicode else ASCII_MARKS
    hands = span.hands
    if not hands:
        return _("(no hands yet)")
    low, high = min(span.low, 0), max(span.high, 0)
    span_y = max(high - low, 1)
    label = max(len(f"{low:+d}"), len(f"{high:+d}"))
    room = max(width - label - 2, 1)
    step = max(room // hands, 1)  # columns per hand, when the hands are fewer than the room
    columns = min(hands * step, room)
    rows = max(height, 3)
    grid = [[" "] * columns for _ in range(rows)]
    zero = round((0 - low) / span_y * (rows - 1))
    for x in range(columns):
        grid[rows - 1 - zero][x] = "─" if unicode else "-"
    at: dict[tuple[int, int], list[int]] = {}  # a cell of the grid: the seats drawn there
    for seat, totals in enumerate(shown):
        for i, total in enumerate(totals):
            y = round((total - low) / span_y * (rows - 1))
            at.setdefault((rows - 1 - y, i), []).append(seat)
    shared = False
    for (row, i), seats in at.items():
        if len(seats) > step:  # no room beside: one mark for several players
            grid[row][i * step] = SHARED if unicode else ASCII_SHARED
            shared = True
            continue
        for k, seat in enumerate(seats):  # players at one point side by side
            grid[row][i * step + k] = marks[seat % len(marks)]
    axis = "│" if unicode else "|"
    ticks = {0: f"{high:+d}", rows - 1 - zero: "0", rows - 1: f"{low:+d}"}
    lines = [f"{ticks.get(r, ''):>{label}} {axis}{''.join(cells)}" for r, cells in enumerate(grid)]
    lines.append(
        " " * label + " " + ("└" if unicode else "+") + ("─" if unicode else "-") * columns
    )
    first, last = (_("hand {number}").format(number=n) for n in (1, hands))
    lines.append(" " * (label + 2) + first + last.rjust(max(columns - len(first), len(last) + 1)))
    legend = "   ".join(
        f"{marks[seat % len(marks)]} {name} {paint(f'{total:+d}', total, colour)}"
        for seat, (name, total) in enumerate(zip(names, span.last, strict=True))
    )
    if shared:
        legend += "   " + _("{mark} several players").format(
            mark=SHARED if unicode else ASCII_SHARED
        )
    lines.append(textwrap.fill(legend, max(width, 20), break_on_hyphens=False))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Span:
    """Running totals summed up: how many hands, the lowest and highest total of any seat
    (0 and 0 without hands), and each seat's last total (none without hands)."""

    hands: int
    low: int
    high: int
    last: tuple[int, ...]

    @classmethod
    def of(cls, series: Sequence[Sequence[int]]) -> Span:
        """The span of each seat's running totals."""
        values = [v for s in series for v in s]
        if not values:
            return cls(0, 0, 0, ())
        return cls(
            max(len(s) for s in series), min(values), max(values), tuple(s[-1] for s in series)
        )


Counted = Iterable[tuple[str, Sequence[int] | None]]  # (status, totals) of rows in file order


class Running:
    """Running totals summed up as they go by (void and history rows do not move them)."""

    def __init__(self) -> None:
        self.hands, self.low, self.high = 0, 0, 0
        self.last: Sequence[int] = ()

    def add(self, status: str, totals: Sequence[int] | None) -> None:
        """One more row, in file order."""
        if status or totals is None:
            return
        if self.hands:
            self.low, self.high = min(self.low, *totals), max(self.high, *totals)
        else:
            self.low, self.high = min(totals), max(totals)
        self.hands += 1
        self.last = totals

    def span(self) -> Span:
        """The span of the totals so far."""
        return Span(self.hands, self.low, self.high, tuple(self.last))


def span_of(rows: Counted) -> Span:
    """The span of the running totals of rows given as (status, totals) in file order."""
    running = Running()
    for status, totals in rows:
        running.add(status, totals)
    return running.span()


def picked(rows: Counted, wanted: Sequence[int]) -> list[list[int]]:
    """Each seat's running totals after the counted hands at the positions `wanted` (from
    picks(), in order), in one pass over (status, totals) pairs in file order."""
    series: list[list[int]] = [[], [], [], []]
    position, at = 0, 0
    for status, totals in rows:
        if status or totals is None:
            continue
        while at < len(wanted) and wanted[at] == position:
            for seat, total in enumerate(totals):
                series[seat].append(total)
            at += 1
        position += 1
    return series


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


COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")  # one per seat; dashes tell them apart too
DASHES = ("", "6 3", "2 2", "8 3 2 3")


BATCH = 4096  # points joined into one piece of the chart


def running_chart(
    names: Sequence[str],
    series: Sequence[Sequence[int]],
    width: int = 520,
    height: int = 200,
    text: int = 10,
    columns: int = 4,
) -> str:
    """One polyline per player over the hands, a zero line, the scale and a legend (in
    `columns` columns: 2 for a phone, each name whole)."""
    span = Span.of(series)
    pieces = chart_pieces(names, span, lambda seat: series[seat], width, height, text, columns)
    return "".join(pieces)


def chart_pieces(
    names: Sequence[str],
    span: Span,
    totals_of: Callable[[int], Iterable[int]],
    width: int = 520,
    height: int = 200,
    text: int = 10,
    columns: int = 4,
) -> Iterator[str]:
    """running_chart() in pieces, from the running totals' span and, for each seat, its
    running totals after each hand (`totals_of(seat)`, gone through once per seat); its
    words `text` units high (a unit is a CSS pixel where the chart is drawn at its size),
    its legend in `columns` columns (a row below another's for fewer than the players)."""
    hands = span.hands
    low, high = min(span.low, 0), max(span.high, 0)
    span_y = max(high - low, 1)
    rows = -(-len(names) // columns) if names else 1
    # room for the scale's numbers and the hands' numbers in the words' size (0.64 of it a
    # digit: DejaVu Sans)
    widest = max(len(f"{high:+d}"), len(f"{low:+d}"))
    left, right, top = max(40, math.ceil(widest * text * 0.64) + 8), 10, max(10, text)
    bottom = max(40, 3 * text) + (rows - 1) * (text + 6)
    inner_w, inner_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (inner_w * i / max(hands - 1, 1))

    def y(v: float) -> float:
        return top + inner_h * (high - v) / span_y

    aria = quoteattr(_("running totals"))
    yield "".join(
        [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="{width}" height="{height}" role="img" aria-label={aria}>',
            f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}" '
            'stroke="#999" stroke-width="1"/>',
            f'<text x="{left - 4}" y="{y(high) + 4:.1f}" text-anchor="end" font-size="{text}">'
            f"{high:+d}</text>",
            f'<text x="{left - 4}" y="{y(0) + 4:.1f}" text-anchor="end" '
            f'font-size="{text}">0</text>',
            f'<text x="{left - 4}" y="{y(low) + 4:.1f}" text-anchor="end" font-size="{text}">'
            f"{low:+d}</text>",
            f'<text x="{left}" y="{height - bottom + text + 4}" font-size="{text}">1</text>',
            f'<text x="{width - right}" y="{height - bottom + text + 4}" text-anchor="end" '
            f'font-size="{text}">{hands}</text>',
        ]
    )
    for seat, name in enumerate(names):
        colour = COLOURS[seat % 4]
        style = f' stroke="{colour}" stroke-width="2"'
        if DASHES[seat % 4]:
            style += f' stroke-dasharray="{DASHES[seat % 4]}"'
        batch: list[str] = []
        drawn = False
        for i, v in enumerate(totals_of(seat)):
            batch.append(f"{x(i):.1f},{y(v):.1f}")
            if len(batch) >= BATCH:
                yield (" " if drawn else '<polyline points="') + " ".join(batch)
                drawn, batch = True, []
        if batch:
            yield (" " if drawn else '<polyline points="') + " ".join(batch)
            drawn = True
        if drawn:
            yield f'" fill="none"{style}/>'
        # (one column, for large words: the legend from the chart's left edge)
        lx = (left if columns > 1 else 4) + seat % columns * (inner_w / columns)
        ly = height - 10 - (rows - 1 - seat // columns) * (text + 6)
        label = f"{name} {span.last[seat]:+d}" if span.hands else name
        yield (
            f'<line x1="{lx:.1f}" y1="{ly}" x2="{lx + 18:.1f}" y2="{ly}"{style}/>'
            f'<text x="{lx + 22:.1f}" y="{ly + 4}" font-size="{text}">{escape(label)}</text>'
        )
    yield "</svg>"
