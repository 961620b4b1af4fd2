"""The running totals of an evening as an inline SVG line chart (no script, no fonts to load)."""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from baska_cli.i18n import _

COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd")  # one per seat; dashes tell them apart too
DASHES = ("", "6 3", "2 2", "8 3 2 3")


def running_chart(
    names: Sequence[str], series: Sequence[Sequence[int]], width: int = 520, height: int = 200
) -> str:
    """One polyline per player over the hands, a zero line, the scale and a legend."""
    hands = max((len(s) for s in series), default=0)
    values = [v for s in series for v in s] + [0]
    low, high = min(values), max(values)
    span = max(high - low, 1)
    left, right, top, bottom = 40, 10, 10, 40
    inner_w, inner_h = width - left - right, height - top - bottom

    def x(i: int) -> float:
        return left + (inner_w * i / max(hands - 1, 1))

    def y(v: float) -> float:
        return top + inner_h * (high - v) / span

    aria = quoteattr(_("running totals"))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label={aria}>',
        f'<line x1="{left}" y1="{y(0):.1f}" x2="{width - right}" y2="{y(0):.1f}" '
        'stroke="#999" stroke-width="1"/>',
        f'<text x="{left - 4}" y="{y(high) + 4:.1f}" text-anchor="end" font-size="10">'
        f"{high:+d}</text>",
        f'<text x="{left - 4}" y="{y(0) + 4:.1f}" text-anchor="end" font-size="10">0</text>',
        f'<text x="{left - 4}" y="{y(low) + 4:.1f}" text-anchor="end" font-size="10">'
        f"{low:+d}</text>",
        f'<text x="{left}" y="{height - bottom + 14}" font-size="10">1</text>',
        f'<text x="{width - right}" y="{height - bottom + 14}" text-anchor="end" '
        f'font-size="10">{hands}</text>',
    ]
    for seat, (name, totals) in enumerate(zip(names, series, strict=True)):
        colour = COLOURS[seat % 4]
        style = f' stroke="{colour}" stroke-width="2"'
        if DASHES[seat % 4]:
            style += f' stroke-dasharray="{DASHES[seat % 4]}"'
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(totals))
        if points:
            parts.append(f'<polyline points="{points}" fill="none"{style}/>')
        lx = left + seat * (inner_w / 4)
        label = f"{name} {totals[-1]:+d}" if totals else name
        parts.append(
            f'<line x1="{lx:.1f}" y1="{height - 10}" x2="{lx + 18:.1f}" y2="{height - 10}"'
            f"{style}/>"
            f'<text x="{lx + 22:.1f}" y="{height - 6}" font-size="10">{escape(label)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)
