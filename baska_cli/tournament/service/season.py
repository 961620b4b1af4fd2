"""What a front end asks of a league's season: the final standings of each event (a
tournament directory) and the season's classification over them (tournament/season.py)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.i18n import _, os_reason
from baska_cli.tournament.folder import load
from baska_cli.tournament.season import PLACE_POINTS, TABLE, PointsTable, SeasonLine
from baska_cli.tournament.season import read_points as parse_points
from baska_cli.tournament.season import season as classify
from baska_cli.tournament.service.scores import standings_after


@dataclass(frozen=True, slots=True)
class Season:
    """A season's classification: its events (their directories as given, in order), how
    points were counted, the lines, and each event's tables left out of its standings."""

    events: tuple[str, ...]
    counted_by: str  # PLACE_POINTS or TABLE
    best: int | None
    lines: tuple[SeasonLine, ...]
    unfinished: tuple[tuple[str, int], ...]  # (event, tables without a valid result)


def read_points(path: str) -> PointsTable:
    """A points table file (TOML)."""
    try:
        with open(path, encoding="utf-8-sig") as stream:
            text = stream.read()
    except (OSError, UnicodeDecodeError) as error:
        reason = os_reason(error) if isinstance(error, OSError) else _("not UTF-8 text")
        raise TournamentInputError(
            _("{file}: cannot read the points table: {reason}").format(file=path, reason=reason)
        ) from None
    return parse_points(text, path)


def season(paths: Sequence[str], table: PointsTable | None = None) -> Season:
    """The season over the events' directories (each once), by their last drawn round."""
    seen: dict[str, str] = {}
    events = []
    unfinished = []
    for path in paths:
        real = os.path.realpath(path)
        if real in seen:
            raise TournamentInputError(
                _("{path}: the same event as {other}; give each event once").format(
                    path=path, other=seen[real]
                )
            )
        seen[real] = path
        if not load(path).draws:
            raise TournamentError(
                _("no round is drawn yet; start with `baska tournament draw`"), path
            )
        done = standings_after(path)
        events.append((os.path.normpath(path), done.lines))
        if done.problems:
            unfinished.append((path, len(done.problems)))
    return Season(
        tuple(name for name, _lines in events),
        PLACE_POINTS if table is None else TABLE,
        None if table is None else table.best,
        tuple(classify(events, table)),
        tuple(unfinished),
    )
