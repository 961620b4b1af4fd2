"""Output a legacy 8-bit terminal can show (ISO-8859-2, Windows-1250, ASCII consoles).

Standard output and error that do not speak UTF-8 write every character they have as it is
(Polish letters exist in ISO-8859-2 and Windows-1250) and each other one as its nearest plain
form: a dash for `—` and `–`, `|` and `-` for box lines, `x` for `×`, `5` for `⁵`, `l` for
`ł` in ASCII; never "the output could not be written".
"""

from __future__ import annotations

import codecs
import sys
import unicodedata
from typing import IO, Any

_PLAIN = {
    "—": "-", "–": "-", "−": "-", "‐": "-", "‑": "-", "…": "...", "„": '"', "”": '"',
    "“": '"', "»": '"', "«": '"', "‘": "'", "’": "'", "‚": ",", "×": "x", "·": ".",
    "•": "*", "│": "|", "║": "|", "─": "-", "═": "=", "┼": "+", "├": "+", "┤": "+",
    "┬": "+", "┴": "+", "┌": "+", "┐": "+", "└": "+", "┘": "+", "→": "->", "←": "<-",
    "↑": "^", "↓": "v", "≥": ">=", "≤": "<=", "≠": "!=", "✓": "v", "✗": "x", "°": "o",
    "ł": "l", "Ł": "L", "ß": "ss", "æ": "ae", "Æ": "AE", "ø": "o", "Ø": "O", "đ": "d",
    "Đ": "D", "▁": "_", "▂": "_", "▃": "=", "▄": "=", "▅": "+", "▆": "+", "▇": "#",
    "█": "#", "\u00a0": " ", "\u202f": " ", "\u2009": " ",
}  # fmt: skip


def plain(ch: str, encoding: str) -> str:
    """A character as a terminal in `encoding` can show it: itself, its plain form, its
    letter without the accent, or `?`."""
    for form in (ch, _PLAIN.get(ch, ""), unicodedata.normalize("NFKD", ch)):
        form = "".join(c for c in form if not unicodedata.combining(c))
        if form and _fits(form, encoding):
            return form
    return "?"


def _fits(text: str, encoding: str) -> bool:
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return False
    return True


def plain_text(text: str, encoding: str) -> str:
    """A text in the characters `encoding` has (see `plain`)."""
    if _fits(text, encoding):
        return text
    return "".join(ch if _fits(ch, encoding) else plain(ch, encoding) for ch in text)


class PlainText:
    """A text stream that writes through another, every character made one its encoding
    has. (It offers no `buffer`: Click would write UTF-8 bytes to an ASCII one's.)"""

    def __init__(self, stream: IO[str], encoding: str) -> None:
        self.stream = stream
        self.encoding = encoding

    def write(self, text: str) -> int:
        """Write the text in characters the stream's encoding has."""
        self.stream.write(plain_text(text, self.encoding))
        return len(text)

    def __getattr__(self, name: str) -> Any:
        if name == "buffer":  # (Click writes to a stream's bytes if it has them)
            raise AttributeError(name)
        return getattr(self.stream, name)


def _legacy(stream: Any) -> str | None:
    """The codec of a text stream that does not speak UTF-8 (None if it does or is unknown)."""
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return None
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return None
    return None if name.startswith("utf") else name


def plain_streams() -> None:
    """Make standard output and error write what a non-UTF-8 terminal can show."""
    for which in ("stdout", "stderr"):
        stream = getattr(sys, which)
        name = _legacy(stream)
        if name is None:
            continue
        setattr(sys, which, PlainText(stream, name))
