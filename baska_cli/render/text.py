"""Small text helpers shared by the renderers: signed numbers, CSV, a plain table, statuses."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any

from baska_cli.i18n import N_, _


def tabulate(*args: Any, **kwargs: Any) -> str:
    """tabulate.tabulate, imported on first use without wcwidth: prompt_toolkit (for
    `baska play`) installs wcwidth, whose import costs tens of milliseconds, and tabulate
    would load it at every table; baska lays text out by characters (`len`) everywhere, so
    the tables stay as they were and `baska score` stays quick. wcwidth remains importable
    afterwards (prompt_toolkit imports it in `play`)."""
    if "tabulate" not in sys.modules:
        hidden = "wcwidth" not in sys.modules
        if hidden:
            sys.modules["wcwidth"] = None  # type: ignore[assignment]  # (import fails)
        try:
            import tabulate  # noqa: F401  (imported for sys.modules)
        finally:
            if hidden:
                del sys.modules["wcwidth"]
    import tabulate as module

    result: str = module.tabulate(*args, **kwargs)
    return result


# a row's status as the sheet shows it (the ledger file keeps the English word)
STATUS_SHOWN = {"void": N_("void"), "amended": N_("amended"), "undone": N_("undone")}


def status_shown(status: str) -> str:
    """A row's status (void, amended, undone) in the interface language."""
    return _(STATUS_SHOWN[status]) if status in STATUS_SHOWN else status


def signed(value: float) -> str:
    """+2, −2 (a real minus sign is hard to type back, so ASCII), 0."""
    if isinstance(value, float) and not value.is_integer():
        return f"{value:+g}"
    return f"{int(value):+d}" if value else "0"


def csv_line(cells: Sequence[object]) -> str:
    """Cells as one CSV line (no line end)."""
    import csv
    import io

    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="").writerow(cells)
    return buffer.getvalue()


def simple_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Text cells as tabulate's "simple" format lays them out (the first column to the left,
    the others to the right), without importing tabulate: recalc prints one small table after
    reading a whole ledger, and tabulate's import costs more than the table is worth."""
    widths = [
        max(len(header) + 2, *(len(row[i]) for row in rows)) for i, header in enumerate(headers)
    ]

    def line(cells: Sequence[str]) -> str:
        return "  ".join(
            cell.ljust(width) if i == 0 else cell.rjust(width)
            for i, (cell, width) in enumerate(zip(cells, widths, strict=True))
        )

    return "\n".join([line(headers), "  ".join("-" * w for w in widths), *map(line, rows)])
