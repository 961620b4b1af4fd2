"""Writing a ledger: the lock, a new file, and a locked ledger to append to or rewrite.

Every write holds the ledger's lock (the sidecar file `.NAME.lock`, ledger/lock.py: flock
on POSIX, the `filelock` library where flock is missing) and re-reads the whole ledger under
it: a ledger with any problem is never written to. A new file or a rewrite goes to a
temporary file in the same folder, is synced, read back and checked as `baska check` would,
and only then linked or renamed into place (ledger/atomic.py); an append writes the row at
the end of the very file that was read and syncs it, or cuts the file back to its old length.

    with open_for_edit(path) as ledger:   # locked, read and checked; no file left open
        ledger.append(cells)              # or: ledger.replace(meta, rows)

Nothing holds a ledger open between two operations: every file opened here is closed
before the block ends, and a rewrite closes its reading of the ledger before the rename
(Windows refuses to replace a file that is open).

Paths: a ledger's name is resolved to its real file once (symbolic links followed): the lock,
the temporary file and the rename belong to that file, so a rewrite through a symbolic link
replaces its target and two names of one file share one lock. A ledger with several hard
links is not written (a lock and a rename cannot cover every name). A symbolic link at the
lock's path is refused, never followed.

Modes: a new ledger gets 0o666 less the umask, as any new file; a rewrite keeps the ledger's
mode and (where allowed) its owner and group; the lock file gets the ledger's mode and is
readable by all, so whoever may write the ledger may take its lock (lock.py).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from baska_cli.errors import LedgerError
from baska_cli.evening.scorer import Scorer
from baska_cli.files.replace import (
    finish,
    identity,
    real_path,
    remove_stale_temps,
    replace_text,
    sync_folder,
    temp_prefix,
    temporary,
    umask,
)
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import N_, _, os_reason
from baska_cli.ledger.atomic import (
    CANNOT_WRITE,
    NONBLOCK,
    REMOVED_NOTHING_WRITTEN,
    charset,
    encode,
    into_place,
    read_back,
    refuse_hard_links,
    replace_bytes,
    write_rows,
)
from baska_cli.ledger.checker import check, refuse_if_broken
from baska_cli.ledger.filebytes import ends_with_line_end
from baska_cli.ledger.format import HAND_QUOTED, Meta, Tally
from baska_cli.ledger.lock import hold
from baska_cli.ledger.reader import LedgerReader, open_ledger

if TYPE_CHECKING:
    from baska_cli.ledger.view import LedgerView

# (written in atomic.py; the tournament and repair write through them under this lock)
__all__ = [
    "LockedLedger",
    "create",
    "locked",
    "open_for_edit",
    "real_path",
    "replace_bytes",
    "replace_text",
    "sync_folder",
]

# what another program did to the ledger while baska was writing it
_REMOVED = N_(
    "the ledger was removed by another program while baska was writing it; the hand was not "
    "recorded"
)
_CHANGED = N_(
    "the ledger was changed by another program while baska was writing it; the hand was not "
    "recorded, try again"
)
_REPLACED = N_(
    "the ledger was replaced by another program while baska was writing it; the hand was not "
    "recorded"
)


@contextlib.contextmanager
def locked(path: str, real: str | None = None, tidy: bool = True) -> Iterator[None]:
    """Hold an exclusive lock for the ledger while creating, appending or rewriting it: the
    lock of its real file (`real`, resolved by the caller, or here; see ledger/lock.py).
    `tidy`: first remove the temporary files a killed writer left (a look through the whole
    folder: an append, which makes none, leaves them to the next rewrite)."""
    real = real_path(path) if real is None else real
    with hold(path, real):
        if tidy:
            remove_stale_temps(real)
        yield


def create(path: str, meta: Meta, sync: bool = True) -> None:
    """Write a new, empty ledger; refuse if the file exists (never overwrites). The file is
    synced before it gets its name; with `sync=False` the folder is not, and the caller
    syncs it once for many new ledgers (`sync_folder`)."""
    exists = _("the file exists already; a new ledger never overwrites a file")
    if not path:
        raise LedgerError(_("the ledger's file name is empty; expected e.g. evening.csv"))
    if os.path.lexists(path):
        raise LedgerError(exists, path)
    real = real_path(path)
    folder = temp_prefix(real)[0]
    with locked(path, real):
        try:
            with temporary(real, N_("cannot create the ledger: {reason}"), *charset(meta)) as (
                temp,
                stream,
            ):
                write_rows(stream, meta, [], path)
                finish(stream)
                with contextlib.suppress(OSError):  # (mkstemp makes it 0o600)
                    os.chmod(temp, 0o666 & ~umask())
                read_back(temp, real)
                _link_new(temp, real)
            if sync:
                sync_folder(folder)
        except FileExistsError:
            raise LedgerError(exists, path) from None
        except OSError as exc:
            raise LedgerError(
                _("cannot create the ledger: {reason}").format(reason=os_reason(exc)), path
            ) from None


def _link_new(temp: str, real: str) -> None:
    """Give the new file `temp` the name `real`, failing if a file has it already: a hard
    link (atomic), or where the system has none (Pyodide in a browser: the ledger's lock is
    held, and nothing but this program opens its files) a look, then a rename."""
    if hasattr(os, "link"):
        os.link(temp, real)  # fails if the file appeared meanwhile
        return
    if os.path.lexists(real):
        raise FileExistsError(real)
    os.rename(temp, real)


class LockedLedger:
    """A ledger under its lock, read (and checked): what an edit needs to know, and the two
    ways to change it, `append` a row or `replace` every row. Made by `open_for_edit`; good
    until its block ends or it is replaced."""

    def __init__(
        self,
        path: str,
        real: str,
        meta: Meta,
        rules: RuleSet,
        tally: Tally,
        identity: tuple[int, ...] | None,
        files: contextlib.ExitStack,
    ) -> None:
        self.path = path  # the name it was asked by
        self.real = real  # its real file (symbolic links resolved): locked, appended, replaced
        self.meta = meta
        self.rules = rules
        self.tally = tally  # (unchecked: nothing counted)
        self.identity = identity  # the file that was read
        self._files = files  # its readers (`reader`), closed when the block ends
        self._readers: list[LedgerReader] = []
        self.written: tuple[int, ...] | None = None  # the file after `append`, as identity()

    def reader(self) -> LedgerReader:
        """A new reader of the ledger, to stream its rows (`checker.verify`): it is closed
        when the block ends, or before the ledger is replaced, whichever comes first."""
        reader = self._files.enter_context(open_ledger(self.path))
        self._readers.append(reader)
        return reader

    def append(self, cells: Sequence[str]) -> None:
        """Append a hand's row to the very file that was read (never a new one if the ledger
        was removed meanwhile, never one that another program changed meanwhile); if it
        cannot be written whole and synced, the file is cut back to its old length, so the
        ledger is unchanged."""
        path, real, meta = self.path, self.real, self.meta
        try:
            fd = os.open(real, os.O_RDWR | os.O_APPEND | NONBLOCK | getattr(os, "O_BINARY", 0))
        except FileNotFoundError:
            raise LedgerError(_(_REMOVED), path) from None
        except OSError as exc:
            raise LedgerError(_(CANNOT_WRITE).format(reason=os_reason(exc)), path) from None
        try:
            st = os.fstat(fd)
            if identity(st) != self.identity:
                raise LedgerError(_(_CHANGED), path)
            refuse_hard_links(st, path)
            ends = ends_with_line_end(fd, st.st_size)
            line = ("" if ends else meta.newline) + meta.line(cells, HAND_QUOTED)
            _append_whole(fd, encode(line, meta, path), st.st_size, path)
            if identity(os.stat(real))[:2] != identity(st)[:2]:
                raise LedgerError(_(_REPLACED), path)
            self.written = identity(os.fstat(fd))
        except OSError as exc:
            raise LedgerError(_(CANNOT_WRITE).format(reason=os_reason(exc)), path) from None
        finally:
            os.close(fd)

    def replace(self, meta: Meta, rows: Iterable[Sequence[str]]) -> None:
        """Write the ledger anew, `meta` then `rows`, to a temporary file that replaces it
        only if its readers found no problem on the way, and only if the ledger is
        writable and still the file that was read. A symbolic link stays: its target is
        replaced. The readers are closed before the rename."""
        path, real = self.path, self.real
        expected = self._readers[-1].identity if self._readers else self.identity
        remove_stale_temps(real)  # (under the lock: a temporary file left is a killed writer's)
        try:
            with temporary(real, CANNOT_WRITE, *charset(meta)) as (temp, stream):
                write_rows(stream, meta, rows, path)
                finish(stream)
                self._files.close()  # (Windows replaces no file that is open)
                for reader in self._readers:
                    refuse_if_broken(reader)
                into_place(temp, real, path, expected)
            sync_folder(temp_prefix(real)[0])
        except FileNotFoundError:
            raise LedgerError(_(REMOVED_NOTHING_WRITTEN), path) from None
        except OSError as exc:
            raise LedgerError(_(CANNOT_WRITE).format(reason=os_reason(exc)), path) from None


@contextlib.contextmanager
def open_for_edit(
    path: str,
    scorer: Callable[[Meta, RuleSet], Scorer] | None = None,
    checked: bool = True,
    known: LedgerView | None = None,
) -> Iterator[LockedLedger]:
    """Lock the ledger and read the whole of it, checked as `baska check` would (`scorer`
    gives the Scorer for its players and rules: `baska play` keeps one per evening, whose
    cache spares scoring the same texts again), refusing it if it has any problem; with
    `checked=False` only its metadata is read (recalc rescores under other rules, and its
    reader tells the problems). `known` is the ledger as the caller last read and checked
    it: if the file under the lock is still that very file (same identity: nothing wrote it
    since), it is not read again. The check's own reading is closed before the block
    begins, the readers the block takes (`LockedLedger.reader`) when it ends: none stays
    open."""
    real = real_path(path)
    with locked(path, real, tidy=False), contextlib.ExitStack() as files:
        if checked and known is not None and known.identity == _identity_now(real):
            yield LockedLedger(
                path, real, known.meta, known.rules, known.tally, known.identity, files
            )
            return
        if checked:
            reader = check(path, scorer)
            refuse_if_broken(reader)
            rules, tally = reader.rules(), reader.tally
        else:
            with open_ledger(path) as reader:
                rules, tally = reader.rules(), Tally()
        yield LockedLedger(path, real, reader.meta, rules, tally, reader.identity, files)


def _identity_now(real: str) -> tuple[int, ...] | None:
    """The ledger file's identity now (None: it cannot be looked at)."""
    try:
        return identity(os.stat(real))
    except OSError:
        return None


def _append_whole(fd: int, data: bytes, size: int, path: str) -> None:
    """Write all of `data` at the end and sync it, or cut the file back to `size` and raise."""
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        os.fsync(fd)
    except OSError as exc:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, size)
            os.fsync(fd)
        raise LedgerError(
            _("cannot write the ledger: {reason}; the ledger was not changed").format(
                reason=os_reason(exc)
            ),
            path,
        ) from None
