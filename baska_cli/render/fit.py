"""Text laid out for a terminal's width: the score sheet in fewer columns, wrapped lines."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from baska_cli.errors import BaskaError
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.spelling import fold
from baska_cli.i18n import _
from baska_cli.render.text import signed, status_shown

if TYPE_CHECKING:
    from baska_cli.ledger.format import Meta, Row

GAP = "  "


KEPT = "\u00a0"  # a space that textwrap does not break at


def wrap(text: str, width: int | None, indent: str = "", brackets: bool = False) -> str:
    """Each line of `text` wrapped at word boundaries to `width` columns (None: as it is);
    continuation lines get `indent` and the line's own leading spaces. With `brackets`,
    what is in short round brackets stays on one line (`(+26 w 6)`)."""
    if width is None:
        return text
    if brackets:
        kept = re.sub(r"\([^()]{0,22}\)", lambda m: m.group().replace(" ", KEPT), text)
        return wrap(kept, width, indent).replace(KEPT, " ")
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
    """Each player's shortest form no other name at the table shares, compared without
    diacritics (the eye takes Ż for Z): `Ł`, `Ża`, `Zb`, `Ś` for Łucja, Żaneta, Zbigniew,
    Ścibor; the first letter in upper case. Each reads back as its player (a typed prefix);
    None when two names are the same but for case and diacritics."""
    folded = [fold(name) for name in players]
    if any(not name for name in folded) or len(set(folded)) < len(folded):
        return None
    found = []
    for i, name in enumerate(players):
        others = [f for j, f in enumerate(folded) if j != i]
        size = next(
            (
                k
                for k in range(1, len(name))
                if not any(f.startswith(folded[i][:k]) for f in others)
            ),
            len(name),
        )
        found.append(name[:1].upper() + name[1:size])
    return tuple(found)


def _shortener(players: Sequence[str]) -> Callable[[str], str] | None:
    """A hand's text with the players written by their initials (`zw A+C 61 k:B`), which
    reads back as the same hand; None when the players cannot be told apart by them."""
    short = initials(players)
    if short is None:
        return None

    cache: dict[str, str] = {}

    def shorten(text: str) -> str:
        found = cache.get(text)
        if found is None:
            try:
                entry = parse_hand(text, players)
                found = format_hand(entry, short)
                if parse_hand(found, players) != entry:  # (never expected: kept as written)
                    found = text
            except BaskaError:
                found = text
            if len(cache) < 10_000:
                cache[text] = found
        return found

    return shorten


Cells = Callable[[], Iterable[list[str]]]  # rows of cells, made again at each call


def widths_of(header: Sequence[str], body: Iterable[Sequence[str]]) -> list[int]:
    """Each column's width: its widest cell, the header's included (one pass over `body`);
    a row shorter than the header ends in a note, which is not measured."""
    widths = [len(cell) for cell in header]
    for cells in body:
        measured = cells if len(cells) == len(widths) else cells[:-1]
        for i, cell in enumerate(measured):
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
    columns (one before a `tight` column); a row shorter than the header ends in a note
    written from its column on, to the left. Over the header, `groups` (first column, last
    column, title) centred on their columns (a wider title ends where they end). The body
    is gone through once for the widths (unless given), once for the lines."""
    if widths is None:
        widths = widths_of(header, body())
    else:
        widths = [max(len(cell), w) for cell, w in zip(header, widths, strict=True)]
    gaps = ["" if i == 0 else " " if i in tight else GAP for i in range(len(header))]

    def line(cells: Sequence[str]) -> str:
        note = len(cells) < len(widths)
        text = "".join(
            gaps[i]
            + (c if note and i == len(cells) - 1 else c.ljust(w) if i in left else c.rjust(w))
            for i, (c, w) in enumerate(zip(cells, widths, strict=False))
        )
        return text.rstrip()

    def at(column: int) -> int:
        return sum(widths[:column]) + sum(len(g) for g in gaps[: column + 1])

    if groups:
        top = ""
        for first, last, title in groups:
            end = at(last) + widths[last]
            start = max(min(at(first), end - len(title)), len(top) + 1 if top else 0)
            top = top.ljust(start) + title.center(end - start).rstrip()
        yield top
    rule = ["-" * w if header[i] != "│" else "│" for i, w in enumerate(widths)]
    yield line(header)
    yield line(rule)
    for cells in body():
        yield line(cells)


def fitted_sheet(meta: Meta, rows: Sequence[Row], width: int) -> str:
    """fitted_lines() of rows at hand, as one text."""
    return "\n".join(fitted_lines(meta, lambda: rows, width))


MIN_HAND = 12  # the fewest columns a hand's text is wrapped in beside the changes
NARROWEST_HAND = 8  # … and beside the running totals alone


def fitted_lines(meta: Meta, rows: Callable[[], Iterable[Row]], width: int) -> Iterator[str]:
    """The score sheet in at most `width` columns where the full one is wider. The players
    are written by their initials (initials()) in the hand texts and the dealer column, and
    a row's status (amended, void) in the place of its running totals, which it has none
    of; then tried in turn: the changes and the running totals under the players' names;
    the changes under their initials; both under initials; the dealer's heading
    abbreviated; the hand texts wrapped in their column; then the running totals alone,
    the same way. The rows are read again for each try (`rows()`: none is kept)."""
    players = meta.players
    shorten = _shortener(players) or (lambda text: text)
    short = initials(players) or tuple(players)
    who = dict(zip(players, short, strict=True))

    def cells(row: Row, hand: str, changes: bool) -> list[str]:
        out = [str(row.n), who.get(row.dealer, row.dealer), hand]
        if changes:
            deltas = [signed(d) for d in row.deltas]
            out += [f"({c})" for c in deltas] if row.status else deltas
            out.append("│")
        if row.totals is not None:
            out += [signed(t) for t in row.totals]
        else:
            out += [status_shown(row.status)] if row.status else ["", "", "", ""]
        return out

    def body(changes: bool) -> Cells:
        return lambda: (cells(row, shorten(row.hand), changes) for row in rows())

    body_widths = {
        changes: widths_of([""] * (12 if changes else 7), body(changes)())
        for changes in (True, False)
    }
    full, cut = _("dealer"), _("dealt")
    tries: list[tuple[bool, Sequence[str], Sequence[str], str]] = [
        (True, players, players, full),
        (True, short, players, full),
        (True, short, short, full),
        (True, short, short, cut),
        (False, (), players, full),
        (False, (), short, full),
        (False, (), short, cut),
    ]
    for number, (changes, change_heads, total_heads, dealer) in enumerate(tries):
        head = ["#", dealer, _("hand"), *change_heads, *(["│"] if changes else []), *total_heads]
        if changes:
            groups = [(3, 6, _("this hand")), (8, 11, _("running total"))]
            tight = frozenset({4, 5, 6, 9, 10, 11} if change_heads is short else ())
        else:
            groups = [(3, 6, _("running total"))]
            tight = frozenset({4, 5, 6} if total_heads is short else ())
        laid = (head, body(changes), {1, 2}, groups, tight, body_widths[changes])
        if max(map(len, _layout(*laid))) <= width:
            yield from _layout(*laid)
            return
        last = number + 1 == len(tries) or tries[number + 1][0] != changes
        if not last:
            continue
        # the hand texts wrapped in what is left of the width
        widths = [max(len(c), w) for c, w in zip(head, body_widths[changes], strict=True)]
        gaps = sum(1 if i in tight else len(GAP) for i in range(1, len(head)))
        room = width - sum(widths) + widths[2] - gaps
        if room >= MIN_HAND or not changes:
            lines = _wrapped(rows, cells, shorten, changes, max(room, NARROWEST_HAND))
            yield from _layout(head, lines, {1, 2}, groups, tight)
            return


def _wrapped(
    rows: Callable[[], Iterable[Row]],
    cells: Callable[[Row, str, bool], list[str]],
    shorten: Callable[[str], str],
    changes: bool,
    room: int,
) -> Cells:
    """The sheet's rows with each hand's text wrapped at words in `room` columns, its
    further pieces on lines of their own under it."""

    def lines() -> Iterator[list[str]]:
        for row in rows():
            pieces = textwrap.wrap(shorten(row.hand), room, break_long_words=True) or [""]
            yield cells(row, pieces[0], changes)
            for piece in pieces[1:]:
                yield ["", "", piece]

    return lines
