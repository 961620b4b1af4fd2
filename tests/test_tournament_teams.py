"""tournament/classifications/teams.py and categories.py: the team classification and a category's
standings, as views over the individual standing lines."""

from __future__ import annotations

from fractions import Fraction

import pytest

from baska_cli.errors import TournamentInputError
from baska_cli.tournament.classifications.categories import category_named, in_category
from baska_cli.tournament.classifications.teams import team_standings
from baska_cli.tournament.players import Entrant
from baska_cli.tournament.standings import StandingLine


def _line(place: int, name: str, pp: float | Fraction, total: int, **more: object) -> StandingLine:
    return StandingLine(place, name, "", pp, total, 0, (), **more)  # type: ignore[arg-type]


def test_the_best_four_count_by_place_points_then_total() -> None:
    lines = [
        _line(1, "A1", 10, 50), _line(2, "B1", 9, 40), _line(3, "A2", 8, 10),
        _line(4, "A3", 6, 30), _line(5, "A4", 6, 20), _line(6, "A5", 6, 25),
        _line(7, "B2", 5, 0), _line(8, "Z", 4, 5),
    ]  # fmt: skip
    players = [Entrant(n, team="A") for n in ("A1", "A2", "A3", "A4", "A5")]
    players += [Entrant("B1", team="b"), Entrant("B2", team="B"), Entrant("Z", standin="B")]
    teams = team_standings(lines, players)
    assert [(t.place, t.team, t.place_points, t.total) for t in teams] == [
        (1, "A", 30, 115),
        (2, "b", 18, 45),
    ]
    assert teams[0].counted == ("A1", "A2", "A3", "A5")  # A5 (+25) before A4 (+20)
    assert teams[0].players == ("A1", "A2", "A3", "A4", "A5")
    assert teams[1].counted == ("B1", "B2", "Z") and teams[1].standin == "Z"


@pytest.mark.parametrize("order", [(0, 1, 2), (2, 1, 0), (1, 2, 0)])
def test_exact_place_points_tie_in_any_order_and_the_total_decides(
    order: tuple[int, int, int],
) -> None:
    thirds = [Fraction(4), Fraction(4, 3), Fraction(5)]
    a = [thirds[i] for i in order]
    lines = [
        _line(1, "A1", a[0] + a[1] + a[2], 12),
        _line(1, "B1", thirds[0] + thirds[1] + thirds[2], 12),
        _line(3, "C1", sum(thirds), 11),
    ]
    players = [Entrant("A1", team="A"), Entrant("B1", team="B"), Entrant("C1", team="C")]
    teams = team_standings(lines, players)
    assert [(t.place, t.team, t.tied) for t in teams] == [
        (1, "A", True),
        (1, "B", True),
        (3, "C", False),
    ]
    assert teams[0].place_points == Fraction(31, 3)


def test_a_category_is_placed_from_one_keeping_shared_places_and_its_own_movement() -> None:
    lines = [
        _line(1, "M1", 10, 0, movement=0), _line(2, "K1", 9, 0, movement=1),
        _line(3, "K2", 8, 0, movement=-1), _line(3, "K3", 8, 0, movement=2),
        _line(5, "M2", 7, 0, movement=None), _line(6, "K4", 6, 0, movement=None),
    ]  # fmt: skip
    players = [Entrant(n, category="M" if n[0] == "M" else "Kobiety") for n in ("M1", "M2")]
    players += [Entrant(n, category="Kobiety") for n in ("K1", "K2", "K3", "K4")]
    women = in_category(lines, players, "kobiety")
    assert [(ln.place, ln.player) for ln in women] == [(1, "K1"), (2, "K2"), (2, "K3"), (4, "K4")]
    # before: K1 3rd, K2 2nd, K3 5th of all -> 2nd, 1st, 3rd of the women
    assert [ln.movement for ln in women] == [1, -1, 1, None]


def test_an_unknown_category_lists_the_categories() -> None:
    players = [Entrant("A", category="Kobiety"), Entrant("B", category="Mężczyźni")]
    assert category_named(players, "mezczyzni") == "Mężczyźni"
    with pytest.raises(TournamentInputError) as caught:
        category_named(players, "Kobiet")
    assert str(caught.value) == (
        '--category "Kobiet": the categories are Kobiety, Mężczyźni; did you mean "Kobiety"?'
    )
    with pytest.raises(TournamentInputError, match="have no categories"):
        category_named([Entrant("A")], "K")
