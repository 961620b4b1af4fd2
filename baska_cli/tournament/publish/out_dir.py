"""The folder `baska tournament publish` writes: made if missing, else one that is empty or
that baska published into before (it holds `.baska-publish`, the list of the files baska
wrote there and the pages' language); never the tournament's directory, inside it or around
it. Every file goes through ledger/outputs.write_output; publishing again replaces baska's
files and removes those of rounds that no longer exist (a page only if it carries baska's
mark). One publishing at a time: a second into the same folder waits for the first (its lock,
`.baska-publish.lock`, is in the folder), and then finds every file the first wrote listed."""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from baska_cli.errors import OutputError
from baska_cli.files.outputs import MARK, MARK_WITHIN, write_output
from baska_cli.files.replace import is_temp, remove_temps, sync_folder
from baska_cli.i18n import _, language, os_reason
from baska_cli.ledger.lock import hold
from baska_cli.tournament.publish.listing import holds, listed_files, write_list

LOCK = ".baska-publish.lock"  # in the folder: held while baska publishes into it


@dataclass(frozen=True, slots=True)
class Published:
    """What publishing did: the files published and the old ones removed (relative names),
    and those of the files published whose bytes were the same already (left untouched)."""

    folder: str
    written: tuple[str, ...]
    removed: tuple[str, ...]
    unchanged: tuple[str, ...] = ()


def _inside(inner: str, outer: str) -> bool:
    """Whether `inner` is `outer` or lies inside it (real paths)."""
    return inner == outer or inner.startswith(outer.rstrip(os.sep) + os.sep)


def _refuse_place(out: str, tournament: str) -> None:
    """Refuse a folder that is the tournament's, inside it or holds it."""
    real_out, real_dir = os.path.realpath(out), os.path.realpath(tournament)
    if _inside(real_out, real_dir) or _inside(real_dir, real_out):
        raise OutputError(
            _(
                "{path}: is inside the tournament's directory {dir} or holds it; publish "
                "into a folder of its own, e.g. {example}"
            ).format(
                path=out,
                dir=tournament,
                example=os.path.join(os.path.dirname(real_dir), "web"),
            )
        )


def _made(out: str) -> None:
    """The folder made if missing (two publishings may make it at once); refused if it is
    not a folder (a link to a folder is that folder: the name was typed)."""
    try:
        st = os.stat(out)
    except FileNotFoundError:
        try:
            os.makedirs(out, exist_ok=True)
        except OSError as exc:
            raise OutputError(
                _("{path}: cannot make the folder: {reason}").format(
                    path=out, reason=os_reason(exc)
                )
            ) from None
        return
    except OSError as exc:
        raise OutputError(
            _("{path}: cannot write the file: {reason}").format(path=out, reason=os_reason(exc))
        ) from None
    if not stat.S_ISDIR(st.st_mode):
        raise OutputError(
            _("{path}: is not a folder; give a folder to publish into (made if missing)").format(
                path=out
            )
        )


def say_waiting(path: str, _lock: str) -> None:
    """Say on standard error that another publishing into the folder is under way."""
    with contextlib.suppress(OSError, ValueError, UnicodeError):
        sys.stderr.write(
            _(
                "{path}: waiting: another baska is publishing into this folder; Ctrl-C stops "
                "waiting"
            ).format(path=path)
            + "\n"
        )
        sys.stderr.flush()


def _refuse_foreign(out: str) -> None:
    """Refuse a folder that holds files and is not baska's (its lock and temporary files
    aside: another publishing may be making them)."""
    try:
        names = os.listdir(out)
    except OSError:
        return  # (said by the look under the lock)
    if listed_files(out) is None and any(name != LOCK and not is_temp(name) for name in names):
        remove_temps(out)  # (no publishing of baska's is at work in a folder it may not use)
        raise OutputError(
            _(
                "{path}: the folder holds files and baska did not publish into it; "
                "choose an empty or a new folder"
            ).format(path=out)
        )


def _folder(out: str) -> list[str]:
    """The files baska wrote into the folder (made and locked) before; refused if it holds
    files and is not baska's (no link inside it is followed)."""
    remove_temps(out)  # (a publish killed mid-write left its temporary file: none is at work)
    listed = listed_files(out)
    if listed is None:
        if [name for name in os.listdir(out) if name != LOCK]:
            raise OutputError(
                _(
                    "{path}: the folder holds files and baska did not publish into it; "
                    "choose an empty or a new folder"
                ).format(path=out)
            )
        return []
    return listed


def _marked(path: str) -> bool:
    """Whether a page (a regular file, not a link) carries baska's mark."""
    try:
        with open(path, "rb") as stream:
            return MARK.encode("ascii") in stream.read(MARK_WITHIN)
    except OSError:
        return False


def _ours(path: str, name: str, listed: Collection[str]) -> bool:
    """Whether an existing file may be replaced: baska listed it, or it is a page baska
    wrote (the mark in its head)."""
    return name in listed or (name.endswith(".html") and _marked(path))


def _refuse_files(out: str, names: Sequence[str], listed: Collection[str]) -> None:
    """Refuse, before anything is written, a file or folder in the way that is not baska's."""
    for name in names:
        parts = name.split("/")
        for depth in range(1, len(parts)):
            sub = os.path.join(out, *parts[:depth])
            with contextlib.suppress(FileNotFoundError):
                if not stat.S_ISDIR(os.lstat(sub).st_mode):
                    raise OutputError(
                        _(
                            "{path}: is not a folder baska made (a file or a link); remove it "
                            "and publish again"
                        ).format(path=sub)
                    )
        path = os.path.join(out, *parts)
        if os.path.islink(path):
            raise OutputError(
                _(
                    "{path}: is a symbolic link; baska writes no output through a link (one "
                    "could point at a ledger): give the file's own name, or remove the link"
                ).format(path=path)
            )
        if os.path.lexists(path) and not _ours(path, name, listed):
            raise OutputError(
                _(
                    "{path}: the file exists and baska did not write it; baska writes over no "
                    "other file: choose another name, or remove the file first"
                ).format(path=path)
            )


def _own_folder(out: str, parts: Sequence[str]) -> bool:
    """Whether each folder on the way to a file inside `out` is a folder, not a link (a
    link could lead out of `out`, to files that are not baska's)."""
    for depth in range(1, len(parts)):
        try:
            if not stat.S_ISDIR(os.lstat(os.path.join(out, *parts[:depth])).st_mode):
                return False
        except OSError:
            return False
    return True


def _remove(out: str, name: str) -> bool:
    """Remove a file baska wrote before that is published no more (a page only if it
    still carries the mark; never through a link); whether it was removed."""
    parts = name.split("/")
    path = os.path.join(out, *parts)
    if not _own_folder(out, parts):
        return False
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return False
    except OSError:
        return False
    if name.endswith(".html") and not _marked(path):
        return False
    try:
        os.unlink(path)
    except OSError:
        return False
    if "/" in name:
        with contextlib.suppress(OSError):  # (an emptied round's folder)
            os.rmdir(os.path.dirname(path))
    return True


class _Reading:
    """The files a command reads, found by real path and by identity: a file written is
    checked (by write_output) against those it could be, not against each of them."""

    def __init__(self, names: Sequence[str]) -> None:
        self.by_path: dict[str, list[str]] = {}
        self.by_id: dict[tuple[int, int], list[str]] = {}
        for name in names:
            if not name:
                continue
            self.by_path.setdefault(os.path.realpath(name), []).append(name)
            with contextlib.suppress(OSError):
                st = os.stat(name)
                self.by_id.setdefault((st.st_dev, st.st_ino), []).append(name)

    def could_be(self, path: str) -> list[str]:
        """The files read that `path` is or could become (by name, or as the same file)."""
        found = list(self.by_path.get(os.path.realpath(path), ()))
        with contextlib.suppress(OSError):
            st = os.stat(path)
            found += self.by_id.get((st.st_dev, st.st_ino), ())
        return found


class Publishing:
    """A folder published into in batches (a league's site: one event at a time, so that
    no more than one batch is held): each file written only where its bytes change. Used
    as a context: the folder's lock is held from the first look at it to the end."""

    def __init__(self, out: str, sources: Sequence[str], language: str = "") -> None:
        """The folder checked and made, refused where it is one of the `sources` (the
        directories published: never written in), inside one or around one; `language`:
        the pages', kept in the list for the next publishing."""
        for source in sources:
            _refuse_place(out, source)
        self.out = out
        self.language = language
        self._held = contextlib.ExitStack()
        self.listed: list[str] = []
        self.ours: set[str] = set()
        self.known: set[str] = set()
        self.names: list[str] = []
        self.kept: list[str] = []
        self.tidied: set[str] = set()

    def __enter__(self) -> Publishing:
        """The folder made, locked (a publishing into it under way waited for) and read; a
        folder that is not baska's refused before its lock is made in it."""
        _made(self.out)
        _refuse_foreign(self.out)
        lock = os.path.join(self.out, LOCK)
        self._held.enter_context(hold(self.out, self.out, lock, say_waiting))
        try:
            self.listed = _folder(self.out)
        except BaseException:
            self._held.close()
            raise
        self.ours, self.known = set(self.listed), set(self.listed)
        return self

    def __exit__(self, *_exc: object) -> None:
        """The folder's lock let go."""
        self._held.close()

    def add(self, files: Mapping[str, str], reading: Sequence[str] = ()) -> None:
        """Write a batch (relative names with `/`: their text), each file refused before
        any is written if it is not baska's; `reading`: the files read (never written
        over). A file whose bytes are the same already is left as it is."""
        names = sorted(files)
        _refuse_files(self.out, names, self.ours)
        self._list(names)
        read = _Reading(reading)
        written: set[str] = set()
        for name in names:
            parts = name.split("/")
            path = os.path.join(self.out, *parts)
            if len(parts) > 1:
                self._subfolder(os.path.join(self.out, *parts[:-1]))
            data = files[name].encode("utf-8")
            if holds(path, data):
                self.kept.append(name)
            else:
                write_output(path, data, reading=read.could_be(path), own=True, sync=False)
                written.add(os.path.dirname(path))
        for folder in sorted(written):  # (the batch's files made durable, a folder at once)
            sync_folder(folder)
        self.names += names

    def keep(self, names: Sequence[str]) -> None:
        """Files published before and left as they are (the caller knows them unchanged:
        league/service/site_record.py): published all the same, none written."""
        names = sorted(names)
        self._list(names)
        self.kept += names
        self.names += names

    def _list(self, names: Sequence[str]) -> None:
        """The names listed before any is written (a run cut short leaves every file listed)."""
        if not self.known.issuperset(names):
            self.known.update(names)
            write_list(self.out, sorted(self.known), self.language)

    def _subfolder(self, sub: str) -> None:
        if sub in self.tidied:
            return
        try:
            os.makedirs(sub, exist_ok=True)
        except OSError as exc:
            raise OutputError(
                _("{path}: cannot make the folder: {reason}").format(
                    path=sub, reason=os_reason(exc)
                )
            ) from None
        self.tidied.add(sub)
        remove_temps(sub)

    def finish(self) -> Published:
        """The files baska wrote before and publishes no more removed; the list of the
        files written kept."""
        names = self.names
        gone = tuple(n for n in sorted(set(self.listed) - set(names)) if _remove(self.out, n))
        write_list(self.out, names, self.language)  # (a file not removed is baska's no more)
        return Published(self.out, tuple(names), gone, tuple(self.kept))


def publish(
    out: str, files: Mapping[str, str], tournament: str, reading: Sequence[str] = ()
) -> Published:
    """Write `files` (relative names with `/`: their text) into the folder `out`, as the
    module says; `tournament`: the directory published (never written in), `reading`: the
    files read (never written over)."""
    with Publishing(out, [tournament], language()) as folder:
        folder.add(files, reading)
        return folder.finish()
