"""Writing a ledger: the lock, a new file, an append, a rewrite; never a half-written ledger.

Every write holds the ledger's lock (the sidecar file `.NAME.lock`, locked through the
`filelock` library: flock on POSIX, LockFileEx on Windows) and re-reads the whole ledger under
it: a ledger with any problem is never written to. A new file or a rewrite goes to a
temporary file in the same folder, is synced, read back and checked as `baska check` would,
and only then linked or renamed into place; an append writes the row at the end of the very
file that was read and syncs it, or cuts the file back to its old length.
"""

from __future__ import annotations

import contextlib
import csv
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO

from baska_cli.errors import LedgerError
from baska_cli.ledger.checker import check, refuse_if_broken, scan
from baska_cli.ledger.filebytes import ends_with_line_end, identity
from baska_cli.ledger.format import Meta, Tally, csv_line
from baska_cli.ledger.reader import LedgerReader, open_ledger
from baska_cli.rules import RuleSet
from baska_cli.session import Scorer

Build = Callable[[LedgerReader, RuleSet], Sequence[str]]
Transform = Callable[[LedgerReader, RuleSet, Tally], tuple[Meta, Iterable[Sequence[str]]]]

_CHANGED = "the ledger was {} by another program while baska was writing it"


def _lock_path(path: str) -> str:
    """The sidecar lock `.NAME.lock` beside the ledger (a rename replaces the ledger's inode)."""
    folder, name = os.path.split(os.path.abspath(path))
    return os.path.join(folder, f".{name}.lock")


def _temp_prefix(path: str) -> tuple[str, str]:
    """The folder and the name prefix of the ledger's temporary files (`.NAME.baska-….tmp`)."""
    folder, name = os.path.split(os.path.abspath(path))
    return folder, f".{name}.baska-"


def _remove_stale_temps(path: str) -> None:
    """Under the lock no other writer of this ledger is at work: a temporary file of its is
    left by a writer that was killed, and goes (mkstemp adds 8 characters, then `.tmp`)."""
    folder, prefix = _temp_prefix(path)
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            name = entry.name
            if name.startswith(prefix) and name.endswith(".tmp") and len(name) == len(prefix) + 12:
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


@contextlib.contextmanager
def locked(path: str) -> Iterator[None]:
    """Hold an exclusive lock for the ledger while creating, appending or rewriting it."""
    from filelock import FileLock  # (here: the commands that only read never pay its import)

    lock = FileLock(_lock_path(path))
    try:
        lock.acquire()
    except OSError as exc:
        raise LedgerError(f"cannot lock the ledger: {exc.strerror}", path) from None
    try:
        _remove_stale_temps(path)
        yield
    finally:
        lock.release()


def _fsync_dir(folder: str) -> None:
    """Make a rename durable (where the system can sync a folder; Windows cannot)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_rows(stream: IO[str], meta: Meta, rows: Iterable[Sequence[str]]) -> None:
    """The whole file: BOM if the ledger had one, metadata, header, rows."""
    if meta.bom:
        stream.write("\ufeff")
    writer = csv.writer(stream, lineterminator=meta.newline)
    writer.writerows(meta.metadata_rows())
    writer.writerow(meta.header())
    writer.writerows(rows)


@contextlib.contextmanager
def _temporary(path: str, doing: str) -> Iterator[tuple[str, IO[str]]]:
    """A new temporary file beside the ledger, open for writing; removed on the way out
    unless it was moved into place: its name and its stream (see `_finish`)."""
    import tempfile  # (here: check and append, which never write a new file, skip its import)

    folder, prefix = _temp_prefix(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    except OSError as exc:
        raise LedgerError(f"cannot {doing} the ledger: {exc.strerror}", path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
            yield temp, stream
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)


def _finish(stream: IO[str]) -> None:
    """Flush, sync and close a temporary file written whole."""
    stream.flush()
    os.fsync(stream.fileno())
    stream.close()


def _read_back(temp: str, path: str) -> None:
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
        f"the file baska wrote could not be read back ({problem}); nothing was written", path
    )


def create(path: str, meta: Meta) -> None:
    """Write a new, empty ledger; refuse if the file exists (never overwrites)."""
    exists = "the file exists already; a new ledger never overwrites a file"
    if not path:
        raise LedgerError("the ledger's file name is empty; expected e.g. evening.csv")
    if os.path.lexists(path):
        raise LedgerError(exists, path)
    folder, _ = _temp_prefix(path)
    with locked(path):
        try:
            with _temporary(path, "create") as (temp, stream):
                _write_rows(stream, meta, [])
                _finish(stream)
                _read_back(temp, path)
                os.link(temp, path)  # fails if the file appeared meanwhile
            _fsync_dir(folder)
        except FileExistsError:
            raise LedgerError(exists, path) from None
        except OSError as exc:
            raise LedgerError(f"cannot create the ledger: {exc.strerror}", path) from None


def append(path: str, build: Build) -> None:
    """Under the lock: re-read and check the whole ledger, then append the row `build` makes.

    The row goes to the very file that was read (never a new one if the ledger was removed
    meanwhile, never one that another program changed meanwhile); if it cannot be written
    whole and synced, the file is cut back to its old length, so the ledger is unchanged."""
    with locked(path):
        with open_ledger(path) as reader:
            rules = reader.rules()
            scan(reader, Scorer(reader.meta.players, rules))
        refuse_if_broken(reader)
        cells = build(reader, rules)
        newline = reader.meta.newline
        try:
            fd = os.open(path, os.O_RDWR | os.O_APPEND | getattr(os, "O_BINARY", 0))
        except FileNotFoundError:
            raise LedgerError(
                f"{_CHANGED.format('removed')}; the hand was not recorded", path
            ) from None
        except OSError as exc:
            raise LedgerError(f"cannot write the ledger: {exc.strerror}", path) from None
        try:
            st = os.fstat(fd)
            if identity(st) != reader.identity:
                raise LedgerError(
                    f"{_CHANGED.format('changed')}; the hand was not recorded, try again", path
                )
            ends = ends_with_line_end(fd, st.st_size)
            line = ("" if ends else newline) + csv_line(cells, newline)
            _append_whole(fd, line.encode("utf-8"), st.st_size, path)
            if identity(os.stat(path))[:2] != identity(st)[:2]:
                raise LedgerError(f"{_CHANGED.format('replaced')}; the hand was not recorded", path)
        except OSError as exc:
            raise LedgerError(f"cannot write the ledger: {exc.strerror}", path) from None
        finally:
            os.close(fd)


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
            f"cannot write the ledger: {exc.strerror}; the ledger was not changed", path
        ) from None


def rewrite(path: str, transform: Transform, precheck: bool = True) -> LedgerReader:
    """Under the lock: (with precheck) check the whole ledger, refusing if it has a problem;
    then stream it through `transform` into a temporary file that replaces the ledger only
    if no problem was found on the way, and only if the ledger is writable and still the
    file that was read."""
    folder, _ = _temp_prefix(path)
    with locked(path):
        tally = Tally()
        if precheck:
            first = check(path)
            refuse_if_broken(first)
            tally = first.tally
        with open_ledger(path) as reader:
            rules = reader.rules()
            meta, rows = transform(reader, rules, tally)
            try:
                with _temporary(path, "write") as (temp, stream):
                    _write_rows(stream, meta, rows)
                    _finish(stream)
                    refuse_if_broken(reader)
                    _read_back(temp, path)
                    os.close(os.open(path, os.O_WRONLY))  # a read-only ledger is not replaced
                    st = os.stat(path)
                    if identity(st) != reader.identity:
                        raise LedgerError(
                            f"{_CHANGED.format('changed')}; it was not rewritten", path
                        )
                    with contextlib.suppress(OSError):
                        os.chmod(temp, st.st_mode & 0o777)
                    os.replace(temp, path)
                _fsync_dir(folder)
            except FileNotFoundError:
                raise LedgerError(
                    f"{_CHANGED.format('removed')}; nothing was written", path
                ) from None
            except OSError as exc:
                raise LedgerError(f"cannot write the ledger: {exc.strerror}", path) from None
    return reader
