"""Text a spreadsheet would run as a formula, whichever separator it splits a line on.

A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or a carriage
return, which some strip first) as a formula. A file is not always split on the separator it
was written with: Polish Excel and LibreOffice split a comma file on `;`, others on tabs, so
every piece of a text that follows a `,`, `;`, tab or line break starts a cell too (after any
spaces and quotes, which a spreadsheet may take off). A piece
that is a plain number (`-2`, `+12`, the `-3]` of a list) or a lone `+` or `-` is no formula.
"""

from __future__ import annotations

import re

STARTS = "=+-@"  # a cell starting with one of these runs as a formula
SPLITS = ",;\t\r\n"  # where a spreadsheet may split a line into cells
_PIECE = re.compile(r'(?:\A|[,;\t\r\n])[ "]*+([=+\-@][^,;\t\r\n]*)')
_HARMLESS = re.compile(r"[+-]?[0-9]+(?:\.[0-9]+)?[ \])]*|[+-][ ]*")
_BREAKS = re.compile(r"[\t\r\n\v\f\x1c-\x1e\x85\u2028\u2029]")


def formula_in(text: str) -> str | None:
    """The first piece of the text that a spreadsheet would run as a formula, or None."""
    if text[:1] in ("\t", "\r"):
        return text
    for match in _PIECE.finditer(text):
        piece = match.group(1)
        if _HARMLESS.fullmatch(piece) is None:
            return piece
    return None


def runs_as_formula(text: str) -> bool:
    """Whether a spreadsheet would run some cell of this text as a formula."""
    return formula_in(text) is not None


def harmless(text: str) -> str:
    """Free text made safe for a CSV cell: line breaks and tabs as spaces, and a `'` before
    every piece that would run as a formula (`'=SUM(A1)`), as a spreadsheet shows typed text."""
    text = _BREAKS.sub(" ", text)
    if not runs_as_formula(text):
        return text
    out: list[str] = []
    done = 0
    for match in _PIECE.finditer(text):
        piece = match.group(1)
        if _HARMLESS.fullmatch(piece) is None:
            out += [text[done : match.start(1)], "'"]
            done = match.start(1)
    out.append(text[done:])
    return "".join(out)
