"""Secret keys kept in a file of their own (mode 0600): read when there, made when not."""

from __future__ import annotations

import contextlib
import os
import secrets

from baska_cli.errors import LedgerError
from baska_cli.files.kind import NotRegularFile, kind_of, not_a_file
from baska_cli.i18n import _

KEY_BYTES = 16  # random bytes of a key (22 characters in a link)


def kept_key(path: str, owner: str, size: int = KEY_BYTES) -> str:
    """The key kept in `path`, or a new one from `secrets`, kept there (readable by its
    owner only). `owner` is the file a problem is told of (the ledger, the tournament)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
        kind = kind_of(os.fstat(fd).st_mode)
    except FileNotFoundError:
        return _new_key(path, owner, size)
    except OSError as error:
        raise LedgerError(_unreadable(path, error.strerror or str(error)), owner) from None
    if kind is not None:
        os.close(fd)
        raise LedgerError(_unreadable(path, not_a_file(NotRegularFile(kind))), owner)
    with os.fdopen(fd, encoding="ascii", errors="replace") as file:
        key = file.read().strip()
    if len(key) < 16 or not key.isascii():
        os.unlink(path)
        return _new_key(path, owner, size)
    return key


def _unreadable(path: str, reason: str) -> str:
    return _("cannot read the table's key {file}: {reason}").format(file=path, reason=reason)


def keep_key(path: str, key: str) -> None:
    """Write `key` to `path` if the file is missing (a key deleted, written back by the
    process that holds it); a file there is left as it is."""
    if not os.path.lexists(path):
        with contextlib.suppress(OSError):
            _new_key(path, path, 0, key)


def _new_key(path: str, owner: str, size: int, key: str | None = None) -> str:
    """A new key (`key`, or a random one of `size` bytes), written to `path` by this call
    only; if another process made the file first, its key."""
    key = key or secrets.token_urlsafe(size)
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return kept_key(path, owner, size)
    except OSError as error:
        raise LedgerError(_unreadable(path, error.strerror or str(error)), owner) from None
    with os.fdopen(fd, "w", encoding="ascii") as file:
        file.write(key + "\n")
        file.flush()
        os.fsync(file.fileno())
    return key
