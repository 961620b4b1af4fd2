"""`.baska-publish`, kept in a folder baska publishes into: the list of the files it wrote
there (what it may replace or remove next time) and the pages' language."""

from __future__ import annotations

import os
import stat
from collections.abc import Sequence

from baska_cli.files.kind import NotRegularFile, read_text
from baska_cli.files.outputs import write_output

LIST = ".baska-publish"  # in the folder: baska's mark, and the files it wrote there
LIST_HEAD = "# baska tournament publish: the files it wrote here"
LANGUAGE = "# language: "  # the list's line that keeps the pages' language


def listed_files(out: str) -> list[str] | None:
    """The files baska wrote into the folder before (None: it is not baska's)."""
    path = os.path.join(out, LIST)
    try:
        st = os.lstat(path)
    except OSError:
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    try:
        lines = read_text(path, "utf-8").splitlines()
    except (OSError, UnicodeDecodeError, NotRegularFile):
        return None
    if not lines or lines[0] != LIST_HEAD:
        return None
    return [ln for ln in lines[1:] if ln and not ln.startswith("#") and plain(ln)]


def published_language(out: str) -> str:
    """The language of the pages baska published into the folder before ("": none said)."""
    try:
        lines = read_text(os.path.join(out, LIST), "utf-8").splitlines()
    except (OSError, UnicodeDecodeError, NotRegularFile):
        return ""
    if not lines or lines[0] != LIST_HEAD:
        return ""
    said = next((ln for ln in lines[1:] if ln.startswith(LANGUAGE)), "")
    return said[len(LANGUAGE) :].strip()


def plain(name: str) -> bool:
    """Whether a listed name stays inside the folder (no `..`, no absolute path)."""
    parts = name.split("/")
    return not name.startswith("/") and all(p not in ("", ".", "..") for p in parts)


def write_list(out: str, names: Sequence[str], language: str = "") -> None:
    """The list of baska's files in the folder, and the pages' language (left as it is
    where it says so already)."""
    text = "".join(f"{n}\n" for n in sorted(set(names)))
    said = f"{LANGUAGE}{language}\n" if language else ""
    data = f"{LIST_HEAD}\n{said}{text}".encode()
    if not holds(os.path.join(out, LIST), data):
        write_output(os.path.join(out, LIST), data, own=True)


def holds(path: str, data: bytes) -> bool:
    """Whether the file at `path` (a regular file, not a link) holds `data` already."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size != len(data):
            return False
        with os.fdopen(os.dup(fd), "rb") as stream:
            return stream.read(len(data) + 1) == data
    except OSError:
        return False
    finally:
        os.close(fd)
