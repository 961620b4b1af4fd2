"""A ledger replaced whole or not at all: written beside it, read back as `baska check` would.

The rename is the only moment the old file goes. Windows refuses to replace a file that
another program has open (a spreadsheet, an editor, a backup, sync or antivirus program
that holds it for a moment): the rename is tried again for about a second, then the
refusal is told with the file and its reason, and the old file stays as it was.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Sequence
from typing import IO

from baska_cli.errors import LedgerError
from baska_cli.evening.scorer import Scorer
from baska_cli.files.replace import (
    finish,
    identity,
    real_path,
    replace_file,
    sync_folder,
    temp_prefix,
    temporary,
)
from baska_cli.i18n import N_, _, ngettext, os_reason
from baska_cli.ledger.checker import scan
from baska_cli.ledger.dialect import BOM, encoding_name
from baska_cli.ledger.format import Meta
from baska_cli.ledger.reader import open_ledger

CANNOT_WRITE = N_("cannot write the ledger: {reason}")
CHANGED_NOT_REWRITTEN = N_(
    "the ledger was changed by another program while baska was writing it; it was not rewritten"
)
REMOVED_NOTHING_WRITTEN = N_(
    "the ledger was removed by another program while baska was writing it; nothing was written"
)
NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # (a named pipe put in the ledger's place never blocks)


def refuse_hard_links(st: os.stat_result, path: str) -> None:
    """A ledger with several names (hard links) is not written: each name would have its own
    lock, and a rewrite would leave the other names with the old file."""
    if st.st_nlink > 1:
        raise LedgerError(
            ngettext(
                "the file has {count} name (hard links); baska writes only a ledger with "
                "one name, so that one lock covers it (a symbolic link to it is fine)",
                "the file has {count} names (hard links); baska writes only a ledger with "
                "one name, so that one lock covers it (a symbolic link to it is fine)",
                st.st_nlink,
            ).format(count=st.st_nlink),
            path,
        )


def write_rows(stream: IO[str], meta: Meta, rows: Iterable[Sequence[str]], path: str) -> None:
    """The whole file in the ledger's own dialect (its character set, BOM, separator and
    line end) and format version: metadata, header, rows."""
    write = stream.write
    try:
        for line in meta.lines(rows):
            write(line)
    except UnicodeEncodeError as exc:
        raise unwritable(exc, meta, path) from None


def charset(meta: Meta) -> tuple[str, bytes]:
    """The ledger's character set and its byte order mark (none: empty), for `temporary`."""
    return meta.encoding, BOM if meta.bom else b""


def encode(text: str, meta: Meta, path: str) -> bytes:
    """Text in the ledger's character set, or a LedgerError naming what it cannot hold."""
    try:
        return text.encode(meta.encoding)
    except UnicodeEncodeError as exc:
        raise unwritable(exc, meta, path) from None


def unwritable(exc: UnicodeEncodeError, meta: Meta, path: str) -> LedgerError:
    """The error of a text that the ledger's character set cannot hold."""
    return LedgerError(
        _(
            'cannot write "{text}" in {charset}, the character set of this ledger; save the '
            "ledger as CSV in UTF-8 to use it; nothing was written"
        ).format(text=exc.object[exc.start : exc.end], charset=encoding_name(meta.encoding)),
        path,
    )


def read_back(temp: str, path: str) -> None:
    """Read the written temporary file back as `baska check` would, before it replaces or
    becomes the ledger: a LedgerError about the ledger if baska could not read it itself."""
    try:
        with open_ledger(temp) as reader:
            rules = reader.rules()
            scan(reader, Scorer(reader.meta.players, rules))
    except LedgerError as error:
        problem = error.message
    else:
        if not reader.problems:
            return
        problem = reader.problems[0].message
    raise LedgerError(
        _("the file baska wrote could not be read back ({problem}); nothing was written").format(
            problem=problem
        ),
        path,
    )


def into_place(
    temp: str,
    real: str,
    path: str,
    expected: object,
    keep_old: Callable[[str], str] | None = None,
) -> str | None:
    """Put a written temporary file in the ledger's place: only if it reads back as `baska
    check` would, the ledger is writable, is still the file that was read (`expected`, its
    identity) and has no second name; with the ledger's mode and owner (where allowed, else
    its group). `keep_old(real)`, just before the rename, gives the old file another name
    and returns it (a repair keeps the damaged file): that name, or None."""
    read_back(temp, real)
    os.close(os.open(real, os.O_WRONLY | NONBLOCK))  # a read-only ledger is not replaced
    st = os.stat(real)
    if identity(st) != expected:
        raise LedgerError(_(CHANGED_NOT_REWRITTEN), path)
    refuse_hard_links(st, path)
    if hasattr(os, "chown"):
        with contextlib.suppress(OSError):
            os.chown(temp, st.st_uid, st.st_gid)
        with contextlib.suppress(OSError):
            os.chown(temp, -1, st.st_gid)
    with contextlib.suppress(OSError):
        os.chmod(temp, st.st_mode & 0o777)
    kept = None if keep_old is None else keep_old(real)
    replace_file(temp, real, path)
    return kept


def replace_bytes(
    path: str, data: bytes, expected: object, keep_old: Callable[[str], str] | None = None
) -> str | None:
    """Under the caller's lock: the ledger's whole new content, written to a temporary file
    beside it and put in its place as a rewrite's (see `into_place`): the old file's other
    name that `keep_old` gave it, if any."""
    real = real_path(path)
    folder = temp_prefix(real)[0]
    try:
        with temporary(real, CANNOT_WRITE) as (temp, stream):
            stream.buffer.write(data)
            finish(stream)
            kept = into_place(temp, real, path, expected, keep_old)
        sync_folder(folder)
    except FileNotFoundError:
        raise LedgerError(_(REMOVED_NOTHING_WRITTEN), path) from None
    except OSError as exc:
        raise LedgerError(_(CANNOT_WRITE).format(reason=os_reason(exc)), path) from None
    return kept
