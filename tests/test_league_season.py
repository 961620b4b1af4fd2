"""league/season.py, the one engine of every season over tournaments (pure): each event's points
exact (its place points, or the points table's, shared places averaged, `rest` past the list),
the best N events counted, equal lines sharing a place."""

from __future__ import annotations

from fractions import Fraction

from baska_cli.league.regulation_kinds import exact
from baska_cli.league.regulations import Regulations
from baska_cli.league.season import EventLines, EventResult, best_of, classify, event_points
from baska_cli.tournament.standings import StandingLine


def _event(name: str, *rows: tuple[int, str, Fraction | float, int]) -> EventLines:
    lines = tuple(
        StandingLine(place, who, "", exact(pp), total, 0, ()) for place, who, pp, total in rows
    )
    return EventLines(name, lines, tuple(who.casefold() for _p, who, _pp, _t in rows))


def test_place_points_add_up_exactly_in_any_order() -> None:
    third = 4 + 4 / 3  # a float sum of a shared place, read back as the fraction it stands for
    events = [
        _event("gp1", (1, "Ania", third, 10), (2, "Bartek", 5.0, 0)),
        _event("gp2", (1, "Bartek", third, 5), (2, "ania", 5.0, -3)),
        _event("gp3", (1, "Bartek", 5.0, 1), (1, "ANIA", 5.0, 0)),
    ]
    lines = classify(events, Regulations(), {})
    assert [(ln.id, ln.place, ln.points, ln.total) for ln in lines] == [
        ("ania", 1, Fraction(46, 3), 7),
        ("bartek", 2, Fraction(46, 3), 6),
    ]  # equal points, parted by the total
    again = classify(list(reversed(events)), Regulations(), {})
    assert [(ln.id, ln.points, ln.total) for ln in again] == [
        ("ania", Fraction(46, 3), 7), ("bartek", Fraction(46, 3), 6),
    ]  # fmt: skip


def test_lines_equal_on_every_tie_break_share_a_place() -> None:
    lines = classify(
        [_event("gp", (1, "A", 5, 0), (1, "B", 5, 0), (3, "C", 1, 0))], Regulations(), {}
    )
    assert [(ln.id, ln.place) for ln in lines] == [("a", 1), ("b", 1), ("c", 3)]


def test_a_points_table_shares_tied_places_and_gives_the_rest_past_it() -> None:
    rules = Regulations((Fraction(25), Fraction(20), Fraction(16)), Fraction(1), best=2)
    event = _event("gp", (1, "A", 9, 0), (2, "B", 7, 0), (2, "C", 7, 0), (4, "D", 0, 0))
    assert event_points(event.lines, rules) == [25, 18, 18, 1]  # (20 + 16) / 2; the rest
    events = [
        event,
        _event("gp2", (1, "D", 9, 0), (2, "A", 7, 0), (3, "B", 5, 0), (4, "C", 0, 0)),
        _event("gp3", (1, "B", 9, 0), (2, "D", 7, 0), (3, "A", 5, 0), (4, "C", 0, 0)),
    ]
    lines = {ln.id: ln for ln in classify(events, rules, {})}
    assert (lines["a"].points, [r.counted for r in lines["a"].events]) == (45, [True, True, False])
    assert (lines["d"].points, lines["c"].points, lines["c"].place) == (45, 19, 4)


def test_the_best_events_count_the_earlier_of_two_equal_ones() -> None:
    played = [EventResult("gp1", 2, Fraction(5), 10), EventResult("gp2", 2, Fraction(5), 10),
              EventResult("gp3", 1, Fraction(8), 0)]  # fmt: skip
    assert [r.counted for r in best_of(played, 2)] == [True, False, True]
    assert best_of(played, None) == tuple(played) == best_of(played, 3)
