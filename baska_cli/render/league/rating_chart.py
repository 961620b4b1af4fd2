"""A player's rating after each event as an inline SVG line chart (no script, no fonts to
load): one point per event, its title and rating in the point's tooltip, the scale on the
left, the first and the last event's dates below. Drawn in the colours of render/chart.py."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from baska_cli.i18n import _
from baska_cli.render.chart import COLOURS
from baska_cli.render.text import number

Point = tuple[str, str, float]  # the event's title, its date, the rating after it


def rating_chart(points: Sequence[Point], width: int = 420, height: int = 180) -> str:
    """The chart, or "" without a point."""
    if not points:
        return ""
    values = [p[2] for p in points]
    low, high = min(values), max(values)
    pad = max((high - low) * 0.1, 0.5)
    low, high = low - pad, high + pad
    left, right, top, bottom = 52, 12, 10, 32
    inner_w, inner_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (inner_w * i / (len(points) - 1) if len(points) > 1 else inner_w / 2)

    def y(v: float) -> float:
        return top + inner_h * (high - v) / (high - low)

    aria = quoteattr(_("the rating after each event"))
    out = [
        f'<svg class="chart" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label={aria}>',
        f'<line x1="{left}" y1="{top}" x2="{left}" y2="{height - bottom}" stroke="#999"/>',
        f'<line x1="{left}" y1="{height - bottom}" x2="{width - right}" y2="{height - bottom}" '
        'stroke="#999"/>',
    ]
    for value in (high - pad, low + pad) if high - low > 2 * pad else (values[0],):
        out.append(
            f'<text x="{left - 4}" y="{y(value) + 4:.1f}" text-anchor="end" font-size="13">'
            f"{escape(number(value))}</text>"
        )
    first, last = points[0][1], points[-1][1]
    out.append(f'<text x="{left}" y="{height - 10}" font-size="13">{escape(first)}</text>')
    if len(points) > 1:
        out.append(
            f'<text x="{width - right}" y="{height - 10}" text-anchor="end" font-size="13">'
            f"{escape(last)}</text>"
        )
    line = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    out.append(f'<polyline points="{line}" fill="none" stroke="{COLOURS[0]}" stroke-width="2"/>')
    for i, (title, date, value) in enumerate(points):
        tip = escape(f"{date} {title}: {number(value)}")
        out.append(
            f'<circle cx="{x(i):.1f}" cy="{y(value):.1f}" r="3" fill="{COLOURS[0]}">'
            f"<title>{tip}</title></circle>"
        )
    out.append("</svg>")
    return "".join(out)
