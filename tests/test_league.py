"""`baska league`: two leagues built from generated events — the register (import, add,
merge, look-alike names), tournaments made from it or added to it, the season recomputed
here with exact fractions by a function of the tests' own, the ratings compared with
openskill called directly on the same games."""

from __future__ import annotations

import csv
import io
import json
import random
import subprocess
import sys
from collections.abc import Sequence
from fractions import Fraction
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from baska_cli.tournament.folder import load
from tests import tournamentkit as kit
from tests.clikit import invoke

REGISTER = (
    "Imię i nazwisko;Klub;Licencja;Kategoria;Drużyna\n"
    "Jan Kowalski;Puck;101;M;Puck A\n"
    "Anna Nowak;Puck;102;K;Puck A\n"
    "Żaneta Bąk;Lębork;103;K;Lębork\n"
    "Piotr Lis;Lębork;104;M;Lębork\n"
    "Ewa Kot;Puck;105;K;Puck A\n"
    "Feliks Mak;Lębork;106;M;Lębork\n"
    "Halina Bor;Puck;107;K;Puck A\n"
    "Grzegorz Wąs;Lębork;108;M;Lębork\n"
    "Celina Ryś;;109;K;\n"
    "Darek Sum;;110;M;\n"
)
NAMES = [line.split(";")[0] for line in REGISTER.splitlines()[1:]]
PLACE_POINTS = (5, 3, 1, 0)  # plb's session.place_points (no bonus for a positive total)
TABLE = (25, 20, 16, 13, 11, 10, 9, 8)  # league A's points by place in an event
Game = tuple[int, int, tuple[str, ...], tuple[int, ...]]  # round, table, ids, totals


def ok(*args: str) -> str:
    done = invoke(*args)
    assert done.exit_code == 0, done.output
    return done.stdout


def play_event(path: str, rng: random.Random, rounds: int = 2) -> list[Game]:
    """Every round of a tournament drawn and its tables' paper results entered (random
    totals, some equal): the games as played, by the players' ids."""
    played: list[Game] = []
    for number in range(1, rounds + 1):
        kit.draw(path)
        t = load(path)
        ids = {p.name: p.id for p in t.players}
        for table, members in enumerate(t.draws[number - 1].tables, 1):
            a, b = rng.choice((10, 20, 30)), rng.choice((10, 20, -10))
            c = rng.choice((a, -20, 0))  # equal totals now and then
            totals = (a, b, c, -a - b - c)
            kit.result(path, number, table, *kit.entries(path, number, table, totals))
            played.append((number, table, tuple(ids[m] for m in members), totals))
    return played


# ---- the season by hand: exact fractions, nothing of baska's season code -----------------


def shared(points: Sequence[int], first: int, count: int) -> Fraction:
    """The average of the points of places first … first + count − 1 (0 past the list)."""
    got = [points[p - 1] if p <= len(points) else 0 for p in range(first, first + count)]
    return Fraction(sum(got), count)


def table_places(totals: Sequence[int]) -> list[int]:
    return [1 + sum(1 for o in totals if o > t) for t in totals]


def event_standings(games: Sequence[Game]) -> dict[str, tuple[int, Fraction, int]]:
    """Each player's place in an event, place points and total (ties by place points, the
    total, tables won; equal on all: one place)."""
    sums: dict[str, list[Fraction | int]] = {}
    for _round, _table, ids, totals in games:
        ranks = table_places(totals)
        for ident, rank, total in zip(ids, ranks, totals, strict=True):
            row = sums.setdefault(ident, [Fraction(0), 0, 0])
            row[0] += shared(PLACE_POINTS, rank, ranks.count(rank))
            row[1] += total
            row[2] += rank == 1
    key = {i: (-r[0], -r[1], -r[2]) for i, r in sums.items()}
    return {
        i: (1 + sum(1 for o in key.values() if o < key[i]), Fraction(r[0]), int(r[1]))
        for i, r in sums.items()
    }


def season_by_hand(
    events: Sequence[Sequence[Game]],
    table: Sequence[int] | None,
    best: int | None,
    min_events: int,
    order: Sequence[str],
) -> list[tuple[int | None, str, Fraction, int]]:
    """(place, id, points, events) of every player, best first."""
    results: dict[str, list[tuple[Fraction, int, int]]] = {}  # (points, total, place)
    for games in events:
        placed = event_standings(games)
        places = [p for p, _pp, _t in placed.values()]
        for ident, (place, pp, total) in placed.items():
            pts = pp if table is None else shared(table, place, places.count(place))
            results.setdefault(ident, []).append((pts, total, place))
    rows = []
    for ident, got in results.items():
        ranked = sorted(range(len(got)), key=lambda i: (-got[i][0], -got[i][1]))
        kept = [got[i] for i in sorted(ranked[: best or len(got)])]
        points = sum((k[0] for k in kept), Fraction(0))
        ties = {
            "total": -sum(k[1] for k in kept),
            "wins": -sum(1 for k in kept if k[2] == 1),
            "best_place": min(k[2] for k in kept),
        }
        rows.append(
            (len(got) < min_events, (-points, *(ties[k] for k in order)), ident, points, len(got))
        )
    rows.sort(key=lambda r: (r[0], r[1]))
    out = []
    for short, key, ident, points, count in rows:
        place = None if short else 1 + sum(1 for r in rows if not r[0] and r[1] < key)
        out.append((place, ident, points, count))
    return out


def ratings_by_hand(events: Sequence[Sequence[Game]]) -> dict[str, tuple[float, float, int]]:
    """openskill called directly on every table, events in date order."""
    model = PlackettLuce()
    rated: dict[str, object] = {}
    rounds: dict[str, int] = {}
    for games in events:
        for _round, _table, ids, totals in sorted(games, key=lambda g: (g[0], g[1])):
            teams = [[rated.get(i) or model.rating()] for i in ids]
            after = model.rate(teams, ranks=table_places(totals))  # type: ignore[arg-type]
            for i, [r] in zip(ids, after, strict=True):
                rated[i] = r
                rounds[i] = rounds.get(i, 0) + 1
    return {i: (r.mu, r.sigma, rounds[i]) for i, r in rated.items()}  # type: ignore[attr-defined]


def compared(
    got: list[dict[str, object]], want: list[tuple[int | None, str, Fraction, int]]
) -> None:
    """The same lines (within a shared place, in any order)."""
    assert [r["place"] for r in got] == [w[0] for w in want]
    assert sorted(
        (r["place"] or 99, r["id"], r["points_exact"], r["events"]) for r in got
    ) == sorted((p or 99, i, f"{pts.numerator}/{pts.denominator}", n) for p, i, pts, n in want)


# ---- league A: tournaments made from the register, points by place, best 3 of 4 --------


@pytest.fixture(scope="module")
def league_a(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, list[list[Game]]]:
    home = tmp_path_factory.mktemp("a")
    (home / "zawodnicy.csv").write_text(REGISTER, "utf-8")
    liga = str(home / "liga")
    ok(
        "league", "new", liga, "--title", "Liga Lęborska", "--players", str(home / "zawodnicy.csv"),
        "--places", "25,20,16,13,11,10,9,8", "--best", "3", "--min-events", "2",
        "--tie-breaks", "total,wins", "--min-rounds", "5",
    )  # fmt: skip
    rng = random.Random(35)
    events = []
    for n in range(4):
        chosen = rng.sample(NAMES, 8)
        if n == 3:
            chosen[-1] = "Nowa Osoba"  # a name the register does not know
        (home / f"gp{n}.txt").write_text("".join(f"{c}\n" for c in chosen), "utf-8")
        path = str(home / f"gp{n}")
        made = invoke(
            "tournament", "new", path, "--league", liga, "-p", str(home / f"gp{n}.txt"),
            "--rounds", "2", "--deals", "8", "-r", "plb", "--seed", str(n),
        )  # fmt: skip
        assert made.exit_code == 0, made.output
        if n == 3:
            assert "Nowa Osoba was added to the register as N1" in made.stderr
        events.append(play_event(path, rng))
    return liga, events


def test_tournaments_take_their_players_from_the_register(
    league_a: tuple[str, list[list[Game]]],
) -> None:
    liga, _events = league_a
    register = json.loads(ok("league", "players", liga, "--format", "json"))["players"]
    assert [p["id"] for p in register] == [*(str(i) for i in range(101, 111)), "N1"]
    t = load(str(Path(liga).parent / "gp0"))
    assert all(p.id for p in t.players) and t.plan.league == ""  # (league.toml says it)
    assert "league" not in Path(t.path, "tournament.toml").read_text("utf-8")
    assert '[[events]]\npath = "../gp0"' in Path(liga, "league.toml").read_text("utf-8")
    assert {p.full_name or p.name for p in t.players} <= set(NAMES)


def test_league_a_standings_are_those_counted_by_hand(
    league_a: tuple[str, list[list[Game]]],
) -> None:
    liga, events = league_a
    got = json.loads(ok("league", "standings", liga, "--format", "json"))["standings"]
    compared(got, season_by_hand(events, TABLE, 3, 2, ("total", "wins")))
    assert all(r["counted"] == min(r["events"], 3) for r in got)
    table = ok("league", "standings", liga)
    assert "best 3 events count" in table and "gp3" in table


def test_a_category_is_placed_among_itself(league_a: tuple[str, list[list[Game]]]) -> None:
    liga, events = league_a
    women = {"102", "103", "105", "107", "109"}
    got = json.loads(ok("league", "standings", liga, "--category", "k", "-f", "json"))
    want = [r for r in season_by_hand(events, TABLE, 3, 2, ("total", "wins")) if r[1] in women]
    assert [r["id"] for r in got["standings"]] == [r[1] for r in want]
    placed = [r["place"] for r in got["standings"] if r["place"] is not None]
    assert placed[0] == 1 and placed == sorted(placed)
    wrong = invoke("league", "standings", liga, "--category", "X")
    assert wrong.exit_code == 1 and "is not a category" in wrong.stderr


def test_teams_count_their_best_four_in_each_event(league_a: tuple[str, list[list[Game]]]) -> None:
    liga, _events = league_a
    got = json.loads(ok("league", "standings", liga, "--teams", "-f", "json"))["standings"]
    assert {r["player"] for r in got} == {"Puck A", "Lębork"}
    assert all(r["id"] == "" for r in got)


def test_ratings_are_openskills_own_on_the_same_games(
    league_a: tuple[str, list[list[Game]]],
) -> None:
    liga, events = league_a
    done = invoke("league", "ratings", liga, "--format", "json")
    assert done.exit_code == 0, done.output
    got = json.loads(done.stdout)
    assert got["official"] is False and "not the official classification" in done.stderr
    want = ratings_by_hand(events)
    rows = got["ratings"] + got["apart"]
    assert {r["id"] for r in rows} == set(want)
    for r in rows:
        mu, sigma, rounds = want[r["id"]]
        assert r["mu"] == pytest.approx(mu, abs=1e-9) and r["sigma"] == pytest.approx(
            sigma, abs=1e-9
        )
        assert r["rounds"] == rounds and r["rating"] == pytest.approx(mu - 3 * sigma, abs=1e-9)
        assert (r in got["apart"]) == (rounds < 5)
    again = json.loads(ok("league", "ratings", liga, "--format", "json"))
    assert again == got  # deterministic
    assert "not the official classification" in ok("league", "ratings", liga)


# ---- league B: existing tournaments added, place points, dates, a merge -----------------


def test_league_b_adds_tournaments_by_id_in_date_order(tmp_path: Path) -> None:
    rng = random.Random(7)
    events = []
    paths = []
    for n in range(3):
        rows = "name,id,club\n" + "".join(
            f"{name},{100 + i},Puck\n" for i, name in enumerate(kit.NAMES)
        )
        path = kit.new(tmp_path, rows, name=f"e{n}", rules="plb", deals=8, seed=str(n))
        events.append(play_event(path, rng))
        paths.append(path)
    liga = str(tmp_path / "liga")
    ok("league", "new", liga, "--title", "Liga B")
    ok("league", "add", liga, paths[2], "--date", "2026-03-01")
    ok("league", "add", liga, paths[0], paths[1], "--date", "2026-01-01")
    got = json.loads(ok("league", "standings", liga, "-f", "json"))
    assert [e["event"] for e in got["events"]] == ["../e0", "../e1", "../e2"]
    compared(got["standings"], season_by_hand(events, None, None, 1, ("total",)))
    ordered = [events[0], events[1], events[2]]
    want = ratings_by_hand(ordered)
    rated = json.loads(ok("league", "ratings", liga, "-f", "json"))
    for r in rated["ratings"] + rated["apart"]:
        assert r["mu"] == pytest.approx(want[r["id"]][0], abs=1e-9)
    again = invoke("league", "add", liga, paths[0])
    assert (again.exit_code, again.stderr) == (
        0,
        f"../e0: nothing changed (an event of {liga} already)\n",
    )
    other = str(tmp_path / "other")
    ok("league", "new", other, "--title", "Inna")
    settings = Path(paths[0], "tournament.toml")  # as an earlier baska wrote it
    text = settings.read_text("utf-8").replace("\nrounds", '\nleague = "../liga"\nrounds')
    settings.write_text(text, "utf-8")
    refused = invoke("league", "add", other, paths[0])
    assert (refused.exit_code, refused.stderr) == (1, (
        f"Error: {paths[0]}: belongs to the league ../liga already; a tournament is an event of "
        "one league\n"
    ))  # fmt: skip
    assert invoke("tournament", "set", paths[0], "league", "").exit_code == 2  # (no setting)
    # two records of one person merged: the events of both count for the one kept
    ok("league", "players", "add", liga, "Ania Druga", "--id", "999")
    ok("league", "players", "merge", liga, "999", "100")
    merged = json.loads(ok("league", "standings", liga, "-f", "json"))["standings"]
    assert "100" not in {r["id"] for r in merged} and "999" in {r["id"] for r in merged}
    assert json.loads(ok("league", "players", liga, "-f", "json"))["merged"] == [
        {"id": "100", "kept": "999", "name": "Ania"}
    ]


def test_the_register_warns_of_names_that_look_alike(tmp_path: Path) -> None:
    (tmp_path / "p.csv").write_text("name;id\nŻaneta Bąk;1\nZaneta Bak;2\n", "utf-8")
    liga = str(tmp_path / "liga")
    made = invoke("league", "new", liga, "--title", "L", "--players", str(tmp_path / "p.csv"))
    assert made.exit_code == 0, made.output
    assert 'warning: "Żaneta Bąk" (1) and "Zaneta Bak" (2) look alike' in made.stderr
    twice = invoke("league", "players", "add", liga, "Jan Kowalski")
    again = invoke("league", "players", "add", liga, "jan  kowalski")
    assert "added to the register as N1" in twice.stderr and "as N2" in again.stderr
    assert '"Jan Kowalski" (N1) and "jan kowalski" (N2) look alike' in again.stderr
    listed = invoke("league", "players", liga, "--format", "csv")
    assert listed.stdout.splitlines()[0] == "id,name,club,team,category"
    assert invoke("league", "players", "merge", liga, "N1", "N7").exit_code == 2
    gone = invoke("league", "standings", str(tmp_path / "none"))
    assert gone.exit_code == 1 and "not a league folder" in gone.stderr


def test_a_wrong_date_is_refused_and_standings_never_load_openskill(tmp_path: Path) -> None:
    liga = str(tmp_path / "liga")
    ok("league", "new", liga, "--title", "L")
    path = kit.new(tmp_path, name="e1")
    wrong = invoke("league", "add", liga, path, "--date", "2026-13-01")
    assert wrong.exit_code == 2 and '--date "2026-13-01"' in wrong.stderr
    assert load(path).plan.league == ""
    code = (
        "import sys; from baska_cli.cli import main\n"
        "from baska_cli.league.service.season import season\n"
        f"season({liga!r}); assert 'openskill' not in sys.modules"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_the_exports_mark_the_events_counted_and_the_json_carries_rest(
    league_a: tuple[str, list[list[Game]]],
) -> None:
    liga, _events = league_a
    got = json.loads(ok("league", "standings", liga, "--format", "json"))
    assert got["regulations"]["rest"] == "0/1"
    rows = list(csv.DictReader(io.StringIO(ok("league", "standings", liga, "--format", "csv"))))
    events = [e["event"] for e in got["events"]]
    for row, line in zip(rows, got["standings"], strict=True):
        counted = {r["event"]: r["counted"] for r in line["results"]}
        assert [row[f"counted:{e}"] for e in events] == [
            "" if e not in counted else str(int(counted[e])) for e in events
        ]
    assert any(row[f"counted:{e}"] == "0" for row in rows for e in events)


def test_the_polish_terminal_writes_decimal_commas(
    league_a: tuple[str, list[list[Game]]],
) -> None:
    liga, _events = league_a
    rated = json.loads(ok("league", "ratings", liga, "--format", "json"))["ratings"][0]
    table = ok("--lang", "pl", "league", "ratings", liga)
    assert f"{rated['mu']:.2f}".replace(".", ",") in table
    assert f"{rated['mu']:.2f}" not in table
