"""tournament/service.py, rounds/service.py and scores/service.py: what a front end calls, its
values and refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli.errors import TournamentError, TournamentInputError
from baska_cli.rulesets.loader import builtin
from baska_cli.tournament import service
from baska_cli.tournament.folder import load
from baska_cli.tournament.results import TableResult
from baska_cli.tournament.rounds import service as rounds
from baska_cli.tournament.scores import service as service_scores
from tests import tournamentkit as kit

EIGHT = kit.CLUB


def _new(tmp_path: Path, entries: str = EIGHT, **plan: object) -> str:
    return kit.new_by_service(tmp_path, entries, **plan)


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return _new(tmp_path)


def test_new_gives_the_plan_the_players_and_look_alike_names(tmp_path: Path) -> None:
    made = service.new(
        str(tmp_path / "t"), "Felix\nFeliks\nC\nD\n", "p.txt", builtin("plb"), rounds=1, deals=16
    )
    assert made.plan.seed.isdigit() and made.plan.rules_lines == ("plb",)
    assert [p.name for p in made.players] == ["Felix", "Feliks", "C", "D"]
    assert made.look_alike == (("Felix", "Feliks"),)
    assert load(str(tmp_path / "t")).plan == made.plan


@pytest.mark.parametrize(
    ("entries", "plan", "message"),
    [
        ("Ania\nANIA\n", {}, '"ANIA" appears twice'),
        (EIGHT, {"deals": 20}, "--deals 20: mester plays series of"),
        (EIGHT, {"fixed": [("Zenon", 1)]}, '"Zenon" is not in players.txt'),
        (EIGHT, {"apart": [("Ania", "Nobody")]}, '"Nobody" is not in players.txt'),
        (EIGHT, {"tie_breaks": ["total"]}, "tie-breaks total: expected place_points first"),
    ],
)
def test_new_refuses_what_it_cannot_run(
    tmp_path: Path, entries: str, plan: dict[str, object], message: str
) -> None:
    with pytest.raises(TournamentInputError, match=message):
        _new(tmp_path, entries, **plan)
    assert not (tmp_path / "liga").exists()


def test_a_players_file_that_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(TournamentInputError, match="cannot read the players"):
        service.read_entry_file(str(tmp_path / "missing.txt"))
    (tmp_path / "p.txt").write_bytes(b"\x81Ania\n")  # (no character in any of the three)
    with pytest.raises(TournamentInputError, match="not text in UTF-8, Windows-1250 or Windows"):
        service.read_entry_file(str(tmp_path / "p.txt"))
    (tmp_path / "p.txt").write_bytes("Ania\n".encode("utf-16"))
    with pytest.raises(TournamentInputError, match="the file is UTF-16 text"):
        service.read_entry_file(str(tmp_path / "p.txt"))


POLISH_EXCEL = "Imię i nazwisko;Klub\r\nŻaneta Łęcka;Kaszuby Kartuzy\r\nJan Kowalski;Puck\r\n"


@pytest.mark.parametrize(
    ("data", "text"),
    [
        (POLISH_EXCEL.encode("cp1250"), POLISH_EXCEL.replace("\r", "")),  # Excel's "CSV (;)"
        (b"\xef\xbb\xbf" + POLISH_EXCEL.encode("utf-8"), POLISH_EXCEL.replace("\r", "")),
        ("Jürgen Müller,Köln\n".encode("cp1252"), "Jürgen Müller,Köln\n"),
    ],
    ids=["windows-1250", "utf-8 with a bom", "windows-1252"],
)
def test_a_players_file_is_read_in_the_character_set_of_a_ledger(
    tmp_path: Path, data: bytes, text: str
) -> None:
    (tmp_path / "gracze.csv").write_bytes(data)
    assert service.read_entry_file(str(tmp_path / "gracze.csv")) == text


def test_draw_next_round_writes_it_and_shows_it_again(liga: str) -> None:
    drawn = rounds.draw_next(liga, kit.pages, anyway=True)
    assert drawn.new and drawn.draw.round == 1 and drawn.folder == "r1"
    assert len(drawn.draw.tables) == 2 and drawn.draw.sitting_out == ()
    assert Path(liga, "r1", "seating.html").read_text("utf-8") == "<p>liga 1</p>"
    assert Path(liga, "r1", "t2.csv").exists()
    again = rounds.draw_next(liga, kit.pages, round_number=1)
    assert not again.new and again.draw == drawn.draw
    with pytest.raises(TournamentInputError, match="--round 5: the next round to draw is 2"):
        rounds.draw_next(liga, kit.pages, round_number=5)
    assert rounds.draw_next(liga, kit.pages, anyway=True).draw.round == 2
    with pytest.raises(TournamentError, match="all 2 rounds are drawn"):
        rounds.draw_next(liga, kit.pages, anyway=True)


def test_not_a_tournament_directory(tmp_path: Path) -> None:
    with pytest.raises(TournamentError, match="not a tournament directory"):
        rounds.draw_next(str(tmp_path), kit.pages)


def test_print_round_writes_the_pages_of_a_drawn_round(liga: str) -> None:
    with pytest.raises(TournamentError, match="no round is drawn yet"):
        rounds.print_round(liga, kit.pages)
    rounds.draw_next(liga, kit.pages, anyway=True)
    Path(liga, "r1", "seating.html").unlink()
    assert rounds.print_round(liga, kit.pages) == "r1"
    assert Path(liga, "r1", "seating.html").exists()
    with pytest.raises(TournamentInputError, match="round 2 is not drawn yet"):
        rounds.print_round(liga, kit.pages, round_number=2)


def test_enter_a_result_then_only_correct_it(liga: str) -> None:
    rounds.draw_next(liga, kit.pages, anyway=True)
    entries = kit.entries(liga, 1, 1, (10, -10, 0, 0))
    entered = service_scores.enter_result(liga, 1, 1, entries)
    assert isinstance(entered, TableResult) and entered.totals == (10, -10, 0, 0)
    with pytest.raises(TournamentError, match="round 1, table 1 has its result already"):
        service_scores.enter_result(liga, 1, 1, entries)
    with pytest.raises(TournamentError, match="round 1, table 1 has this result already"):
        service_scores.correct_result(liga, 1, 1, entries)
    fixed = service_scores.correct_result(liga, 1, 1, kit.entries(liga, 1, 1, (-10, 10, 0, 0)))
    assert fixed.totals == (-10, 10, 0, 0)
    assert [r.status for r in load(liga).sheets] == ["corrected", ""]
    with pytest.raises(TournamentError, match="--correct: round 1, table 2 has no result yet"):
        service_scores.correct_result(liga, 1, 2, kit.entries(liga, 1, 2, (0, 0, 0, 0)))


@pytest.mark.parametrize(
    ("round_number", "table", "entries", "message"),
    [
        (2, 1, ["X=+1"], r"round 2 is not drawn yet \(1 drawn\)"),
        (1, 3, ["X=+1"], "round 1 has tables 1 to 2, not 3"),
        (1, 1, ["X=+1"], r"\"X=\+1\": expected one of this table's players"),
        (1, 1, ["X"], '"X" is not a result'),
    ],
)
def test_a_result_typed_wrong(
    liga: str, round_number: int, table: int, entries: list[str], message: str
) -> None:
    rounds.draw_next(liga, kit.pages, anyway=True)
    with pytest.raises(TournamentInputError, match=message):
        service_scores.enter_result(liga, round_number, table, entries)


def test_a_table_with_hands_takes_no_sheet(liga: str) -> None:
    from tests.clikit import invoke

    rounds.draw_next(liga, kit.pages, anyway=True)
    ledger = str(Path(liga, "r1", "t1.csv"))
    assert invoke("score", "-l", ledger, "zw", "1+3", "61").exit_code == 0
    with pytest.raises(TournamentError, match="has hands recorded"):
        service_scores.enter_result(liga, 1, 1, kit.entries(liga, 1, 1, (0, 0, 0, 0)))


def test_enter_and_withdraw_players(liga: str) -> None:
    rounds.draw_next(liga, kit.pages, anyway=True)
    assert service.enter_player(liga, "Zenon", "Hel") == service.Entered("Zenon", 2, ())
    assert service.enter_player(liga, "Halinka").look_alike == (("Halina", "Halinka"),)
    with pytest.raises(TournamentInputError, match='"ZENON" appears twice'):
        service.enter_player(liga, "ZENON")
    assert service.withdraw_player(liga, "bartek") == service.Withdrawn("Bartek", 2)
    with pytest.raises(TournamentInputError, match='"Bartek" withdrew before round 2'):
        service.withdraw_player(liga, "Bartek")
    with pytest.raises(TournamentInputError, match='"Nobody" is not a player'):
        service.withdraw_player(liga, "Nobody")
    roster = {p.name: (p.entered, p.withdrawn) for p in load(liga).players}
    assert roster["Zenon"] == (2, None) and roster["Bartek"] == (1, 2)
    rounds.draw_next(liga, kit.pages, anyway=True)
    with pytest.raises(TournamentError, match="all 2 rounds are drawn"):
        service.enter_player(liga, "Olga")


def test_standings_with_a_table_missing(liga: str) -> None:
    with pytest.raises(TournamentError, match="no round is drawn yet"):
        service_scores.standings_after(liga)
    rounds.draw_next(liga, kit.pages, anyway=True)
    service_scores.enter_result(liga, 1, 1, kit.entries(liga, 1, 1, (10, -10, 5, -5)))
    found = service_scores.standings_after(liga)
    assert (found.up_to, found.name, found.plan.rounds) == (1, "liga", 2)
    assert [str(p) for p in found.problems] == ["round 1/table 2: no result yet"]
    assert [(ln.place, ln.total) for ln in found.lines[:2]] == [(1, 10), (2, 5)]
    assert found.need_lots  # the four of table 2 share a place
    with pytest.raises(TournamentInputError, match="round 2 is not drawn yet"):
        service_scores.standings_after(liga, round_number=2)


def test_lots_typed_and_seeded(liga: str) -> None:
    with pytest.raises(TournamentError, match="no round is drawn yet"):
        service_scores.draw_lots(liga)
    rounds.draw_next(liga, kit.pages, anyway=True)
    with pytest.raises(TournamentInputError, match="give all the players of one tie"):
        service_scores.draw_lots(liga, ["Ania"])
    with pytest.raises(TournamentInputError, match='"Nobody" is not a player'):
        service_scores.draw_lots(liga, ["Nobody"])
    tied = sorted(ln.player for ln in service_scores.standings_after(liga).lines)
    typed = list(reversed(tied))
    assert service_scores.draw_lots(liga, typed) == service_scores.Lots(1, (tuple(typed),))
    assert load(liga).lots == {1: {name: lot for lot, name in enumerate(typed, 1)}}
    assert [ln.player for ln in service_scores.standings_after(liga).lines] == typed
    with pytest.raises(TournamentError, match="no players are tied after round 1"):
        service_scores.draw_lots(liga)


def test_seeded_lots_are_the_same_for_the_same_seed(tmp_path: Path) -> None:
    orders = []
    for name in ("a", "b"):
        path = _new(tmp_path / name)
        rounds.draw_next(path, kit.pages, anyway=True)
        orders.append(service_scores.draw_lots(path))
    assert orders[0] == orders[1] and orders[0].round == 1
    assert sorted(orders[0].orders[0]) == sorted(EIGHT.replace(",Puck", "").split())


def test_no_lots_without_the_tie_break(tmp_path: Path) -> None:
    path = _new(tmp_path, tie_breaks=["place_points", "total"])
    rounds.draw_next(path, kit.pages, anyway=True)
    assert not service_scores.standings_after(path).need_lots
    with pytest.raises(TournamentError, match=r"tie-breaks \(place_points,total\) have no"):
        service_scores.draw_lots(path)


def test_check_lists_the_problems_and_counts(liga: str) -> None:
    rounds.draw_next(liga, kit.pages, anyway=True)
    audit = service_scores.check(liga)
    assert (audit.rounds, audit.tables) == (1, 2)
    assert audit.problems == ()
    assert [str(p) for p in audit.progress] == [
        "round 1/table 1: no result yet",
        "round 1/table 2: no result yet",
        "round 2: not drawn yet",
    ]
