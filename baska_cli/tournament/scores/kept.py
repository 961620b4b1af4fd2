"""A tournament's final standings kept beside it in `.standings.json`, by the stamps of every
file of its directory and of its rounds' directories: a league's season reads one small file
for an event that has not changed since, and makes the standings again (and keeps them)
whenever any file was written, added or removed, or baska is another version."""

from __future__ import annotations

import contextlib
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
from baska_cli.tournament.folder import (
    LOCK,
    ROUND_DIR,
    load,
    read_plan,
    title_of,
)
from baska_cli.tournament.scores.counted import CHECKED
from baska_cli.tournament.scores.service import Standings, final_standings
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.settings import Plan
from baska_cli.tournament.standings import StandingLine, TablePlace

KEPT = ".standings.json"  # in the tournament's directory
FORMAT = 1  # the side file's layout; a file of another layout or baska is made again
LAYOUT = [FORMAT, __version__, *([f.name for f in fields(k)] for k in (StandingLine, TablePlace,
          Entrant))]  # fmt: skip
NOT_STAMPED = (KEPT, CHECKED, LOCK)  # caches and the lock: no input of the standings


@dataclass(frozen=True, slots=True)
class Final:
    """A tournament as a season reads it: its settings, its name, its standings after the
    last drawn round (None: no round drawn yet)."""

    plan: Plan
    name: str
    standings: Standings | None


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
    rounds = tuple(
        TablePlace(r[0], r[1], r[2], _fraction(r[3], known), r[4], r[5]) for r in row[6]
    )
    return StandingLine(
        row[0], row[1], row[2], _fraction(row[3], known), row[4], row[5], rounds,
        row[7], row[8], row[9], row[10], tuple(row[11]),
    )  # fmt: skip


def _relative(path: str, files: tuple[str, ...]) -> list[str]:
    """The standings' files as named inside the directory (what follows `path` and a
    separator in each: `r2/t3.csv`)."""
    prefix = os.path.join(path, "")
    return [f[len(prefix) :] if f.startswith(prefix) else f for f in files]


def _kept(path: str, found: Stamps) -> Final | None:
    """The standings kept in the side file while it is baska's of this version and every
    stamp it keeps is the directory's now; else None (a side file unread, broken or stale
    is never trusted)."""
    try:
        data = json.loads(read_text(os.path.join(path, KEPT), "utf-8"))
        if data["layout"] != LAYOUT:
            return None
        if [(name, tuple(st)) for name, st in data["stamps"]] != found:
            return None
        plan = read_plan(path)
        players = tuple(Entrant(*row) for row in data["players"])
        known: dict[tuple[int, int], Fraction] = {}
        lines = tuple(_line(row, known) for row in data["lines"])
        files = tuple(os.path.join(path, name) for name in data["files"])
        standings = Standings(
            lines, (), data["up_to"], plan, title_of(path, plan), tuple(data["stale_lots"]),
            players, files,
        )  # fmt: skip
    except (OSError, UnicodeDecodeError, NotRegularFile, ValueError, TypeError, KeyError,
            IndexError):  # fmt: skip
        return None
    except BaskaError:  # (a settings or players file that does not read: load says why)
        return None
    return Final(plan, standings.name, standings)


def _keep(path: str, found: Stamps, standings: Standings) -> None:
    """Keep the standings for the next reading (best effort: it is only a cache)."""
    data = {
        "layout": LAYOUT,
        "stamps": found,
        "up_to": standings.up_to,
        "stale_lots": list(standings.stale_lots),
        "files": _relative(path, standings.files),
        "players": [[getattr(p, f.name) for f in fields(Entrant)] for p in standings.players],
        "lines": [_line_json(ln) for ln in standings.lines],
    }
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    with contextlib.suppress(BaskaError):  # (never through a link planted in its place)
        write_output(os.path.join(path, KEPT), [text], own=True)


def final(path: str) -> Final:
    """A tournament's final standings (tournament/scores/service.py's final_standings):
    those kept beside it while no file of its directory changed since, else made and, when
    every table counts and no file changed in the last seconds, kept."""
    try:
        found, calm = stamps(path)
    except OSError:
        found, calm = [], False  # (load says what is wrong with the directory)
    if found:
        kept = _kept(path, found)
        if kept is not None:
            return kept
    t = load(path)
    if not t.draws:
        return Final(t.plan, t.name, None)
    done = final_standings(t)
    if calm and found and not done.problems:
        _keep(path, found, done)
    return Final(t.plan, t.name, done)
