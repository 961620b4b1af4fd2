"""Only a regular file is read as a ledger, rules, a batch, a players or aliases file, a
tournament's file or a history: a pipe, a device or a folder is named for what it is and
refused before it is read (it could block or never end). Every file baska reads is opened
here."""

from __future__ import annotations

import os
import stat
from typing import IO, TypeVar

from baska_cli.i18n import N_, _, os_reason

_KINDS = (
    (stat.S_ISFIFO, N_("a named pipe")),
    (stat.S_ISDIR, N_("a directory")),
    (stat.S_ISCHR, N_("a character device")),
    (stat.S_ISBLK, N_("a block device")),
    (stat.S_ISSOCK, N_("a socket")),
)
_OTHER_KIND = N_("not a regular file")


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)


class NotRegularFile(Exception):
    """A path that names something other than a regular file; `kind` says what it is."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        super().__init__(kind)


def kind_of(mode: int) -> str | None:
    """What a file of this mode is ("a named pipe", …, in the interface language), or None for
    a regular file."""
    if stat.S_ISREG(mode):
        return None
    return _(next((name for test, name in _KINDS if test(mode)), _OTHER_KIND))


def refuse_unless_regular(path: str) -> os.stat_result:
    """The file's status (links followed); NotRegularFile unless it is a regular file."""
    st = os.stat(path)
    kind = kind_of(st.st_mode)
    if kind is not None:
        raise NotRegularFile(kind)
    return st


def _opener(path: str, flags: int) -> int:
    """os.open that never waits on a named pipe put in the file's place meanwhile."""
    return os.open(path, flags | _NONBLOCK)


def open_regular(
    path: str, encoding: str, newline: str | None = None, errors: str | None = None
) -> IO[str]:
    """A regular file open for reading as text, checked before and after opening (a named
    pipe is never opened to wait for a writer); NotRegularFile or OSError otherwise."""
    refuse_unless_regular(path)
    stream = open(path, encoding=encoding, errors=errors, newline=newline, opener=_opener)  # noqa: SIM115
    return _checked(stream)


def open_regular_binary(path: str) -> IO[bytes]:
    """A regular file open for reading as bytes, checked as `open_regular` checks it."""
    refuse_unless_regular(path)
    return _checked(open(path, "rb", opener=_opener))


def read_text(
    path: str, encoding: str = "utf-8-sig", newline: str | None = None, errors: str | None = None
) -> str:
    """The whole text of a regular file (NotRegularFile, OSError or UnicodeDecodeError)."""
    with open_regular(path, encoding=encoding, errors=errors, newline=newline) as stream:
        return stream.read()


def not_a_file(error: NotRegularFile) -> str:
    """Why a path that is no regular file is not read, as a reason for a message."""
    return _("it is {kind}, not a file").format(kind=error.kind)


def reason_of(error: OSError | UnicodeDecodeError | NotRegularFile) -> str:
    """Why a file could not be read, in words for a message."""
    if isinstance(error, NotRegularFile):
        return not_a_file(error)
    if isinstance(error, UnicodeDecodeError):
        return _("not UTF-8 text")
    return os_reason(error)


_Stream = TypeVar("_Stream", IO[str], IO[bytes])


def _checked(stream: _Stream) -> _Stream:
    """The stream, once its file is known to be regular (a pipe put in its place between the
    check and the opening is refused too), in blocking mode again."""
    try:
        kind = kind_of(os.fstat(stream.fileno()).st_mode)
        if kind is not None:
            raise NotRegularFile(kind)
        if _NONBLOCK:
            os.set_blocking(stream.fileno(), True)
    except BaseException:
        stream.close()
        raise
    return stream
