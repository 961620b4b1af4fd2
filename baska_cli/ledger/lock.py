"""A ledger's lock: the sidecar `.NAME.lock` beside its real file, locked with flock.

Whoever may write the ledger may take its lock, in any folder, a sticky shared one (mode
1777, as /tmp) too: the lock file holds nothing, and flock needs no write to it, so a lock
file that another account made (and only it may write or remove, in a sticky folder) is
opened for reading when it cannot be opened for writing. A new lock file gets the ledger's
mode and is readable by everyone. A symbolic link (or anything but a file) at the lock's path
is refused, never followed.

A lock held by another process is waited for; after WAIT_NOTICE seconds the waiting is told
once — on standard error, unless a front end gave `tell_waits` another callback — and Ctrl-C
stops it (KeyboardInterrupt, the lock untouched). Where flock is missing (Windows),
the `filelock` library locks instead.
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
import time
from collections.abc import Callable, Iterator

from baska_cli.errors import LedgerError
from baska_cli.files.kind import kind_of
from baska_cli.files.replace import umask
from baska_cli.i18n import _, os_reason

try:
    import fcntl
except ImportError:  # (Windows)
    fcntl = None  # type: ignore[assignment]

WAIT_NOTICE = 0.5  # seconds of waiting for a lock before the waiting is told
POLL = 0.05  # seconds between two tries of a lock held by another process
_FLAGS = os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def say_wait(path: str, lock: str) -> None:
    """Say on standard error that the ledger's lock is held by another process."""
    with contextlib.suppress(OSError, ValueError, UnicodeError):
        sys.stderr.write(
            _(
                "{path}: waiting: another program is writing this ledger (it holds the lock "
                "{lock}); Ctrl-C stops waiting"
            ).format(path=path, lock=lock)
            + "\n"
        )
        sys.stderr.flush()


_told: list[Callable[[str, str], None]] = [say_wait]  # told of a wait (ledger, lock file)


def tell_waits(callback: Callable[[str, str], None] | None) -> None:
    """Who is told, once per wait, that a lock is held by another process: `callback(the
    ledger's name as given, the lock file)` (`say_wait` unless told otherwise); None: nobody."""
    _told.clear()
    if callback is not None:
        _told.append(callback)


def lock_path(real: str) -> str:
    """The sidecar lock `.NAME.lock` beside the ledger (a rename replaces the ledger's inode)."""
    folder, name = os.path.split(os.path.abspath(real))
    return os.path.join(folder, f".{name}.lock")


def lock_mode(real: str) -> int:
    """A new lock file's mode: the ledger's (for a ledger not yet created, 0o666 less the
    umask), readable by everyone (flock needs only reading) and writable by its owner."""
    try:
        mode = os.stat(real).st_mode & 0o666
    except OSError:
        mode = 0o666 & ~umask()
    return mode | 0o644


@contextlib.contextmanager
def hold(
    path: str,
    real: str,
    lock: str = "",
    told: Callable[[str, str], None] | None = None,
) -> Iterator[None]:
    """Hold the exclusive lock of the ledger `path` (its real file `real`) for the block;
    `lock`: a lock file other than the ledger's sidecar (a folder's, inside it), `told`:
    who is told of a wait instead of those `tell_waits` named."""
    lock, mode = lock or lock_path(real), lock_mode(real)
    _refuse_odd_lock_file(lock, mode, path)
    tellers = _told if told is None else [told]
    if fcntl is None:
        with _filelock(lock, mode, path, tellers):
            yield
        return
    fd = _flocked(lock, mode, path, tellers)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


def _refuse_odd_lock_file(lock: str, mode: int, path: str) -> None:
    """Refuse a lock path that is a symbolic link (or not a file); give an own lock file that
    is missing bits of `mode` (made by an older baska) those bits."""
    try:
        st = os.lstat(lock)
    except OSError:
        return
    kind = _("a symbolic link") if stat.S_ISLNK(st.st_mode) else kind_of(st.st_mode)
    if kind is not None:
        raise LedgerError(
            _(
                "cannot lock the ledger: its lock file {lock} is {kind}; baska does not follow "
                "or use it (remove it if you did not make it)"
            ).format(lock=lock, kind=kind),
            path,
        )
    if st.st_mode & mode != mode and getattr(os, "geteuid", lambda: -1)() == st.st_uid:
        with contextlib.suppress(OSError):
            os.chmod(lock, stat.S_IMODE(st.st_mode) | mode)


def _open(lock: str, mode: int, path: str) -> int:
    """The lock file open: made now, or opened for writing, else for reading (another
    account's lock file in a sticky folder), never through a link."""
    try:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_EXCL | _FLAGS, mode)
        except FileExistsError:
            pass
        else:
            with contextlib.suppress(OSError):
                os.fchmod(fd, mode)  # (the umask took bits away)
            return fd
        try:
            return os.open(lock, os.O_RDWR | _FLAGS)
        except PermissionError:
            return os.open(lock, os.O_RDONLY | _FLAGS)
    except OSError as exc:
        raise LedgerError(
            _(
                "cannot lock the ledger: its lock file {lock} can be neither made nor opened: "
                "{reason}"
            ).format(lock=lock, reason=os_reason(exc)),
            path,
        ) from None


def _flocked(lock: str, mode: int, path: str, tellers: list[Callable[[str, str], None]]) -> int:
    """The lock file open and locked (waited for, the wait told once); its descriptor."""
    waited_since, told = time.monotonic(), False
    while True:
        fd = _open(lock, mode, path)
        try:
            while True:
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                    break
                except BlockingIOError:
                    if not told and time.monotonic() - waited_since >= WAIT_NOTICE:
                        told = True
                        for callback in tellers:
                            callback(path, lock)
                    time.sleep(POLL)
            if _same_file(fd, lock):
                return fd
        except OSError as exc:
            os.close(fd)
            raise LedgerError(
                _("cannot lock the ledger: {reason}").format(reason=os_reason(exc)), path
            ) from None
        except BaseException:
            os.close(fd)
            raise
        os.close(fd)  # (the lock file was removed or replaced meanwhile: lock the new one)


def _same_file(fd: int, lock: str) -> bool:
    """Whether the locked descriptor is still the file at the lock's path."""
    try:
        return os.path.samestat(os.fstat(fd), os.lstat(lock))
    except OSError:
        return False


@contextlib.contextmanager
def _filelock(
    lock: str, mode: int, path: str, tellers: list[Callable[[str, str], None]]
) -> Iterator[None]:
    """The lock through `filelock`, where flock is missing; the wait told as above."""
    from filelock import FileLock, Timeout  # (only here: where flock is missing)

    held = FileLock(lock, mode=mode)
    try:
        try:
            held.acquire(timeout=WAIT_NOTICE)
        except Timeout:
            for callback in tellers:
                callback(path, lock)
            held.acquire()
    except OSError as exc:
        raise LedgerError(
            _("cannot lock the ledger: {reason}").format(reason=os_reason(exc)), path
        ) from None
    try:
        yield
    finally:
        held.release()
