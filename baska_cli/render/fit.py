"""Text laid out for a terminal's width: the score sheet in fewer columns, wrapped lines."""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from baska_cli.errors import BaskaError
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.i18n import _
from baska_cli.render.text import signed, status_shown

if TYPE_CHECKING:
    from baska_cli.ledger.format import Meta, Row

GAP = "  "


def wrap(text: str, width: int | None, indent: str = "") -> str:
    """Each line of `text` wrapped at word boundaries to `width` columns (None: as it is);
    continuation lines get `indent` and the line's own leading spaces."""
    if width is None:
        return text
    out: list[str] = []
    for line in text.splitlines() or [""]:
        lead = line[: len(line) - len(line.lstrip(" "))]
        out.extend(
            textwrap.wrap(
                line,
                width=max(width, 20),
                subsequent_indent=lead + indent,
                break_long_words=False,
                break_on_hyphens=False,
            )
            or [""]
        )
    return "\n".join(out)


def initials(players: Sequence[str]) -> tuple[str, ...] | None:
    """The players' initials (upper case) when the four differ, else None."""
    found = tuple(name[:1].upper() for name in players)
    return found if all(found) and len({i.casefold() for i in found}) == len(found) else None


def _shortener(players: Sequence[str]) -> Callable[[str], str] | None:
    """A hand's text with the players written by their initials (`zw A+C 61 k:B`), which
    reads back as the same hand; None when the initials are not four different letters."""
    short = initials(players)
    if short is None:
        return None

    cache: dict[str, str] = {}

    def shorten(text: str) -> str:
        found = cache.get(text)
        if found is None:
            try:
                found = format_hand(parse_hand(text, players), short)
            except BaskaError:
                found = text
            if len(cache) < 10_000:
                cache[text] = found
        return found

    return shorten


Cells = Callable[[], Iterable[list[str]]]  # rows of cells, made again at each call


def widths_of(header: Sequence[str], body: Iterable[Sequence[str]]) -> list[int]:
    """Each column's width: its widest cell, the header's included (one pass over `body`)."""
    widths = [len(cell) for cell in header]
    for cells in body:
        for i, cell in enumerate(cells):
            if len(cell) > widths[i]:
                widths[i] = len(cell)
    return widths


def _layout(
    header: list[str],
    body: Cells,
    left: set[int],
    groups: list[tuple[int, int, str]],
    tight: frozenset[int] = frozenset(),
    widths: Sequence[int] | None = None,
) -> Iterator[str]:
    """Rows of cells as lines: columns as wide as their widest cell (or as `widths`, the
    body's, and the header's where wider), `left` ones to the left, two spaces between
    columns (one before a `tight` column); over the header, `groups` (first column, last
    column, title) centred on their columns. The body is gone through once for the widths
    (unless given), once for the lines."""
    if widths is None:
        widths = widths_of(header, body())
    else:
        widths = [max(len(cell), w) for cell, w in zip(header, widths, strict=True)]
    gaps = ["" if i == 0 else " " if i in tight else GAP for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        text = "".join(
            gaps[i] + (c.ljust(w) if i in left else c.rjust(w))
            for i, (c, w) in enumerate(zip(cells, widths, strict=True))
        )
        return text.rstrip()

    def at(column: int) -> int:
        return sum(widths[:column]) + sum(len(g) for g in gaps[: column + 1])

    if groups:
        top = ""
        for first, last, title in groups:
            span = at(last) + widths[last] - at(first)
            top = top.ljust(at(first)) + title.center(span).rstrip()
        yield top
    rule = ["-" * w if header[i] != "│" else "│" for i, w in enumerate(widths)]
    yield line(header)
    yield line(rule)
    for cells in body():
        yield line(cells)


def fitted_sheet(meta: Meta, rows: Sequence[Row], width: int) -> str:
    """fitted_lines() of rows at hand, as one text."""
    return "\n".join(fitted_lines(meta, lambda: rows, width))


def fitted_lines(meta: Meta, rows: Callable[[], Iterable[Row]], width: int) -> Iterator[str]:
    """The score sheet in at most `width` columns where the full one is wider. The players
    are written by their initials in the hand texts and the dealer column, and a row's
    status after its hand; then tried in turn: the changes and the running totals under the
    players' names; the changes under their initials; both under initials; the running
    totals alone; the running totals with the hand texts wrapped in their column. The rows
    are read again for each try (`rows()`: none is kept)."""
    players = meta.players
    shorten = _shortener(players) or (lambda text: text)
    short = initials(players) or tuple(players)
    who = dict(zip(players, short, strict=True))

    def hand_cell(row: Row) -> str:
        hand = shorten(row.hand)
        return f"{hand} ({status_shown(row.status)})" if row.status else hand

    def cells(row: Row, hand: str, changes: bool) -> list[str]:
        out = [str(row.n), who.get(row.dealer, row.dealer), hand]
        if changes:
            deltas = [signed(d) for d in row.deltas]
            out += [f"({c})" for c in deltas] if row.status else deltas
            out.append("│")
        out += ["", "", "", ""] if row.totals is None else [signed(t) for t in row.totals]
        return out

    def body(changes: bool) -> Cells:
        return lambda: (cells(row, hand_cell(row), changes) for row in rows())

    variants: list[tuple[bool, Sequence[str], Sequence[str]]] = [
        (True, players, players),
        (True, short, players),
        (True, short, short),
        (False, (), players),
        (False, (), short),
    ]
    body_widths = {
        changes: widths_of([""] * (12 if changes else 7), body(changes)())
        for changes in (True, False)
    }
    head: list[str] = []
    for changes, change_heads, total_heads in variants:
        head = ["#", _("dealer"), _("hand"), *change_heads, *(["│"] if changes else [])]
        head += total_heads
        groups = (
            [(3, 6, _("this hand")), (8, 11, _("running total"))]
            if changes
            else [(3, 6, _("running total"))]
        )
        tight = frozenset({4, 5, 6, 9, 10, 11} if changes else {4, 5, 6})

        spacing = tight if change_heads is short else frozenset()
        laid = (head, body(changes), {1, 2}, groups, spacing, body_widths[changes])
        if max(map(len, _layout(*laid))) <= width:
            yield from _layout(*laid)
            return
    # the hand texts wrapped in what is left of the width (at least 12 columns)
    widths = [max(len(cell), w) for cell, w in zip(head, body_widths[False], strict=True)]
    room = max(width - sum(widths) + widths[2] - len(GAP) * (len(head) - 1), 12)

    def wrapped() -> Iterator[list[str]]:
        for row in rows():
            pieces = textwrap.wrap(hand_cell(row), room, break_long_words=True) or [""]
            yield cells(row, pieces[0], False)
            for piece in pieces[1:]:
                yield ["", "", piece, "", "", "", ""]

    yield from _layout(head, wrapped, {1, 2}, [(3, 6, _("running total"))])
