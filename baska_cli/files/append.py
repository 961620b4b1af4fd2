"""A line appended to a journal kept beside a ledger or in a tournament's folder: on a line
of its own, never through a symbolic link, never to anything but a regular file."""

from __future__ import annotations

import errno
import os

from baska_cli.errors import LedgerError
from baska_cli.files.kind import kind_of
from baska_cli.files.replace import LINKED, refuse_link
from baska_cli.i18n import _, os_reason

_FLAGS = (
    os.O_RDWR
    | os.O_APPEND
    | os.O_CREAT
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


def append_line(path: str, line: bytes, sync: bool = False, mode: int = 0o600) -> None:
    """Append `line` (ending in a line end) to the file at `path`, made with `mode` if it is
    missing; after a last line torn by a crash it goes on a line of its own. `sync`: synced
    before the call returns. A symbolic link, or anything but a regular file, at `path` is
    refused (a LedgerError naming it), as is a file that cannot be written."""
    refuse_link(path)  # (where the system has no O_NOFOLLOW; else it refuses below)
    try:
        fd = os.open(path, _FLAGS, mode)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise LedgerError(_(LINKED), path) from None
        raise LedgerError(
            _("cannot write the file: {reason}").format(reason=os_reason(exc)), path
        ) from None
    try:
        st = os.fstat(fd)
        kind = kind_of(st.st_mode)
        if kind is not None:
            raise LedgerError(
                _("cannot write the file: {reason}").format(
                    reason=_("it is {kind}, not a file").format(kind=kind)
                ),
                path,
            )
        if st.st_size and os.pread(fd, 1, st.st_size - 1) != b"\n":
            line = b"\n" + line  # (after a line torn by a crash)
        view = memoryview(line)
        while view:
            view = view[os.write(fd, view) :]
        if sync:
            os.fsync(fd)
    except OSError as exc:
        raise LedgerError(
            _("cannot write the file: {reason}").format(reason=os_reason(exc)), path
        ) from None
    finally:
        os.close(fd)
