"""The running totals of an evening as an inline SVG line chart (no script, no fonts to load)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from xml.sax.saxutils import escape, quoteattr

from baska_cli.i18n import _
from baska_cli.render.chart import Span

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")  # one per seat; dashes tell them apart too
DASHES = ("", "6 3", "2 2", "8 3 2 3")


BATCH = 4096  # points joined into one piece of the chart


def running_chart(
    names: Sequence[str], series: Sequence[Sequence[int]], width: int = 520, height: int = 200
) -> str:
    """One polyline per player over the hands, a zero line, the scale and a legend."""
    span = Span.of(series)
    return "".join(chart_pieces(names, span, lambda seat: series[seat], width, height))


def chart_pieces(
    names: Sequence[str],
    span: Span,
    totals_of: Callable[[int], Iterable[int]],
    width: int = 520,
    height: int = 200,
    text: int = 10,
) -> Iterator[str]:
    """running_chart() in pieces, from the running totals' span and, for each seat, its
    running totals after each hand (`totals_of(seat)`, gone through once per seat); its
    words `text` units high (a unit is a CSS pixel where the chart is drawn at its size)."""
    hands = span.hands
    low, high = min(span.low, 0), max(span.high, 0)
    span_y = max(high - low, 1)
    left, right, top, bottom = 40, 10, 10, 40
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
        lx = left + seat * (inner_w / 4)
        label = f"{name} {span.last[seat]:+d}" if span.hands else name
        yield (
            f'<line x1="{lx:.1f}" y1="{height - 10}" x2="{lx + 18:.1f}" y2="{height - 10}"'
            f"{style}/>"
            f'<text x="{lx + 22:.1f}" y="{height - 6}" font-size="{text}">{escape(label)}</text>'
        )
    yield "</svg>"
