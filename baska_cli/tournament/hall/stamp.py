"""A stamp of a tournament's directory: the names and stat identities (inode, size, times)
of its files and of its rounds' files, digested. It reads no file: equal stamps, the same
files, so what is made from them (the hall's states) is the same too."""

from __future__ import annotations

import hashlib
import os
import re

_ROUND = re.compile(r"r[0-9]+")


def _entries(folder: str) -> list[str]:
    try:
        with os.scandir(folder) as found:
            entries = sorted(found, key=lambda e: e.name)
    except OSError as error:
        return [f"{folder}: {error.strerror}"]
    lines = []
    for entry in entries:
        try:
            st = entry.stat(follow_symlinks=False)
        except OSError:
            continue
        lines.append(f"{entry.name} {st.st_ino} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}")
        if entry.is_dir(follow_symlinks=False) and _ROUND.fullmatch(entry.name):
            lines += [f"{entry.name}/{line}" for line in _entries(entry.path)]
    return lines


def stamp(folder: str) -> str:
    """The directory's stamp (changes with any file of it or of its rounds' directories)."""
    return hashlib.sha256("\n".join(_entries(folder)).encode("utf-8", "replace")).hexdigest()[:32]
