"""The season by a league's regulations (pure), the one engine of every season over
tournaments (`league standings` and `tournament season` alike): each event's points from the
tournament's own standings (its place points, or the points of the player's place; players
sharing a place share the average of the places they cover), each player's best N events
counted, players with fewer events than the minimum listed apart, the tie-breaks in order;
the teams by their best players in each event (tournament/classifications/teams.py). Every
sum is an exact fraction."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from baska_cli.game.spelling import fold
from baska_cli.league.regulation_kinds import exact
from baska_cli.league.regulations import BEST_PLACE, TOTAL, WINS, Regulations
from baska_cli.tournament.classifications.teams import TeamLine
from baska_cli.tournament.standings import StandingLine


@dataclass(frozen=True, slots=True)
class EventResult:
    """A player's result in one event: place, season points, total, whether it counts."""

    event: str
    place: int
    points: Fraction
    total: int
    counted: bool = True


@dataclass(frozen=True, slots=True)
class EventLines:
    """One event as the season reads it: its name, its final standings, and each line's
    player's id in the register (for teams: the team's name)."""

    event: str
    lines: tuple[StandingLine, ...]
    ids: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class LeagueLine:
    """A player's (or a team's) line in the season: place None while short of the minimum
    of events."""

    place: int | None
    id: str
    player: str
    club: str
    points: Fraction  # the events counted
    total: int  # the totals of the events counted
    events: tuple[EventResult, ...]  # every event played, each marked counted or not

    @property
    def counted(self) -> int:
        """How many events count."""
        return sum(1 for r in self.events if r.counted)


def place_points(rules: Regulations, first: int, count: int) -> Fraction:
    """The season points of `count` players sharing places first … first + count − 1 by
    the points table: the average of those places' points (`rest` past the list)."""
    covered = [
        rules.places[p - 1] if p <= len(rules.places) else rules.rest
        for p in range(first, first + count)
    ]
    return sum(covered, Fraction(0)) / count


def event_points(lines: Sequence[StandingLine], rules: Regulations) -> list[Fraction]:
    """Each line's season points in its event: its place points, or by the points table."""
    if not rules.places:
        return [exact(ln.place_points) for ln in lines]
    sharing: dict[int, int] = {}
    for ln in lines:
        sharing[ln.place] = sharing.get(ln.place, 0) + 1
    return [place_points(rules, ln.place, sharing[ln.place]) for ln in lines]


def best_of(played: Sequence[EventResult], best: int | None) -> tuple[EventResult, ...]:
    """A player's events with only the best `best` counted (by points, then total; the
    earlier of two equal ones); None: all count."""
    if best is None or len(played) <= best:
        return tuple(played)
    ranked = sorted(range(len(played)), key=lambda i: (-played[i].points, -played[i].total))
    kept = set(ranked[:best])
    return tuple(
        r if i in kept else EventResult(r.event, r.place, r.points, r.total, False)
        for i, r in enumerate(played)
    )


def _key(line: LeagueLine, order: Sequence[str]) -> tuple[object, ...]:
    """The season's order: points, then the tie-breaks (larger is better, but places)."""
    counted = [r for r in line.events if r.counted]
    values: dict[str, object] = {
        TOTAL: -line.total,
        WINS: -sum(1 for r in counted if r.place == 1),
        BEST_PLACE: min((r.place for r in counted), default=0) or 10**9,
    }
    return (-line.points, *(values[k] for k in order))


def classify(
    events: Sequence[EventLines],
    rules: Regulations,
    names: Mapping[str, tuple[str, str]],
) -> list[LeagueLine]:
    """The season over the events in their order; `names`: each id's name and club as the
    register has them (else the event's)."""
    results: dict[str, list[EventResult]] = {}
    shown: dict[str, tuple[str, str]] = {}
    for event in events:
        points = event_points(event.lines, rules)
        for line, pts, ident in zip(event.lines, points, event.ids, strict=True):
            results.setdefault(ident, []).append(
                EventResult(event.event, line.place, pts, line.total)
            )
            shown[ident] = names.get(ident, (line.player, line.club))
    unplaced: list[LeagueLine] = []
    for ident, entered in results.items():
        played = best_of(entered, rules.best)
        counted = [r for r in played if r.counted]
        name, club = shown[ident]
        unplaced.append(
            LeagueLine(
                None,
                ident,
                name,
                club,
                sum((r.points for r in counted), Fraction(0)),
                sum(r.total for r in counted),
                played,
            )
        )
    keyed = [(_key(ln, rules.tie_breaks), fold(ln.player), ln) for ln in unplaced]
    keyed.sort(key=lambda k: (len(k[2].events) < rules.min_events, k[0], k[1], k[2].id))
    out: list[LeagueLine] = []
    before: tuple[object, ...] | None = None
    for i, (key, _folded, ln) in enumerate(keyed):
        if len(ln.events) < rules.min_events:
            out.append(ln)
            continue
        place = out[-1].place if before == key and out else i + 1
        before = key
        out.append(LeagueLine(place, ln.id, ln.player, ln.club, ln.points, ln.total, ln.events))
    return out


def team_lines(teams: Sequence[TeamLine]) -> tuple[StandingLine, ...]:
    """An event's teams as standings lines (a team's place, its counted players' place
    points and total), so that the season counts them as it counts players."""
    return tuple(
        StandingLine(t.place, t.team, "", exact(t.place_points), t.total, 0, ()) for t in teams
    )


def within(lines: Sequence[LeagueLine], ids: set[str]) -> list[LeagueLine]:
    """The lines of these players (a category), placed from 1 among themselves (players
    who share a place still share it)."""
    kept = [ln for ln in lines if ln.id in ids]
    out: list[LeagueLine] = []
    for i, ln in enumerate(kept):
        place = ln.place
        if place is not None:
            same = bool(out) and out[-1].place is not None and kept[i - 1].place == ln.place
            place = out[-1].place if same else i + 1
        out.append(LeagueLine(place, ln.id, ln.player, ln.club, ln.points, ln.total, ln.events))
    return out
