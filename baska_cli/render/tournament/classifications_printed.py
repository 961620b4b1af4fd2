"""The printable team classification and the standings of every category: one page (or
more) per list, as self-contained HTML in the interface language, on A4 portrait."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.i18n import _, language
from baska_cli.render.templates import environment

NUMERIC = ("place", "place points", "total", "tables won")  # the headers set to the right


@dataclass(frozen=True, slots=True)
class Section:
    """One list of a page: its heading, a line on how it is ordered, headers and cells."""

    heading: str
    note: str
    headers: Sequence[str]
    rows: Sequence[Sequence[str]]

    @property
    def numeric(self) -> set[int]:
        """The columns of numbers."""
        shown = {_(h) for h in NUMERIC}
        return {i for i, h in enumerate(self.headers) if h in shown}


def sections_html(title: str, subtitle: str, sections: Sequence[Section]) -> str:
    """A page of lists, each starting on a new sheet, the header repeated on every sheet."""
    return (
        environment()
        .get_template("tournament_sections.html.j2")
        .render(
            lang=language(),
            orientation="portrait",
            title=title,
            subtitle=subtitle,
            sections=[
                {
                    "heading": s.heading,
                    "note": s.note,
                    "headers": s.headers,
                    "rows": s.rows,
                    "numeric": s.numeric,
                }
                for s in sections
            ],
        )
    )
