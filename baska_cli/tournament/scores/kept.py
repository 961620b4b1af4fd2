"""A tournament's final standings kept beside it in `.standings.json`, by the stamps of every
file of its directory and of its rounds' directories: a league's season reads one small file
for an event that has not changed since; any file written, added or removed, or another
baska, and they are made again (scores/service.py's final_of) and kept anew."""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from baska_cli import __version__
from baska_cli.errors import BaskaError
from baska_cli.files.kind import NotRegularFile, read_text
from baska_cli.files.outputs import write_output
from baska_cli.files.stamps import Stamps, folder_stamps
from baska_cli.tournament.folder import LOCK, ROUND_DIR, read_plan
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.scores.counted import CHECKED
from baska_cli.tournament.settings import Plan
from baska_cli.tournament.standings import StandingLine, TablePlace

KEPT = ".standings.json"  # in the tournament's directory
FORMAT = 1  # the side file's layout; a file of another layout or baska is made again
LAYOUT = [FORMAT, __version__, *([f.name for f in fields(k)] for k in (StandingLine, TablePlace,
          Entrant))]  # fmt: skip
NOT_STAMPED = (KEPT, CHECKED, LOCK)  # caches and the lock: no input of the standings


@dataclass(frozen=True, slots=True)
class Kept:
    """What is kept of a tournament's final standings (scores/service.py's Standings, every
    table counted): its settings (read from tournament.toml), lines, round, stale lots,
    players and the files read."""

    plan: Plan
    lines: tuple[StandingLine, ...]
    up_to: int
    stale_lots: tuple[str, ...]
    players: tuple[Entrant, ...]
    files: tuple[str, ...]


def stamps(path: str) -> tuple[Stamps, bool]:
    """Every file of the directory and of its rounds' directories (`rN/`) with its stamp,
    its caches and lock left out, and whether all are settled (files/stamps.py)."""
    return folder_stamps(path, NOT_STAMPED, lambda name: ROUND_DIR.fullmatch(name) is not None)


def _fraction(value: list[int], known: dict[tuple[int, int], Fraction]) -> Fraction:
    key = (value[0], value[1])
    if key not in known:
        known[key] = Fraction(*key)
    return known[key]


def _place_json(p: TablePlace) -> list[Any]:
    pp = p.place_points
    return [p.round, p.table, p.place, [pp.numerator, pp.denominator], p.total, p.result]


def _line_json(ln: StandingLine) -> list[Any]:
    pp = ln.place_points
    return [
        ln.place, ln.player, ln.club, [pp.numerator, pp.denominator], ln.total, ln.tables_won,
        [_place_json(p) for p in ln.rounds], ln.lot, ln.tied, ln.withdrawn, ln.movement,
        list(ln.sat_out),
    ]  # fmt: skip


def _line(row: list[Any], known: dict[tuple[int, int], Fraction]) -> StandingLine:
    rounds = tuple(TablePlace(r[0], r[1], r[2], _fraction(r[3], known), r[4], r[5]) for r in row[6])
    return StandingLine(
        row[0], row[1], row[2], _fraction(row[3], known), row[4], row[5], rounds,
        row[7], row[8], row[9], row[10], tuple(row[11]),
    )  # fmt: skip


def _relative(path: str, files: tuple[str, ...]) -> list[str]:
    """The standings' files as named inside the directory (what follows `path` and a
    separator in each: `r2/t3.csv`)."""
    prefix = os.path.join(path, "")
    return [f[len(prefix) :] if f.startswith(prefix) else f for f in files]


def digest(found: Stamps) -> str:
    """A digest of the directory's files' stamps (what the side file is kept by)."""
    text = json.dumps(found, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def read_kept(path: str, found: Stamps) -> Kept | None:
    """The standings kept in the side file while it is baska's of this version and every
    stamp it keeps is the directory's now (`found`: stamps()); else None (a side file
    unread, broken or stale is never trusted)."""
    try:
        data = json.loads(read_text(os.path.join(path, KEPT), "utf-8"))
        if data["layout"] != LAYOUT:
            return None
        if data["stamps"] != digest(found):
            return None
        known: dict[tuple[int, int], Fraction] = {}
        return Kept(
            read_plan(path),
            tuple(_line(row, known) for row in data["lines"]),
            int(data["up_to"]),
            tuple(str(name) for name in data["stale_lots"]),
            tuple(Entrant(*row) for row in data["players"]),
            tuple(os.path.join(path, name) for name in data["files"]),
        )
    except (OSError, UnicodeDecodeError, NotRegularFile, ValueError, TypeError, KeyError,
            IndexError):  # fmt: skip
        return None
    except BaskaError:  # (a settings file that does not read: the tournament read says why)
        return None


def keep(path: str, found: Stamps, kept: Kept) -> None:
    """Keep the standings for the next reading, by the stamps `found` before they were made
    (best effort: it is only a cache)."""
    data = {
        "layout": LAYOUT,
        "stamps": digest(found),
        "up_to": kept.up_to,
        "stale_lots": list(kept.stale_lots),
        "files": _relative(path, kept.files),
        "players": [[getattr(p, f.name) for f in fields(Entrant)] for p in kept.players],
        "lines": [_line_json(ln) for ln in kept.lines],
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    with contextlib.suppress(BaskaError):  # (never through a link planted in its place)
        write_output(os.path.join(path, KEPT), [text], own=True)
