"""A ledger file as bytes: line ends, over-long lines, the line of undecodable text, identity.

Portable: where the system has no `os.pread` (Windows), a file is read at an offset with
`lseek` and `read`.
"""

from __future__ import annotations

import codecs
import os

from baska_cli.files.kind import NotRegularFile, open_regular_binary
from baska_cli.ledger.format import MAX_LINE


def read_at(fileno: int, size: int, offset: int) -> bytes:
    """Up to `size` bytes at `offset` (os.pread where the system has it; Windows has not)."""
    pread = getattr(os, "pread", None)
    if pread is not None:
        return bytes(pread(fileno, size, offset))
    os.lseek(fileno, offset, os.SEEK_SET)
    return os.read(fileno, size)


def line_breaks(data: bytes, after_cr: bool) -> int:
    """How many line ends (CR, LF, CRLF) `data` holds; an LF right after a CR is the same one."""
    count = data.count(b"\n")
    if b"\r" in data:  # (a quick find: most files hold none)
        count += data.count(b"\r") - data.count(b"\r\n")
    return count - 1 if after_cr and data.startswith(b"\n") else count


def undecodable_line(path: str, encoding: str = "utf-8") -> int | None:
    """The physical line (ended by CR, LF or CRLF) of the first bytes that are not text in
    `encoding`."""
    decoder = codecs.getincrementaldecoder(encoding)()
    line, after_cr = 1, False
    try:
        with open_regular_binary(path) as raw:
            while True:
                piece = raw.read(1 << 16)
                try:
                    decoder.decode(piece, final=not piece)
                except UnicodeDecodeError as exc:
                    head = piece[: max(exc.start - (len(exc.object) - len(piece)), 0)]
                    return line + line_breaks(head, after_cr)
                if not piece:
                    return None
                line += line_breaks(piece, after_cr)
                after_cr = piece.endswith(b"\r")
    except (OSError, NotRegularFile):
        return None


def breaks_before(fileno: int, offset: int) -> int:
    """How many line ends the file holds before `offset` (read a megabyte at a time)."""
    count, pos, after_cr = 0, 0, False
    while pos < offset:
        data = read_at(fileno, min(1 << 20, offset - pos), pos)
        if not data:
            break
        count += line_breaks(data, after_cr)
        after_cr = data.endswith(b"\r")
        pos += len(data)
    return count


def first_long_line(fileno: int) -> int | None:
    """The first physical line longer than MAX_LINE bytes, found without holding it.

    The file is read in windows of MAX_LINE // 2 bytes; each costs a few C-level finds, and
    a line is measured from the last line end seen to the next one.
    """
    size = os.fstat(fileno).st_size
    if size < MAX_LINE:
        return None
    window, pos, begin = MAX_LINE // 2, 0, 0  # begin: where the current line starts
    while pos < size:
        chunk = read_at(fileno, window, pos)
        if not chunk:
            break
        last = max(chunk.rfind(b"\n"), chunk.rfind(b"\r"))
        if last < 0:
            end = pos + len(chunk)
        else:
            end = pos + min(i for i in (chunk.find(b"\n"), chunk.find(b"\r")) if i >= 0)
        if end - begin > MAX_LINE - 1:
            return 1 + breaks_before(fileno, begin)
        if last >= 0:
            begin = pos + last + 1
        pos += len(chunk)
    return None


def ends_with_line_end(fileno: int, size: int) -> bool:
    """Whether a file of `size` bytes ends with a line end (an empty file counts as ended)."""
    return size == 0 or read_at(fileno, 1, size - 1) in (b"\n", b"\r")
