"""A file's stamp — what tells whether it was written since — and whether it is old enough
to be trusted: what `.checked.csv` keeps of each table ledger and `.standings.json` of each
file of a tournament's directory (a cache kept by stamps is used only while they match)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Collection

Stamp = tuple[int, ...]  # device, inode, size, modification and change time (ns)
SETTLED = 2_000_000_000  # ns: a file changed this recently is read again next time


def stamp(st: os.stat_result) -> Stamp:
    """What tells whether a file was written since: any write changes its change time, and
    a file put in its place (a copy, a file renamed over it) has another inode."""
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def settled(st: os.stat_result, now: int) -> bool:
    """Whether a file was last changed long enough before `now` (time.time_ns()) that a
    write within the clock's tick cannot be missed: only then is what it holds kept."""
    return now - st.st_ctime_ns > SETTLED


Stamps = list[tuple[str, Stamp]]  # a folder's files by name (`r2/t3.csv`), each with its stamp


def folder_stamps(
    path: str, skip: Collection[str] = (), into: Callable[[str], bool] = lambda _name: False
) -> tuple[Stamps, bool]:
    """Every file of a folder by name with its stamp (those named in `skip` left out), the
    files of each sub-folder `into` picks too (the sub-folder itself named `NAME/`, without a
    stamp; other sub-folders left out), in name order; and whether all of them are settled.
    An OSError if the folder or a file cannot be looked at."""
    now = time.time_ns()
    found: Stamps = []
    calm = True
    with os.scandir(path) as entries:
        listed = sorted(((e.name, e) for e in entries if e.name not in skip), key=lambda p: p[0])
    for name, entry in listed:
        if entry.is_dir():
            if into(name):
                found.append((f"{name}/", ()))
                inner, settled_inner = folder_stamps(entry.path)
                found += [(f"{name}/{sub}", st) for sub, st in inner]
                calm = calm and settled_inner
            continue
        st = entry.stat()
        found.append((name, stamp(st)))
        calm = calm and settled(st, now)
    return found, calm
