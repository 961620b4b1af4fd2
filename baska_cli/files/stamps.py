"""A file's stamp — what tells whether it was written since — and whether it is old enough
to be trusted: what `.checked.csv` keeps of each table ledger and `.standings.json` of each
file of a tournament's directory (a cache kept by stamps is used only while they match)."""

from __future__ import annotations

import os

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
