"""A file replaced whole or not at all: a temporary file beside it, synced, renamed.

The rename is the only moment the old file goes. Windows refuses to replace a file that
another program has open (a spreadsheet, an editor, a backup, sync or antivirus program
that holds it for a moment): the rename is tried again for about a second, then the
refusal is told with the file and its reason, and the old file stays as it was. Used for
ledgers (ledger/atomic.py adds reading back), tournament files and pages alike.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
import tempfile
import time
from collections.abc import Iterator
from typing import IO, Any, TextIO

from baska_cli.errors import LedgerError
from baska_cli.i18n import N_, _, os_reason

REPLACE_TRIES = 20  # a rename refused (the file held open) is tried again this many times …
REPLACE_PAUSE = 0.05  # … this many seconds apart: about a second in all


def real_path(path: str) -> str:
    """The file's real path: every symbolic link in its name resolved, once per write."""
    return os.path.realpath(path)


def temp_prefix(path: str) -> tuple[str, str]:
    """The folder and the name prefix of the ledger's temporary files (`.NAME.baska-….tmp`)."""
    folder, name = os.path.split(os.path.abspath(path))
    return folder, f".{name}.baska-"


TEMP_NAME = re.compile(r"\..+\.baska-[a-z0-9_]{8}\.tmp\Z")  # any file's (mkstemp's 8 letters)


def is_temp(name: str, prefix: str = "") -> bool:
    """Whether a file name is one of baska's temporary files (of the file whose `temp_prefix`
    is `prefix`, if given)."""
    if prefix and not (name.startswith(prefix) and len(name) == len(prefix) + 12):
        return False
    return TEMP_NAME.match(name) is not None


def remove_temps(folder: str, prefix: str = "") -> tuple[str, ...]:
    """Remove baska's temporary files from a folder (those of one file: `prefix`), each a
    regular file, none through a link; the names removed. Only where no writer of them can
    be at work: a temporary file there was left by a writer that was killed."""
    gone = []
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if is_temp(entry.name, prefix) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)
                    gone.append(entry.name)
    return tuple(gone)


def remove_stale_temps(path: str) -> None:
    """Under the lock no other writer of this file is at work: a temporary file of its is
    left by a writer that was killed, and goes."""
    remove_temps(*temp_prefix(path))


def sync_folder(folder: str) -> None:
    """Make the names made in a folder durable: a rename, or many `create(…, sync=False)`
    (where the system can sync a folder; Windows cannot)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


@contextlib.contextmanager
def temporary(
    path: str, failure: str, encoding: str = "utf-8", bom: bytes = b""
) -> Iterator[tuple[str, TextIO]]:
    """A new temporary file beside `path`, open for writing in `encoding` (after `bom`, a
    ledger's byte order mark); removed on the way out unless it was moved into place: its
    name and its stream (see `finish`). `failure` is the message (marked with N_, a
    `{reason}` in it) if the file cannot be made."""
    folder, prefix = temp_prefix(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    except OSError as exc:
        raise LedgerError(_(failure).format(reason=os_reason(exc)), path) from None
    try:
        if bom:
            os.write(fd, bom)
        with os.fdopen(fd, "w", encoding=encoding, newline="") as stream:
            yield temp, stream
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def finish(stream: IO[Any]) -> None:
    """Flush, sync and close a temporary file written whole."""
    stream.flush()
    os.fsync(stream.fileno())
    stream.close()


def replace_file(temp: str, real: str, path: str) -> None:
    """Rename `temp` over `real`; a refusal (the file held open by another program, as on
    Windows) is tried again for about a second, then raises a LedgerError saying so."""
    for attempt in range(REPLACE_TRIES):
        try:
            os.replace(temp, real)
            return
        except PermissionError as exc:
            if attempt + 1 == REPLACE_TRIES:
                raise LedgerError(
                    _(
                        "cannot replace the file with its new version: {reason}; another "
                        "program (a spreadsheet, an editor, a backup, sync or antivirus "
                        "program) may have it open: close it and try again; the file was "
                        "not changed"
                    ).format(reason=os_reason(exc)),
                    path,
                ) from None
            time.sleep(REPLACE_PAUSE)


def replace_text(path: str, text: str) -> None:
    """Write a small text file (a tournament's players, seating, results; a file beside a
    ledger) whole: a temporary file beside it, synced, then renamed over it; the caller
    holds the lock that guards it. The file is either its old self or all of `text`, never
    half of it; a temporary file of its that a killed writer left goes first. A symbolic
    link at its name is refused (`refuse_link`), never followed: the rename replaces the
    name itself, so a link planted after the look is replaced, its target untouched."""
    refuse_link(path)
    folder = temp_prefix(path)[0]
    remove_stale_temps(path)
    try:
        with temporary(path, N_("cannot write the file: {reason}")) as (temp, stream):
            stream.write(text)
            finish(stream)
            with contextlib.suppress(OSError):  # (mkstemp makes it 0o600)
                os.chmod(temp, 0o666 & ~umask())
            replace_file(temp, path, path)
        sync_folder(folder)
    except OSError as exc:
        raise LedgerError(
            _("cannot write the file: {reason}").format(reason=os_reason(exc)), path
        ) from None


LINKED = N_(
    "is a symbolic link; baska writes its own files only in their own place, never through "
    "a link (one could point at any file): remove the link"
)


def refuse_link(path: str) -> None:
    """A LedgerError naming `path` if a symbolic link stands at its name (the folders above
    it may be links: only the file's own name is looked at)."""
    try:
        linked = stat.S_ISLNK(os.lstat(path).st_mode)
    except OSError:
        return  # (missing: made anew; unreadable: the write says why)
    if linked:
        raise LedgerError(_(LINKED), path)


def umask() -> int:
    """The process's umask (from /proc where the system has it, else set and set back)."""
    with (
        contextlib.suppress(OSError, ValueError),
        open("/proc/self/status", encoding="ascii", errors="replace") as status,
    ):
        for line in status:
            if line.startswith("Umask:"):
                return int(line.split()[1], 8)
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def identity(st: os.stat_result) -> tuple[int, ...]:
    """What tells whether a file was replaced or written since it was read."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)
