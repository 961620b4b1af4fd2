"""Small text helpers shared by the renderers: numbers as people read them, signed numbers,
CSV, a plain table, statuses, an evening's heading, text made safe for a terminal."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from fractions import Fraction

from tabulate import tabulate

from baska_cli.game.formula import harmless
from baska_cli.i18n import N_, _, language

# a row's status as the sheet shows it (the ledger file keeps the English word)
STATUS_SHOWN = {"void": N_("void"), "amended": N_("amended"), "undone": N_("undone")}


def status_shown(status: str) -> str:
    """A row's status (void, amended, undone) in the interface language."""
    return _(STATUS_SHOWN[status]) if status in STATUS_SHOWN else status


# the languages that write a decimal comma (2,33); the others write a point (2.33)
DECIMAL_COMMA = frozenset({"pl"})


def plain_number(value: float | Fraction, places: int = 2) -> str:
    """A number for scripts (CSV): 5, 8.5, 1.33 (an exact 4/3 to `places` decimals), always
    with a decimal point."""
    text = f"{round(float(value), places):.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def exact_number(value: float | Fraction) -> str:
    """A number for scripts as exactly as a float holds it: 8, 8.5, 1.3333333333333333 (the
    float nearest the value, which reads back the same; `str(Fraction)` gives it exactly)."""
    if value == int(value):
        return str(int(value))
    return repr(float(value))


def number(value: float | Fraction, places: int = 2) -> str:
    """A number as a person reads it in the language of the call: 8,5 and 1,33 in Polish,
    8.5 and 1.33 in English (`plain_number` with the language's decimal separator)."""
    text = plain_number(value, places)
    return text.replace(".", ",") if language() in DECIMAL_COMMA else text


def fixed(value: float, places: int = 2) -> str:
    """A number with `places` decimals as a person reads it in the language of the call: 25,10
    in Polish, 25.10 in English (a column of ratings stays aligned)."""
    text = f"{value:.{places}f}"
    return text.replace(".", ",") if language() in DECIMAL_COMMA else text


def terminal_safe(text: str, keep: str = "") -> str:
    """`text` as a terminal shows it and does not obey: every character that is not
    printable (C0 and C1 controls, ESC, DEL, bidi overrides such as U+202E, other format
    characters) shown as its escape (`\\x1b`, `\\u202e`); those in `keep` (a line end) kept."""
    return "".join(ch if ch.isprintable() or ch in keep else ascii(ch)[1:-1] for ch in text)


def terminal_safe_json(text: str) -> str:
    """JSON text (`json.dumps(..., ensure_ascii=False)`) safe for a terminal as
    `terminal_safe` makes text: each character that is not printable (but the line ends of
    its indentation) written as the JSON escape `\\uXXXX`, which reads back the same."""
    return "".join(ch if ch.isprintable() or ch == "\n" else json.dumps(ch)[1:-1] for ch in text)


def signed(value: float) -> str:
    """+2, −2 (a real minus sign is hard to type back, so ASCII), 0."""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:+g}"
    return f"{int(value):+d}" if value else "0"


def csv_line(cells: Sequence[object]) -> str:
    """Cells as one CSV line (no line end), no text a spreadsheet would run (see `safe_cells`)."""
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="").writerow(safe_cells(cells))
    return buffer.getvalue()


def safe_cells(cells: Sequence[object]) -> list[object]:
    """Cells for a CSV file: each text made harmless (game.formula), numbers as they are."""
    return [harmless(cell) if isinstance(cell, str) else cell for cell in cells]


def simple_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Text cells in tabulate's "simple" format, the first column to the left, the others to
    the right (read as text: "+2" stays "+2")."""
    aligned = ["left", *["right"] * (len(headers) - 1)]
    return tabulate(rows, headers=headers, colalign=aligned, disable_numparse=True)


def heading_text(title: str, date: str) -> str:
    """`Wtorek u Ani · 2026-12-01`, the title or the date alone, or empty."""
    return " · ".join(part for part in (title, date) if part)
