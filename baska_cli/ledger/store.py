"""Writing a ledger: the lock, a new file, an append, a rewrite; never a half-written ledger.

Every write holds the ledger's lock (the sidecar file `.NAME.lock`, locked through the
`filelock` library: flock on POSIX, LockFileEx on Windows) and re-reads the whole ledger under
it: a ledger with any problem is never written to. A new file or a rewrite goes to a
temporary file in the same folder, is synced, read back and checked as `baska check` would,
and only then linked or renamed into place; an append writes the row at the end of the very
file that was read and syncs it, or cuts the file back to its old length.

Paths: a ledger's name is resolved to its real file once (symbolic links followed): the lock,
the temporary file and the rename belong to that file, so a rewrite through a symbolic link
replaces its target and two names of one file share one lock. A ledger with several hard
links is not written (a lock and a rename cannot cover every name). A symbolic link at the
lock's path is refused, never followed.

Modes: a new ledger gets 0o666 less the umask, as any new file; a rewrite keeps the ledger's
mode and (where allowed) its owner and group; the lock file gets the ledger's mode, so whoever
may write the ledger may take its lock.
"""

from __future__ import annotations

import contextlib
import os
import stat
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, TextIO

from baska_cli.errors import LedgerError
from baska_cli.evening.scorer import Scorer
from baska_cli.filekind import kind_of
from baska_cli.game.rules import RuleSet
from baska_cli.i18n import N_, _, ngettext, os_reason
from baska_cli.ledger.checker import check, refuse_if_broken, scan
from baska_cli.ledger.dialect import BOM, encoding_name
from baska_cli.ledger.filebytes import ends_with_line_end, identity
from baska_cli.ledger.format import HAND_QUOTED, Meta, Tally
from baska_cli.ledger.reader import LedgerReader, open_ledger

Build = Callable[[LedgerReader, RuleSet], Sequence[str]]
Transform = Callable[[LedgerReader, RuleSet, Tally], tuple[Meta, Iterable[Sequence[str]]]]

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
_CHANGED_NOT_REWRITTEN = N_(
    "the ledger was changed by another program while baska was writing it; it was not rewritten"
)
_REMOVED_NOTHING_WRITTEN = N_(
    "the ledger was removed by another program while baska was writing it; nothing was written"
)
_CANNOT_WRITE = N_("cannot write the ledger: {reason}")
_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # (a named pipe put in the ledger's place never blocks)


def _lock_path(path: str) -> str:
    """The sidecar lock `.NAME.lock` beside the ledger (a rename replaces the ledger's inode)."""
    folder, name = os.path.split(os.path.abspath(path))
    return os.path.join(folder, f".{name}.lock")


def real_path(path: str) -> str:
    """The ledger's real file: every symbolic link in its name resolved, once per write."""
    return os.path.realpath(path)


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


def _lock_mode(real: str) -> int:
    """The lock file's mode: the ledger's (its owner may always write it), or, for a ledger
    not yet created, 0o666 less the umask; whoever may write the ledger may take the lock."""
    try:
        return (os.stat(real).st_mode & 0o666) | 0o600
    except OSError:
        return 0o666 & ~umask() | 0o600


def _check_lock_file(lock: str, mode: int, path: str) -> None:
    """Refuse a lock path that is a symbolic link (or not a file); give an own lock file that
    is missing write bits the ledger has (made by an older baska) the ledger's mode."""
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
    if st.st_mode & 0o777 != mode and getattr(os, "geteuid", lambda: -1)() == st.st_uid:
        with contextlib.suppress(OSError):
            os.chmod(lock, mode)


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
def locked(path: str, real: str | None = None) -> Iterator[None]:
    """Hold an exclusive lock for the ledger while creating, appending or rewriting it: the
    lock of its real file (`real`, resolved by the caller, or here)."""
    from filelock import FileLock  # (here: the commands that only read never pay its import)

    real = real_path(path) if real is None else real
    lock_path, mode = _lock_path(real), _lock_mode(real)
    _check_lock_file(lock_path, mode, path)
    lock = FileLock(lock_path, mode=mode)
    try:
        lock.acquire()
    except OSError as exc:
        raise LedgerError(
            _("cannot lock the ledger: {reason}").format(reason=os_reason(exc)), path
        ) from None
    try:
        _remove_stale_temps(real)
        yield
    finally:
        lock.release()


def _refuse_hard_links(st: os.stat_result, path: str) -> None:
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


def _fsync_dir(folder: str) -> None:
    """Make a rename durable (where the system can sync a folder; Windows cannot)."""
    with contextlib.suppress(OSError):
        fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def _write_rows(stream: IO[str], meta: Meta, rows: Iterable[Sequence[str]], path: str) -> None:
    """The whole file in the ledger's own dialect (its character set, BOM, separator and
    line end) and format version: metadata, header, rows."""
    write = stream.write
    try:
        for line in meta.lines(rows):
            write(line)
    except UnicodeEncodeError as exc:
        raise _unwritable(exc, meta, path) from None


@contextlib.contextmanager
def _temporary(path: str, failure: str, meta: Meta | None = None) -> Iterator[tuple[str, TextIO]]:
    """A new temporary file beside the ledger, open for writing in the ledger's character
    set (after its BOM, if it has one); removed on the way out unless it was moved into
    place: its name and its stream (see `_finish`). `failure` is the message (marked with
    N_, a `{reason}` in it) if the file cannot be made."""
    import tempfile  # (here: check and append, which never write a new file, skip its import)

    folder, prefix = _temp_prefix(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    except OSError as exc:
        raise LedgerError(_(failure).format(reason=os_reason(exc)), path) from None
    encoding = "utf-8" if meta is None else meta.encoding
    try:
        if meta is not None and meta.bom:
            os.write(fd, BOM)
        with os.fdopen(fd, "w", encoding=encoding, newline="") as stream:
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
        _("the file baska wrote could not be read back ({problem}); nothing was written").format(
            problem=problem
        ),
        path,
    )


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
    folder, _name = _temp_prefix(real)
    with locked(path, real):
        try:
            with _temporary(real, N_("cannot create the ledger: {reason}"), meta) as (
                temp,
                stream,
            ):
                _write_rows(stream, meta, [], path)
                _finish(stream)
                with contextlib.suppress(OSError):  # (mkstemp makes it 0o600)
                    os.chmod(temp, 0o666 & ~umask())
                _read_back(temp, real)
                os.link(temp, real)  # fails if the file appeared meanwhile
            if sync:
                _fsync_dir(folder)
        except FileExistsError:
            raise LedgerError(exists, path) from None
        except OSError as exc:
            raise LedgerError(
                _("cannot create the ledger: {reason}").format(reason=os_reason(exc)), path
            ) from None


def append(
    path: str, build: Build, scorer: Callable[[Meta, RuleSet], Scorer] | None = None
) -> None:
    """Under the lock: re-read and check the whole ledger, then append the row `build` makes
    (`scorer` gives the Scorer for the ledger's players and rules: a caller that appends
    many hands keeps one, whose cache spares scoring the same texts again).

    The row goes to the very file that was read (never a new one if the ledger was removed
    meanwhile, never one that another program changed meanwhile); if it cannot be written
    whole and synced, the file is cut back to its old length, so the ledger is unchanged."""
    real = real_path(path)
    with locked(path, real):
        with open_ledger(path) as reader:
            rules = reader.rules()
            scan(
                reader, scorer(reader.meta, rules) if scorer else Scorer(reader.meta.players, rules)
            )
        refuse_if_broken(reader)
        cells = build(reader, rules)
        newline = reader.meta.newline
        try:
            fd = os.open(real, os.O_RDWR | os.O_APPEND | _NONBLOCK | getattr(os, "O_BINARY", 0))
        except FileNotFoundError:
            raise LedgerError(_(_REMOVED), path) from None
        except OSError as exc:
            raise LedgerError(_(_CANNOT_WRITE).format(reason=os_reason(exc)), path) from None
        try:
            st = os.fstat(fd)
            if identity(st) != reader.identity:
                raise LedgerError(_(_CHANGED), path)
            _refuse_hard_links(st, path)
            ends = ends_with_line_end(fd, st.st_size)
            meta = reader.meta
            line = ("" if ends else newline) + meta.line(cells, HAND_QUOTED)
            _append_whole(fd, encode(line, meta, path), st.st_size, path)
            if identity(os.stat(real))[:2] != identity(st)[:2]:
                raise LedgerError(_(_REPLACED), path)
        except OSError as exc:
            raise LedgerError(_(_CANNOT_WRITE).format(reason=os_reason(exc)), path) from None
        finally:
            os.close(fd)


def encode(text: str, meta: Meta, path: str) -> bytes:
    """Text in the ledger's character set, or a LedgerError naming what it cannot hold."""
    try:
        return text.encode(meta.encoding)
    except UnicodeEncodeError as exc:
        raise _unwritable(exc, meta, path) from None


def _unwritable(exc: UnicodeEncodeError, meta: Meta, path: str) -> LedgerError:
    """The error of a text that the ledger's character set cannot hold."""
    return LedgerError(
        _(
            'cannot write "{text}" in {charset}, the character set of this ledger; save the '
            "ledger as CSV in UTF-8 to use it; nothing was written"
        ).format(text=exc.object[exc.start : exc.end], charset=encoding_name(meta.encoding)),
        path,
    )


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


def rewrite(path: str, transform: Transform, precheck: bool = True) -> LedgerReader:
    """Under the lock: (with precheck) check the whole ledger, refusing if it has a problem;
    then stream it through `transform` into a temporary file that replaces the ledger only
    if no problem was found on the way, and only if the ledger is writable and still the
    file that was read. A symbolic link stays: its target is replaced."""
    real = real_path(path)
    folder, _name = _temp_prefix(real)
    with locked(path, real):
        tally = Tally()
        if precheck:
            first = check(path)
            refuse_if_broken(first)
            tally = first.tally
        with open_ledger(path) as reader:
            rules = reader.rules()
            meta, rows = transform(reader, rules, tally)
            try:
                with _temporary(real, _CANNOT_WRITE, meta) as (temp, stream):
                    _write_rows(stream, meta, rows, path)
                    _finish(stream)
                    refuse_if_broken(reader)
                    _into_place(temp, real, path, reader.identity)
                _fsync_dir(folder)
            except FileNotFoundError:
                raise LedgerError(_(_REMOVED_NOTHING_WRITTEN), path) from None
            except OSError as exc:
                raise LedgerError(_(_CANNOT_WRITE).format(reason=os_reason(exc)), path) from None
    return reader


def _into_place(
    temp: str, real: str, path: str, expected: object, before: Callable[[], object] | None = None
) -> None:
    """Put a written temporary file in the ledger's place: only if it reads back as `baska
    check` would, the ledger is writable, is still the file that was read (`expected`, its
    identity) and has no second name; with the ledger's mode and owner (where allowed, else
    its group). `before` runs just before the rename (a repair keeps the damaged file)."""
    _read_back(temp, real)
    os.close(os.open(real, os.O_WRONLY | _NONBLOCK))  # a read-only ledger is not replaced
    st = os.stat(real)
    if identity(st) != expected:
        raise LedgerError(_(_CHANGED_NOT_REWRITTEN), path)
    _refuse_hard_links(st, path)
    if hasattr(os, "chown"):
        with contextlib.suppress(OSError):
            os.chown(temp, st.st_uid, st.st_gid)
        with contextlib.suppress(OSError):
            os.chown(temp, -1, st.st_gid)
    with contextlib.suppress(OSError):
        os.chmod(temp, st.st_mode & 0o777)
    if before is not None:
        before()
    os.replace(temp, real)


def replace_bytes(
    path: str, data: bytes, expected: object, before: Callable[[], object] | None = None
) -> None:
    """Under the caller's lock: the ledger's whole new content, written to a temporary file
    beside it and put in its place as `rewrite` does (see `_into_place`)."""
    real = real_path(path)
    folder = _temp_prefix(real)[0]
    try:
        with _temporary(real, _CANNOT_WRITE) as (temp, stream):
            stream.buffer.write(data)
            _finish(stream)
            _into_place(temp, real, path, expected, before)
        _fsync_dir(folder)
    except FileNotFoundError:
        raise LedgerError(_(_REMOVED_NOTHING_WRITTEN), path) from None
    except OSError as exc:
        raise LedgerError(_(_CANNOT_WRITE).format(reason=os_reason(exc)), path) from None


def replace_text(path: str, text: str) -> None:
    """Write a small text file (a tournament's players, seating, results) whole: a temporary
    file beside it, synced, then renamed over it; the caller holds the lock that guards it.
    The file is either its old self or all of `text`, never half of it."""
    real = real_path(path)
    folder = _temp_prefix(real)[0]
    try:
        with _temporary(real, N_("cannot write the file: {reason}")) as (temp, stream):
            stream.write(text)
            _finish(stream)
            with contextlib.suppress(OSError):  # (mkstemp makes it 0o600)
                os.chmod(temp, 0o666 & ~umask())
            os.replace(temp, real)
        _fsync_dir(folder)
    except OSError as exc:
        raise LedgerError(
            _("cannot write the file: {reason}").format(reason=os_reason(exc)), path
        ) from None


def sync_folder(folder: str) -> None:
    """Make the names made in a folder durable (one sync for many `create(…, sync=False)`)."""
    _fsync_dir(folder)
