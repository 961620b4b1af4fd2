"""Every page or file a command writes for people (a report, standings, a round's printable
pages) goes through `write_output`: it never writes over what it should not.

It refuses, before anything is written, and again just before the new file takes its name:
- a symbolic link at the output's name (one planted there could point at a ledger: a link is
  neither followed nor replaced);
- anything but a regular file (a folder, a named pipe, a device);
- a file the command is reading (`reading`: its ledgers, the tournament's files), by any
  name (a hard link, a symbolic link, another spelling of the path);
- an existing file that baska did not write: a page baska writes carries `MARK` in its first
  lines (a workbook, in its zip comment at its end), and only a file with it is written over
  (`own=True`: the tournament's printable pages, which baska names inside its own directory,
  are replaced whatever they hold, but never through a link).

The text goes to a temporary file beside the output, is synced and renamed into place
(files/replace.py): the output is its old self or all of the new, never half. A new file
gets 0o666 less the umask (0o644 as a rule); a replaced one keeps its mode; a file given a
`mode` (0o600: a page that holds keys) gets it, new or replaced.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterable

from baska_cli.errors import LedgerError, OutputError
from baska_cli.files.kind import kind_of
from baska_cli.files.replace import finish, identity, replace_file, sync_folder, temp_prefix, umask
from baska_cli.i18n import N_, _, os_reason

MARK = '<meta name="generator" content="baska">'  # in the head of every page baska writes
MARK_WITHIN = 4096  # … within this many bytes of its start
CANNOT_WRITE = N_("{path}: cannot write the file: {reason}")


def write_output(
    path: str,
    pieces: Iterable[str] | bytes,
    reading: Iterable[str] = (),
    own: bool = False,
    failure: str = CANNOT_WRITE,
    mode: int | None = None,
    sync: bool = True,
) -> str:
    """Write `pieces` (UTF-8 text, or bytes as they are) whole as the file `path`, refused as
    the module says; the name written (`path` itself: no link is followed). `failure` is the
    message (N_, with `{path}` and `{reason}`) for a file that cannot be written; `mode`: the
    file's mode (else as the module says); `sync=False`: neither the file nor its folder is
    synced (one of many written together: the caller syncs their folders once at the end)."""
    if not path:
        raise OutputError(_("the output's file name is empty; expected e.g. evening.html"))
    inputs = [name for name in reading if name]
    before = _refuse(path, inputs, own)
    folder, prefix = temp_prefix(path)
    try:
        fd, temp = tempfile.mkstemp(prefix=prefix, suffix=".tmp", dir=folder)
    except OSError as exc:
        raise OutputError(_(failure).format(path=path, reason=os_reason(exc))) from None
    try:
        if isinstance(pieces, bytes):
            with os.fdopen(fd, "wb") as binary:
                binary.write(pieces)
                if sync:
                    finish(binary)
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="") as stream:
                stream.writelines(pieces)
                if sync:
                    finish(stream)
        if mode is None:
            mode = 0o666 & ~umask() if before is None else stat.S_IMODE(before.st_mode)
        os.chmod(temp, mode)
        now = _refuse(path, inputs, own)
        if (None if now is None else identity(now)) != (
            None if before is None else identity(before)
        ):
            raise OutputError(
                _(
                    "{path}: was changed by another program while baska was writing it; "
                    "it was not written"
                ).format(path=path)
            )
        replace_file(temp, path, path)
        if sync:
            sync_folder(folder)
    except OSError as exc:
        raise OutputError(_(failure).format(path=path, reason=os_reason(exc))) from None
    except LedgerError as error:  # (replace_file's refusal, the file held open on Windows)
        raise OutputError(str(error)) from None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(temp)
    return path


def _refuse(path: str, reading: list[str], own: bool) -> os.stat_result | None:
    """The existing output's status (None if there is none yet), or an OutputError saying
    why baska does not write it."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as exc:
        raise OutputError(_(CANNOT_WRITE).format(path=path, reason=os_reason(exc))) from None
    if st is not None and stat.S_ISLNK(st.st_mode):
        raise OutputError(
            _(
                "{path}: is a symbolic link; baska writes no output through a link (one "
                "could point at a ledger): give the file's own name, or remove the link"
            ).format(path=path)
        )
    if st is not None:
        kind = kind_of(st.st_mode)
        if kind is not None:
            raise OutputError(
                _("{path}: is {kind}; expected a file name for the output").format(
                    path=path, kind=kind
                )
            )
    _refuse_inputs(path, st, reading)
    if st is not None and not own and not _marked(path):
        raise OutputError(
            _(
                "{path}: the file exists and baska did not write it; baska writes over no "
                "other file: choose another name, or remove the file first"
            ).format(path=path)
        )
    return st


def _refuse_inputs(path: str, st: os.stat_result | None, reading: list[str]) -> None:
    """Refuse an output that is (or will be) one of the files the command reads."""
    real = os.path.realpath(path)
    for name in reading:
        same = os.path.realpath(name) == real
        if not same and st is not None:
            with contextlib.suppress(OSError):
                same = os.path.samestat(os.stat(name), st)
        if same:
            raise OutputError(
                _(
                    "{path}: is {input}, a file this command reads; baska never writes its "
                    "output over its input: choose another name for the output"
                ).format(path=path, input=name)
            )


def _marked(path: str) -> bool:
    """Whether the file at `path` (a regular file, not a link) starts as a page baska wrote,
    or ends as a workbook baska wrote (the mark in its zip comment)."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        size = os.fstat(fd).st_size
        if MARK.encode("ascii") in os.read(fd, MARK_WITHIN):
            return True
        os.lseek(fd, max(0, size - MARK_WITHIN), os.SEEK_SET)
        return MARK.encode("ascii") in os.read(fd, MARK_WITHIN)
    except OSError:
        return False
    finally:
        os.close(fd)
