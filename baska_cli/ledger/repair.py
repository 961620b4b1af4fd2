"""`baska repair`: garbled text put right in place, atomically, the damaged file kept beside it.

Under the ledger's lock the file is read in its own dialect; each line holding garbled text
(see `garbled`) is replaced by what it was, and nothing else changes: no other line, no cell,
no quote, no line end. The result must read back as `baska check` would; only then is the
damaged file given a new name beside it (`NAME.damaged`, or `NAME.damaged-2` … when that is
taken: never overwritten) and the repaired file renamed into place, with the ledger's mode.
"""

from __future__ import annotations

import csv
import os
from dataclasses import dataclass

from baska_cli.errors import LedgerError
from baska_cli.files.kind import NotRegularFile, not_a_file, open_regular_binary
from baska_cli.files.replace import identity
from baska_cli.i18n import _
from baska_cli.ledger.dialect import BOM, sniff
from baska_cli.ledger.garbled import garbled
from baska_cli.ledger.reader import reading
from baska_cli.ledger.store import locked, real_path, replace_bytes

MAX_SIZE = 1 << 28  # a ledger to repair is read whole: 256 MB is far more than any evening


@dataclass(frozen=True, slots=True)
class Repaired:
    """What a repair did: the lines changed (number, old text, new text) and where the
    damaged file was kept (None when nothing was garbled and nothing was written)."""

    path: str
    lines: tuple[tuple[int, str, str], ...]
    kept: str | None


def _fixed_line(line: str, sep: str) -> str | None:
    """The line with its garbled text put right, or None if it holds none."""
    body = line.rstrip("\r\n")
    if body.isascii():
        return None
    whole = garbled(body)
    if whole is not None:
        return whole + line[len(body) :]
    try:
        cells = next(csv.reader([body], delimiter=sep), [])
    except csv.Error:
        return None
    fixes = {cell: fix for cell in cells if (fix := garbled(cell)) is not None}
    if not fixes:
        return None
    for cell in sorted(fixes, key=len, reverse=True):
        body = body.replace(cell, fixes[cell])
    return body + line[len(line.rstrip("\r\n")) :]


def _keep(real: str) -> str:
    """Give the damaged file a second name beside it, never over an existing file."""
    for n in range(1, 1000):
        kept = f"{real}.damaged" if n == 1 else f"{real}.damaged-{n}"
        try:
            os.link(real, kept)
        except FileExistsError:
            continue
        return kept
    raise LedgerError(_("too many damaged copies beside the ledger; remove some"), real)


def repair(path: str) -> Repaired:
    """Put garbled text right (see the module); a LedgerError if the file cannot be read or
    the repaired file would not read back clean."""
    real = real_path(path)
    with locked(path, real):
        try:
            with reading(path), open_regular_binary(real) as raw:
                st = os.fstat(raw.fileno())
                if st.st_size > MAX_SIZE:
                    raise LedgerError(_("the file is too large to repair"), path)
                data = raw.read()
                dialect = sniff(data[: 1 << 16], len(data) <= 1 << 16)
        except NotRegularFile as exc:
            raise LedgerError(
                _("cannot read the ledger: {reason}").format(reason=not_a_file(exc)), path
            ) from None
        body = data[len(BOM) :] if dialect.bom else data
        try:
            text = body.decode(dialect.encoding)
        except UnicodeDecodeError:
            raise LedgerError(
                _("the file is not text in one character set; it cannot be repaired"), path
            ) from None
        lines = text.splitlines(keepends=True)
        changed: list[tuple[int, str, str]] = []
        for i, line in enumerate(lines):
            fixed = _fixed_line(line, dialect.sep)
            if fixed is not None:
                changed.append((i + 1, line.rstrip("\r\n"), fixed.rstrip("\r\n")))
                lines[i] = fixed
        if not changed:
            return Repaired(path, (), None)
        try:
            out = (BOM if dialect.bom else b"") + "".join(lines).encode(dialect.encoding)
        except UnicodeEncodeError:
            raise LedgerError(
                _(
                    "the repaired text cannot be written in this file's character set; save "
                    "the file as CSV in UTF-8 and repair it again"
                ),
                path,
            ) from None
        kept = replace_bytes(path, out, identity(st), _keep)
        assert kept is not None
        return Repaired(path, tuple(changed), _named(path, real, kept))


def _named(path: str, real: str, kept: str) -> str:
    """The kept file's name for messages: beside the ledger as the user named it where that
    is the very file (`evening.csv.damaged`), else its real name (the ledger was a symbolic
    link: the damaged file is beside the link's target, not beside the link)."""
    beside = path + kept[len(real) :]
    try:
        if os.path.samefile(beside, kept):
            return beside
    except OSError:
        pass
    return kept
