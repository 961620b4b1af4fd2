"""render/spool.py: output held until its last line is made, then handed out in pieces."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from baska_cli.render.spool import PIECE, SPOOL_MEMORY, spooled


def test_the_lines_come_back_whole_each_with_its_end() -> None:
    lines = [f"line {i} ąść\r" for i in range(SPOOL_MEMORY // 8)]  # past memory: a file
    pieces = list(spooled(lines))
    assert all(len(piece) <= PIECE for piece in pieces)
    assert "".join(pieces) == "".join(f"{line}\n" for line in lines)
    assert "".join(spooled(["<a>", "<b>"], end="")) == "<a><b>"


def test_nothing_comes_out_when_a_line_cannot_be_made() -> None:
    def broken() -> Iterator[str]:
        yield "a line"
        raise ValueError("the ledger changed")

    out = spooled(broken())
    with pytest.raises(ValueError):
        next(out)
