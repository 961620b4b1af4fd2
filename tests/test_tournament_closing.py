"""A round's progress at the command line (tournament/rounds/progress.py and service.py):
`draw` refused while the newest round is not in, `--anyway`, `close`, `draw --undo`, a
withdrawal after the last draw, sit-outs after a walk-out, a table ledger served alone, the
hall's secret deleted while a server runs."""

from __future__ import annotations

import json
from pathlib import Path

from filelock import FileLock

from baska_cli.tournament.hall.keys import HALL_LOCK, hall_keys, secret_path
from tests.clikit import invoke
from tests.organiserkit import make_liga
from tests.tournamentkit import play


def _seats(path: str, round_number: int, table: int) -> list[str]:
    rows = Path(path, f"r{round_number}", "seating.csv").read_text("utf-8").splitlines()[1:]
    return [row.split(",")[2] for row in rows if row.split(",")[0] == str(table)]


def test_draw_names_the_tables_not_in_and_anyway_draws(tmp_path: Path) -> None:
    liga = make_liga(tmp_path)
    play(liga, 1)
    refused = invoke("tournament", "draw", liga)
    assert (refused.exit_code, refused.stderr) == (1, (
        "Error: round 1 is not in yet: table 1 (waiting for confirmation), table 2 (not "
        "started); draw it all the same with --anyway, or close round 1 first\n"
    ))  # fmt: skip
    assert not Path(liga, "r2").exists()
    polish = invoke("--lang", "pl", "tournament", "draw", liga)
    assert polish.exit_code == 1 and "runda 1" in polish.stderr and "--anyway" in polish.stderr
    drawn = invoke("tournament", "draw", liga, "--anyway")
    assert drawn.exit_code == 0, drawn.stderr
    assert drawn.stderr.splitlines()[-2] == (
        "not in yet: round 1, table 1 (waiting for confirmation), table 2 (not started)"
    )


def test_a_closed_round_no_longer_keeps_the_next_from_being_drawn(tmp_path: Path) -> None:
    liga = make_liga(tmp_path)
    closed = invoke("tournament", "close", liga, "1")
    assert (closed.exit_code, closed.stderr) == (0, (
        "round 1 is closed: its tables' keys record nothing more; not in, for the organiser "
        "to enter: table 1 (not started), table 2 (not started)\n"
    ))  # fmt: skip
    again = invoke("tournament", "close", liga, "1")
    assert again.stderr.startswith("round 1 was closed already")
    assert invoke("tournament", "draw", liga).exit_code == 0
    for typed, code, said in [
        ("3", 2, "Error: round 3 is not drawn yet (2 drawn)\n"),
        ("0", 2, "Invalid value for 'ROUND': 0 is not in the range x>=1."),
        ("x", 2, "Invalid value for 'ROUND': 'x'"),
    ]:
        result = invoke("tournament", "close", liga, typed)
        assert result.exit_code == code and said in result.stderr, (typed, result.stderr)


def test_undo_takes_back_an_untouched_round_only(tmp_path: Path) -> None:
    liga = make_liga(tmp_path)
    first = json.loads(invoke("tournament", "draw", liga, "--round", "1", "-f", "json").stdout)
    undone = invoke("tournament", "draw", liga, "--undo")
    assert (undone.exit_code, undone.stderr) == (0, "the draw of round 1 was taken back\n")
    assert not Path(liga, "r1").exists()
    none = invoke("tournament", "draw", liga, "--undo")
    assert (none.exit_code, none.stderr) == (
        1, "Error: no round is drawn yet, so there is no draw to take back\n"
    )  # fmt: skip
    redrawn = json.loads(invoke("tournament", "draw", liga, "-f", "json").stdout)
    assert redrawn == first  # (the same seed: the same seating again)
    a, b, _c, _d = _seats(liga, 1, 2)
    assert invoke("score", "-l", str(Path(liga, "r1", "t2.csv")), "zw", f"{a}+{b}", "61")
    refused = invoke("tournament", "draw", liga, "--undo")
    assert (refused.exit_code, refused.stderr) == (1, (
        "Error: round 1 cannot be taken back: table 2 has a hand, a result, a walk-out or a "
        "player's word recorded\n"
    ))  # fmt: skip
    assert Path(liga, "r1", "t2.csv").exists()
    both = invoke("tournament", "draw", liga, "--undo", "--anyway")
    assert (both.exit_code, both.stderr.splitlines()[-1]) == (
        2, "Error: --undo takes back the newest round; give it alone"
    )  # fmt: skip


def test_undo_refuses_a_round_with_a_walkout_or_a_result(tmp_path: Path) -> None:
    liga = make_liga(tmp_path)
    assert invoke("tournament", "walkout", liga, "1", "1", _seats(liga, 1, 1)[0]).exit_code == 0
    assert invoke("tournament", "draw", liga, "--undo").exit_code == 1
    assert invoke("tournament", "walkout", liga, "1", "1", _seats(liga, 1, 1)[0], "--undo")
    assert invoke("tournament", "draw", liga, "--undo").exit_code == 1  # (history counts)
    (tmp_path / "other").mkdir()
    other = make_liga(tmp_path / "other")
    entries = [f"{n}={t}" for n, t in zip(_seats(other, 1, 2), ("+1", "-1", "0", "0"), strict=True)]
    assert invoke("tournament", "result", other, "1", "2", *entries).exit_code == 0
    assert "table 2 has" in invoke("tournament", "draw", other, "--undo").stderr


def test_a_withdrawal_after_the_last_draw_is_refused(tmp_path: Path) -> None:
    liga = make_liga(tmp_path)
    for _round in (2, 3):
        assert invoke("tournament", "draw", liga, "--anyway").exit_code == 0
    name = _seats(liga, 3, 1)[0]
    refused = invoke("tournament", "withdraw", liga, name)
    assert refused.exit_code == 1
    assert "all 3 rounds are drawn" in refused.stderr and "before round 4" not in refused.stderr
    assert invoke("tournament", "draw", liga, "--undo").exit_code == 0
    done = invoke("tournament", "withdraw", liga, name)
    assert done.stderr == f"{name} withdraws before round 3; the points earned stay\n"


def test_a_walkouts_beneficiaries_do_not_sit_out_while_others_can(tmp_path: Path) -> None:
    players = tmp_path / "players.txt"
    players.write_text("".join(f"Gracz{n}\n" for n in range(1, 10)), "utf-8")  # 9: one sits out
    liga = str(tmp_path / "liga")
    made = invoke("tournament", "new", liga, "-p", str(players), "--rounds", "3",
                  "--deals", "16", "-r", "mester", "--seed", "9")  # fmt: skip
    assert made.exit_code == 0, made.stderr
    assert invoke("tournament", "draw", liga).exit_code == 0
    first_out = json.loads(invoke("tournament", "draw", liga, "--round", "1", "-f", "json").stdout)
    for table in (1, 2):
        seats = _seats(liga, 1, table)
        assert invoke("tournament", "walkout", liga, "1", str(table), seats[0]).exit_code == 0
    free = {n for t in (1, 2) for n in _seats(liga, 1, t)[1:]} | set(first_out["sitting_out"])
    drawn = json.loads(invoke("tournament", "draw", liga, "-f", "json").stdout)
    (out,) = drawn["sitting_out"]
    assert out not in free  # the two who walked out are the only ones without a free result
    assert out in {_seats(liga, 1, 1)[0], _seats(liga, 1, 2)[0]}


def test_a_tournaments_table_ledger_is_served_by_the_tournament(tmp_path: Path) -> None:
    liga = make_liga(tmp_path)
    ledger = str(Path(liga, "r1", "t1.csv"))
    result = invoke("serve", ledger, "--port", "0")
    assert (result.exit_code, result.stderr) == (1, (
        f"Error: {ledger} is a table of the tournament {liga}: `baska serve {liga}` serves "
        "every table of it, each with its own key\n"
    ))  # fmt: skip


def test_no_new_secret_is_made_while_a_server_holds_the_old_one(tmp_path: Path) -> None:
    liga = make_liga(tmp_path)
    before = hall_keys(liga)
    Path(secret_path(liga)).unlink()
    with FileLock(str(Path(liga, HALL_LOCK))):
        result = invoke("tournament", "links", liga, "--base-url", "http://10.0.0.2:8000")
        assert result.exit_code == 1
        assert f"the hall's secret .serve-secret is missing, but `baska serve {liga}`" in (
            result.stderr
        )
        assert not Path(secret_path(liga)).exists()
    assert hall_keys(liga) != before  # (no server: new keys, as the manual says)
