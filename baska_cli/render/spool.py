"""Output held until it is whole: lines go to a spool (in memory, then a temporary file past
a megabyte) and come back out in pieces once the last is made, so a ledger that turns out
broken (or changes) while it is read again prints nothing, and memory stays flat."""

from __future__ import annotations

import tempfile
from collections.abc import Iterable, Iterator

SPOOL_MEMORY = 1 << 20  # characters a spool keeps in memory before it moves to a file
PIECE = 1 << 16  # characters handed out at a time


def spooled(lines: Iterable[str], end: str = "\n") -> Iterator[str]:
    """The lines, each followed by `end` (a line end), in pieces once every line is made."""
    with tempfile.SpooledTemporaryFile(SPOOL_MEMORY, "w+", encoding="utf-8", newline="") as spool:
        for line in lines:
            spool.write(line)
            spool.write(end)
        spool.seek(0)
        while piece := spool.read(PIECE):
            yield piece
