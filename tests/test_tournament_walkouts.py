"""`baska tournament walkout`: a player who left a table or never came, the others' fixed
result from the rule data, sit-outs, undo, refusals with the nearest valid input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baska_cli.errors import TournamentError
from baska_cli.tournament.folder import load
from baska_cli.tournament.walkouts import Walkout, counting, format_walkouts, parse_walkouts
from tests import tournamentkit as kit
from tests.clikit import invoke

NINE = kit.PLAIN + "Irena\n"


def _liga(tmp_path: Path, rules: str = "plb") -> Path:
    return Path(kit.drawn(tmp_path, NINE, rounds=1, deals=8, rules=rules, seed="walk"))


def _seated(folder: Path) -> tuple[tuple[tuple[str, ...], ...], tuple[str, ...]]:
    draw = load(str(folder)).draws[0]
    return draw.tables, draw.sitting_out


def _standings(folder: Path) -> dict[str, dict[str, object]]:
    shown = invoke("tournament", "standings", str(folder), "-f", "json")
    assert shown.exit_code == 0, shown.output
    return {line["player"]: line for line in json.loads(shown.stdout)["standings"]}


def test_the_others_get_three_and_thirty_five_and_the_hands_are_kept(tmp_path: Path) -> None:
    folder = _liga(tmp_path)
    tables, out = _seated(folder)
    first, second = tables
    ledger = folder / "r1" / "t1.csv"
    assert invoke("score", "--ledger", str(ledger), "zw", "1+3", "61").exit_code == 0
    before = ledger.read_bytes()
    done = invoke("tournament", "walkout", str(folder), "1", "1", first[3].lower())
    assert done.exit_code == 0, done.output
    assert "1 hand in the ledger" in done.stderr
    assert ledger.read_bytes() == before  # (the hands stay, as history)
    lines = _standings(folder)
    for name in first[:3]:
        assert (lines[name]["place_points"], lines[name]["total"]) == (3.0, 35)
        assert lines[name]["rounds"][0]["result"] == "walkout"
        assert lines[name]["tables_won"] == 0
    assert (lines[first[3]]["place_points"], lines[first[3]]["total"]) == (0.0, 0)
    assert lines[first[3]]["rounds"][0]["result"] == "walked_out"
    (sitting,) = out  # nine players: the draw leaves one without a full table (PSB §9)
    assert (lines[sitting]["place_points"], lines[sitting]["total"]) == (3.0, 35)
    assert lines[sitting]["rounds"][0] | {"place_points": 0} == {
        "round": 1, "table": None, "place": None, "place_points": 0, "total": 35,
        "result": "sat_out",
    }  # fmt: skip
    assert lines[second[0]]["rounds"] == []  # (table 2 has no result yet)
    text = invoke("tournament", "standings", str(folder)).stdout
    assert "walked out in round 1" in text and "a walk-out at the table in round 1" in text
    assert "not counted in these standings:\n  round 1/table 2: no result yet" in text


def test_undo_keeps_the_record_and_the_table_needs_its_result_again(tmp_path: Path) -> None:
    folder = _liga(tmp_path)
    (first, _second), _out = _seated(folder)
    assert invoke("tournament", "walkout", str(folder), "1", "1", first[0]).exit_code == 0
    undone = invoke("tournament", "walkout", str(folder), "1", "1", first[0], "--undo")
    assert undone.exit_code == 0, undone.output
    assert (folder / "walkouts.csv").read_text("utf-8").splitlines() == [
        "round,table,player,status",
        f"1,1,{first[0]},undone",
    ]
    assert _standings(folder)[first[1]]["rounds"] == []
    text = invoke("tournament", "standings", str(folder)).stdout
    assert "round 1/table 1: no result yet" in text
    again = invoke("tournament", "walkout", str(folder), "1", "1", first[0], "--undo")
    assert again.exit_code == 1 and "did not walk out" in again.stderr


def test_a_sheet_entered_before_is_kept_and_no_longer_counts(tmp_path: Path) -> None:
    folder = _liga(tmp_path)
    (first, _second), _out = _seated(folder)
    entries = [f"{n}={t:+d}" for n, t in zip(first, (40, -12, -8, -20), strict=True)]
    assert invoke("tournament", "result", str(folder), "1", "1", *entries).exit_code == 0
    done = invoke("tournament", "walkout", str(folder), "1", "1", first[0])
    assert "the result from the sheet" in done.stderr
    assert len((folder / "results.csv").read_text("utf-8").splitlines()) == 2
    assert _standings(folder)[first[0]]["place_points"] == 0.0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("2", "1", "Ania"), "round 2 is not drawn yet (1 drawn)"),
        (("1", "3", "Ania"), "round 1 has tables 1 to 2, not 3"),
    ],
)
def test_a_round_or_table_that_does_not_exist_is_refused(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    folder = _liga(tmp_path)
    refused = invoke("tournament", "walkout", str(folder), *args)
    assert refused.exit_code == 2 and message in refused.stderr


def test_a_name_is_refused_with_the_table_s_players_and_the_nearest(tmp_path: Path) -> None:
    folder = _liga(tmp_path)
    (first, second), _out = _seated(folder)
    typo = first[0][:-1] + "x" + first[0][-1]
    refused = invoke("tournament", "walkout", str(folder), "1", "1", typo)
    assert refused.exit_code == 2
    assert f'"{typo}" does not sit at round 1, table 1: {", ".join(first)}' in refused.stderr
    assert f'did you mean "{first[0]}"?' in refused.stderr
    elsewhere = invoke("tournament", "walkout", str(folder), "1", "1", second[2])
    assert elsewhere.exit_code == 2 and f"{second[2]} sits at table 2" in elsewhere.stderr
    assert not (folder / "walkouts.csv").exists()


def test_a_walk_out_twice_or_of_the_last_player_is_refused(tmp_path: Path) -> None:
    folder = _liga(tmp_path)
    (first, _second), _out = _seated(folder)
    for name in first[:3]:
        assert invoke("tournament", "walkout", str(folder), "1", "1", name).exit_code == 0
    twice = invoke("tournament", "walkout", str(folder), "1", "1", first[0])
    assert twice.exit_code == 1 and "already" in twice.stderr
    last = invoke("tournament", "walkout", str(folder), "1", "1", first[3])
    assert last.exit_code == 1 and "nobody would be left" in last.stderr
    lines = _standings(folder)
    assert [lines[n]["place_points"] for n in first] == [0.0, 0.0, 0.0, 3.0]


def test_check_names_the_walk_out_and_passes(tmp_path: Path) -> None:
    folder = _liga(tmp_path)
    (first, second), _out = _seated(folder)
    assert invoke("tournament", "walkout", str(folder), "1", "2", second[1]).exit_code == 0
    entries = [f"{n}={t:+d}" for n, t in zip(first, (40, -12, -8, -20), strict=True)]
    assert invoke("tournament", "result", str(folder), "1", "1", *entries).exit_code == 0
    checked = invoke("tournament", "check", str(folder))
    assert checked.exit_code == 0, checked.output
    assert f"round 1/table 2: walk-out of {second[1]}: the others get" in checked.stderr


def test_house_rules_set_the_walk_out_and_sit_out_results(tmp_path: Path) -> None:
    house = tmp_path / "house.toml"
    house.write_text(
        'base = "plb"\nname = "klub"\n[tournament]\nwalkout_place_points = 2.5\n'
        "walkout_small_points = 20\nleft_small_points = -10\nsitout_place_points = 0\n"
        "sitout_small_points = 0\n",
        "utf-8",
    )
    shown = invoke("rules", str(house))
    assert "a walk-out: the other three  2.5, small points 20" in shown.stdout
    folder = _liga(tmp_path, str(house))
    (first, _second), (sitting,) = _seated(folder)
    assert invoke("tournament", "walkout", str(folder), "1", "1", first[0]).exit_code == 0
    lines = _standings(folder)
    assert (lines[first[1]]["place_points"], lines[first[1]]["total"]) == (2.5, 20)
    assert (lines[first[0]]["place_points"], lines[first[0]]["total"]) == (0.0, -10)
    assert lines[sitting]["rounds"] == [] and lines[sitting]["sat_out"] == [1]


def test_walkouts_csv_reads_back_and_refuses_a_broken_row() -> None:
    rows = [Walkout(1, 2, "Ania"), Walkout(1, 2, "Bartek", "undone")]
    assert parse_walkouts(format_walkouts(rows), "w.csv") == rows
    assert counting(rows) == {(1, 2): ("Ania",)}
    with pytest.raises(TournamentError, match="expected round,table,player,status"):
        parse_walkouts("round,table,player,status\n1,x,Ania,\n", "w.csv")


def test_a_walk_out_needs_no_ledger_and_leaves_the_table_out_of_the_problems(
    tmp_path: Path,
) -> None:
    folder = _liga(tmp_path)
    (first, _second), _out = _seated(folder)
    (folder / "r1" / "t1.csv").write_text("not a ledger\n", "utf-8")
    done = invoke("tournament", "walkout", str(folder), "1", "1", first[2])
    assert done.exit_code == 0, done.output
    shown = invoke("tournament", "standings", str(folder))
    assert "round 1/table 1" not in shown.stdout and "t1.csv" not in shown.stdout
    assert _standings(folder)[first[0]]["place_points"] == 3.0
