"""The lines typed at `baska play`, kept in a history file per ledger (prompt_toolkit's file
format). A history that cannot be read or written — a folder, a pipe or a device in its place,
a read-only file, a full disk — is given up: play goes on with the lines of this evening in
memory, and says so once (`problem`). Imported only by `play` at a terminal."""

from __future__ import annotations

import datetime
import os
from collections.abc import Iterable

from prompt_toolkit.history import FileHistory

from baska_cli.files.kind import NotRegularFile, kind_of, open_regular_binary, reason_of
from baska_cli.i18n import _, os_reason

_APPEND = (
    os.O_WRONLY
    | os.O_APPEND
    | os.O_CREAT
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_CLOEXEC", 0)
    | getattr(os, "O_BINARY", 0)
)


class KeptHistory(FileHistory):
    """FileHistory that never waits on a pipe, never fails a line: a history file that
    cannot be used is given up, its reason kept in `problem` until `take_problem` says it."""

    def __init__(self, filename: str) -> None:
        super().__init__(filename)
        self.filename: str = filename
        self.problem: str | None = None
        self.given_up = False
        try:
            os.makedirs(os.path.dirname(filename) or ".", exist_ok=True)
        except OSError as error:
            self._give_up(os_reason(error))

    def _give_up(self, reason: str) -> None:
        """Keep no more lines in the file; say why once."""
        if not self.given_up:
            self.given_up = True
            self.problem = _(
                "the lines typed are not kept for next time: {file}: {reason}; play goes on"
            ).format(file=self.filename, reason=reason)

    def take_problem(self) -> str | None:
        """The message about the history given up, once (then None)."""
        problem, self.problem = self.problem, None
        return problem

    def load_history_strings(self) -> Iterable[str]:
        """The lines kept before, newest first ([] if the file cannot be read)."""
        if self.given_up or not os.path.lexists(self.filename):
            return []
        try:
            with open_regular_binary(self.filename) as stream:
                data = stream.read()
        except (OSError, NotRegularFile) as error:
            self._give_up(reason_of(error))
            return []
        strings: list[str] = []
        lines: list[str] = []
        for line in data.decode("utf-8", errors="replace").splitlines(keepends=True):
            if line.startswith("+"):
                lines.append(line[1:])
            else:
                if lines:
                    strings.append("".join(lines).removesuffix("\n"))
                lines = []
        if lines:
            strings.append("".join(lines).removesuffix("\n"))
        return reversed(strings)

    def store_string(self, string: str) -> None:
        """Append a line to the file, as FileHistory does; given up on any failure."""
        if self.given_up:
            return
        text = f"\n# {datetime.datetime.now()}\n" + "".join(
            f"+{line}\n" for line in string.split("\n")
        )
        try:
            fd = os.open(self.filename, _APPEND, 0o600)
        except OSError as error:
            self._give_up(os_reason(error))
            return
        try:
            kind = kind_of(os.fstat(fd).st_mode)
            if kind is not None:
                self._give_up(reason_of(NotRegularFile(kind)))
                return
            view = memoryview(text.encode("utf-8", errors="replace"))
            while view:
                view = view[os.write(fd, view) :]
        except OSError as error:
            self._give_up(os_reason(error))
        finally:
            os.close(fd)
