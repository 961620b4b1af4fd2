"""cli/score.py: `baska score` through click.testing.CliRunner: exit codes, stdout, stderr;
batches, and hands recorded with --ledger."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from baska_cli.cli import cli
from tests.clikit import invoke, start_evening

# NOTATION.md, "baska score --format json", for "zw A+C 61 k": the fields scripts depend on.
NOTATION_EXAMPLE = {
    "notation": "zw A+C 61 k",
    "rules": "plb",
    "contract": "zw",
    "declarers": ["A", "C"],
    "opponents": ["B", "D"],
    "points": 61,
    "tricks": None,
    "contras": 1,
    "winner": "declarers",
    "margin": "exit",
    "value": 2,
    "deltas": {"A": 2, "B": -2, "C": 2, "D": -2},
}


def run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def test_json_matches_the_notation_example() -> None:
    code, out, err = run("score", "--format", "json", "zw", "A+C", "61", "k")
    record = json.loads(out)
    assert (code, err) == (0, "")
    assert {key: record[key] for key in NOTATION_EXAMPLE} == NOTATION_EXAMPLE
    assert list(record["deltas"]) == ["A", "B", "C", "D"]


def test_json_deltas_are_in_seat_order_for_a_solo() -> None:
    code, out, _ = run("score", "-f", "json", "zo", "D", "52", "k:A")
    record = json.loads(out)
    assert (code, list(record["deltas"].items())) == (
        0,
        [("A", 20), ("B", 20), ("C", 20), ("D", -60)],
    )
    assert (record["winner"], record["margin"], record["value"], record["callers"]) == (
        "opponents",
        None,
        20,
        ["A"],
    )


def test_the_hand_may_be_one_quoted_argument() -> None:
    assert (
        run("score", "-f", "json", "zw A+C 61 k")[1]
        == run("score", "-f", "json", "zw", "A+C", "61", "k")[1]
    )


def test_table_output() -> None:
    code, out, err = run("score", "zw", "A+C", "61", "k")
    lines = out.splitlines()
    assert (code, err) == (0, "")
    assert lines[0] == "zw A+C 61 k   (plb)"
    assert lines[1].split() == ["A", "B", "C", "D"]
    assert lines[3].split() == ["+2", "-2", "+2", "-2"]
    assert lines[4] == (
        "starzy 61 – won, młodzi with wyjście: 1 × 2 (kontra) = 2 from each of młodzi"
    )


def test_csv_output() -> None:
    code, out, _ = run("score", "--format", "csv", "ci", "A", "50")
    assert code == 0
    assert (
        out.splitlines()[0]
        == "notation,rules,contract,winner,margin,value,contras,A,B,C,D,explanation"
    )
    assert out.splitlines()[1].split(",")[:11] == [
        "ci A 50",
        "plb",
        "ci",
        "opponents",
        "",
        "8",
        "0",
        "-24",
        "8",
        "8",
        "8",
    ]


def test_explain_shows_the_derivation() -> None:
    code, out, _ = run("score", "--explain", "zw", "C+D", "26/1")
    assert code == 0
    assert "  the losers (starzy) have 26, wyjście from 27: bez wyjścia" in out.splitlines()


def test_explain_in_json_adds_the_derivation() -> None:
    code, out, _ = run("score", "-e", "-f", "json", "zw", "A+C", "52")
    record = json.loads(out)
    assert (code, any("remis 52:52" in step for step in record["derivation"])) == (0, True)


@pytest.mark.parametrize(
    ("args", "deltas"),
    [
        (["--rules", "mester", "ci", "C", "45/2"], {"A": 4, "B": 4, "C": -12, "D": 4}),
        (["-r", "pagat", "zw", "A+C", "52", "k:B"], {"A": 2, "B": -2, "C": 2, "D": -2}),
        (["--rules", "MESTER", "kara", "C"], {"A": 4, "B": 4, "C": -12, "D": 4}),
        (["--rules", "mester", "zo", "A", "70", "kara"], {"A": -15, "B": 5, "C": 5, "D": 5}),
        (["adj", "A+4", "B-12", "C+4", "D+4"], {"A": 4, "B": -12, "C": 4, "D": 4}),
    ],
)
def test_rules_option(args: list[str], deltas: dict[str, int]) -> None:
    code, out, _ = run("score", "-f", "json", *args)
    assert (code, json.loads(out)["deltas"]) == (0, deltas)


def test_baska_rules_environment_is_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BASKA_RULES", "pagat")
    code, out, _ = run("score", "-f", "json", "ci", "B", "40")
    assert (code, json.loads(out)["rules"], json.loads(out)["deltas"]["B"]) == (0, "pagat", -36)


def test_rules_option_beats_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BASKA_RULES", "pagat")
    code, out, _ = run("score", "-f", "json", "-r", "plb", "ci", "B", "40")
    assert (code, json.loads(out)["deltas"]["B"]) == (0, -24)


# --- errors: exit 2 for bad input, the message on stderr, never a traceback -----------------

BAD = [
    (["zwo", "A+C", "61"], '"zwo" is not a contract; expected one of'),
    (["zw", "A+C", "13"], "nearest possible totals are 12 or 16"),
    (["zw", "A", "61"], "two players"),
    (["zo", "D", "70", "krb"], "allows at most 2"),
    (["zo", "D", "70", "k:D"], "only an opponent of D"),
    (["me", "A"], "it is played in mester"),
    (["kara", "C"], '"plb" has no penalty'),
    (["adj", "A+4", "B-4", "C+1"], "must sum to zero"),
    (["zw", "𐩀", "61"], '"𐩀"'),
    ([], "no hand given"),
    (["--rules", "plbb", "zw", "A+C", "61"], 'did you mean "plb"?'),
]


@pytest.mark.parametrize(("args", "fragment"), BAD, ids=[" ".join(a) or "(none)" for a, _ in BAD])
def test_bad_input_exits_2_with_the_message_on_stderr(args: list[str], fragment: str) -> None:
    code, out, err = run("score", *args)
    assert (code, out, fragment in err, "Traceback" in err) == (2, "", True, False)
    assert err.startswith("Error: ")


def test_a_missing_rules_file_exits_1(tmp_path: Path) -> None:
    code, _, err = run("score", "--rules", str(tmp_path / "none.toml"), "zw", "A+C", "61")
    assert (code, "cannot read the house rules" in err) == (1, True)


def test_a_broken_rules_file_exits_1_and_names_file_and_key(tmp_path: Path) -> None:
    path = tmp_path / "klub.toml"
    path.write_text('base = "plb"\nexit_old = "x"\n', "utf-8")
    code, _, err = run("score", "--rules", str(path), "zw", "A+C", "61")
    assert (code, f'{path}: "exit_old" must be a whole number' in err) == (1, True)


def test_a_house_rules_file_scores(tmp_path: Path) -> None:
    path = tmp_path / "klub.toml"
    path.write_text('base = "plb"\nsolo_loss_multiplier = 1\n', "utf-8")
    code, out, _ = run("score", "-f", "json", "--rules", str(path), "ci", "A", "50")
    record = json.loads(out)
    assert (code, record["rules"], record["deltas"]["A"]) == (0, "klub", -12)


# --- batch: one result per line; bad lines on stderr with their number -----------------------

BATCH = "zw A+C 61 k\nzwo A+C 61\n\n# a comment\nci A 50\nzo D 70 krb\n"


def test_batch_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(BATCH, "utf-8")
    code, out, err = run("score", "--batch", str(path), "--format", "json")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [r["notation"] for r in records] == ["zw A+C 61 k", "ci A 50"]
    assert [r["deltas"]["A"] for r in records] == [2, -24]
    assert [line.split(": ")[0] for line in err.splitlines()] == [f"{path}:2", f"{path}:6"]
    assert '"zwo" is not a contract' in err.splitlines()[0]


def test_batch_from_stdin() -> None:
    code, out, err = run("score", "--batch", "-", stdin=BATCH)
    assert code == 1
    assert [line.split()[:2] for line in out.splitlines()] == [["1", "zw"], ["5", "ci"]]
    assert [line.split(": ")[0] for line in err.splitlines()] == ["-:2", "-:6"]


def test_batch_csv_has_one_header() -> None:
    code, out, _ = run("score", "-b", "-", "-f", "csv", stdin="zw A+C 61 k\nci A 50\n")
    lines = out.splitlines()
    assert (code, len(lines), lines[0].startswith("notation,")) == (0, 3, True)


def test_batch_of_good_lines_exits_0() -> None:
    code, out, err = run("score", "-b", "-", "-r", "mester", "-f", "json", stdin="me C\nkara C\n")
    assert (code, err, [json.loads(line)["deltas"]["C"] for line in out.splitlines()]) == (
        0,
        "",
        [30, -12],
    )


def test_batch_and_a_hand_are_exclusive() -> None:
    code, _, err = run("score", "--batch", "-", "zw", "A+C", "61", stdin="")
    assert (code, "either a hand or --batch" in err) == (2, True)


# --- --ledger: the hand recorded, the totals and who deals next ---------------------------


@pytest.fixture
def evening(tmp_path: Path) -> str:
    return start_evening(tmp_path)


def test_score_ledger_prints_changes_totals_and_who_deals(evening: str) -> None:
    result = invoke("score", "-l", evening, "ba", "Darek")
    assert result.exit_code == 0
    assert result.stdout == (
        f"{evening}: hand 5 (dealt by Ania): ba Darek   (plb)\n"
        "         Ania    Bartek    Celina    Darek\n"
        "-----  ------  --------  --------  -------\n"
        " hand     -10       -10       -10      +30\n"
        "total     -22        -6        -6      +34\n"
        "baśka Darek – won without play: 10 = 10 from each, Darek +30\n"
        "next: Bartek deals, Celina leads (3 of 8 deals left)\n"
    )


def test_score_ledger_from_the_environment_json_and_dry_run(evening: str) -> None:
    before = Path(evening).read_text("utf-8")
    result = invoke("score", "-n", "-f", "json", "zw", "b+d", "78", env={"BASKA_LEDGER": evening})
    assert result.exit_code == 0
    record = json.loads(result.stdout)
    assert (record["n"], record["dealer"], record["notation"]) == (5, "Ania", "zw Bartek+Darek 78")
    assert record["deltas"] == {"Ania": -1, "Bartek": 1, "Celina": -1, "Darek": 1}
    assert record["totals"] == {"Ania": -13, "Bartek": 5, "Celina": 3, "Darek": 5}
    assert (record["next_dealer"], record["next_leader"], record["deals_left"]) == (
        "Bartek",
        "Celina",
        3,
    )
    assert result.stderr == (
        f"ledger: {evening} (from BASKA_LEDGER)\ndry run: hand 5 was not recorded in {evening}\n"
    )
    assert Path(evening).read_text("utf-8") == before


def test_score_ledger_csv(evening: str) -> None:
    result = invoke("score", "-l", evening, "-f", "csv", "ba", "D")
    assert result.exit_code == 0
    header, row = result.stdout.splitlines()
    assert header.endswith(
        ",n,dealer,Ania total,Bartek total,Celina total,Darek total,next dealer,next leader"
    )
    assert row.startswith("ba Darek,plb,ba,")
    assert row.endswith(",5,Ania,-22,-6,-6,34,Bartek,Celina")


@pytest.mark.parametrize(
    ("args", "code", "fragment"),
    [
        (("zw", "Ania+Ewa", "61"), 2, '"Ewa" in "Ania+Ewa" is not a player'),
        (("zwo", "A", "61"), 2, "is not a contract"),
        (("me", "Ania"), 2, 'not a contract of the rule system "plb"'),
        (("--rules", "mester", "zw", "ab", "70"), 2, 'is played under "plb"'),
    ],
)
def test_bad_hands_are_refused_and_not_recorded(
    evening: str, args: tuple[str, ...], code: int, fragment: str
) -> None:
    before = Path(evening).read_text("utf-8")
    result = invoke("score", "--ledger", evening, *args)
    assert result.exit_code == code
    assert fragment in result.stderr
    assert result.stdout == ""
    assert Path(evening).read_text("utf-8") == before


# --- files that are not regular files, and over-long lines ---------------------------------


def _baska(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """`baska ARGS` in its own process, which must end within 30 s (never wait on a pipe)."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("BASKA_")}
    return subprocess.run(
        [sys.executable, "-m", "baska_cli", *args],
        capture_output=True,
        text=True,
        env={**environ, **(env or {})},
        stdin=subprocess.DEVNULL,
        timeout=30,
        check=False,
    )


def test_batch_from_a_named_pipe_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "hands"
    os.mkfifo(fifo)
    done = _baska("score", "--batch", str(fifo))
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.endswith(
        f"Error: Invalid value for '--batch' / '-b': '{fifo}': is a named pipe, "
        f"not a file of hands\n"
    )


@pytest.mark.parametrize(("name", "kind"), [("/dev/zero", "a character device"), ("", "")])
def test_batch_from_a_device_or_a_folder_is_refused(tmp_path: Path, name: str, kind: str) -> None:
    name, kind = (name, kind) if name else (str(tmp_path), "a directory")
    if not os.path.exists(name):
        pytest.skip(f"no {name}")
    code, out, err = run("score", "--batch", name)
    assert (code, out) == (2, "")
    assert err.endswith(f"'{name}': is {kind}, not a file of hands\n")


def test_batch_through_a_symlink_is_read(tmp_path: Path) -> None:
    (tmp_path / "hands.txt").write_text("zw A+C 61 k\n", "utf-8")
    (tmp_path / "link.txt").symlink_to(tmp_path / "hands.txt")
    code, out, _ = run("score", "-b", str(tmp_path / "link.txt"))
    assert (code, out.split()[:2]) == (0, ["1", "zw"])


def test_a_batch_line_longer_than_the_limit_is_reported_and_skipped(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    fits = "# " + "x" * 4092 + "\n"  # 4096 characters with its line end: a comment
    path.write_text(f"zw A+C 61 k\n{fits}{'y' * 100_000}\nba D\n{'z' * 5000}", "utf-8")
    code, out, err = run("score", "-b", str(path))
    assert code == 1
    assert [line.split()[:2] for line in out.splitlines()] == [["1", "zw"], ["4", "ba"]]
    assert err.splitlines() == [
        f"{path}:{n}: the line is longer than 4096 characters; a hand is far shorter"
        for n in (3, 5)
    ]


def test_a_long_batch_line_from_stdin_too() -> None:
    code, out, err = run("score", "-b", "-", stdin="q" * 5000 + "\r\nzd C /4\n")
    assert code == 1
    assert [line.split()[:2] for line in out.splitlines()] == [["2", "zd"]]
    assert err == "-:1: the line is longer than 4096 characters; a hand is far shorter\n"


@pytest.mark.slow  # (child processes: in the slow step)
def test_a_named_pipe_as_baska_ledger_is_refused(tmp_path: Path) -> None:
    fifo = tmp_path / "e.csv"
    os.mkfifo(fifo)
    for args, env in (
        (("score", "zw", "ac", "61"), {"BASKA_LEDGER": str(fifo)}),
        (("score", "-l", str(fifo), "zw", "ac", "61"), None),
        (("ledger", str(fifo)), None),
        (("check", str(fifo)), None),
        (("undo", str(fifo)), None),
    ):
        done = _baska(*args, env=env)
        assert (done.returncode, done.stdout) == (1, ""), args
        error = f"{fifo}: is a named pipe, not a ledger file\n"
        said = f"ledger: {fifo} (from BASKA_LEDGER)\n" if env else ""  # which file it used
        assert done.stderr == said + ("" if args[0] == "check" else "Error: ") + error, args


@pytest.mark.slow  # (child processes: in the slow step)
@pytest.mark.parametrize("kind", ["fifo", "device"])
def test_a_named_pipe_or_device_as_baska_rules_is_refused(tmp_path: Path, kind: str) -> None:
    if kind == "fifo":
        name, what = str(tmp_path / "house.toml"), "a named pipe"
        os.mkfifo(name)
    else:
        name, what = "/dev/zero", "a character device"
        if not os.path.exists(name):
            pytest.skip("no /dev/zero")
    for args, env in (
        (("score", "zw", "A+C", "61"), {"BASKA_RULES": name}),
        (("score", "-r", name, "zw", "A+C", "61"), None),
        (("rules", name), None),
    ):
        done = _baska(*args, env=env)
        assert (done.returncode, done.stdout) == (1, ""), args
        assert done.stderr == f"Error: {name}: is {what}, not a house-rules file\n", args


# --- issue 16: every option takes effect or is refused with exit status 2 ---

REFUSED = [
    (["--batch", "-", "--ledger", "L"], "--batch does not go with --ledger"),
    (["--batch", "-", "--dry-run"], "--dry-run does not go with --batch"),
    (["--batch", "-", "--explain"], "--explain does not go with --batch"),
    (["--batch", "-", "zw", "A+C", "61"], "either a hand or --batch"),
    (["--dry-run", "zw", "A+C", "61"], "--dry-run goes with a ledger"),
    (["-f", "csv", "--explain", "zw", "A+C", "61"], "--explain does not go with --format csv"),
    (["-f", "csv", "--explain", "--batch", "-"], "--explain does not go with --format csv"),
    (["--ledger", "", "zw", "A+C", "61"], "--ledger needs a file name"),
    (["--rules", " ", "zw", "A+C", "61"], "--rules (or BASKA_RULES) is empty"),
]


@pytest.mark.parametrize(("args", "message"), REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_options_that_do_not_go_together_are_refused(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["score", *args], input="zw A+C 61\n")
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert message in result.stderr


def test_batch_with_a_ledger_refused_before_anything_is_recorded(tmp_path: Path) -> None:
    path = start_evening(tmp_path)
    before = Path(path).read_bytes()
    result = CliRunner().invoke(cli, ["score", "-b", "-", "-l", path], input="ba D\n")
    assert result.exit_code == 2
    assert Path(path).read_bytes() == before


def test_the_ledger_environment_variable_is_not_used_by_a_batch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BASKA_LEDGER fills in a missing ledger for single hands only (the help says so)."""
    path = start_evening(tmp_path)
    before = Path(path).read_bytes()
    monkeypatch.setenv("BASKA_LEDGER", path)
    result = CliRunner().invoke(cli, ["score", "-b", "-"], input="ba D\n")
    assert result.exit_code == 0
    assert "D  +30" in result.stdout
    assert Path(path).read_bytes() == before
    help_text = " ".join(invoke("score", "--help").stdout.split())
    assert "BASKA_LEDGER fills in a missing ledger for a single hand only" in help_text


def test_dry_run_with_the_ledger_from_the_environment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = start_evening(tmp_path)
    before = Path(path).read_bytes()
    monkeypatch.setenv("BASKA_LEDGER", path)
    result = invoke("score", "--dry-run", "ba", "Darek")
    assert result.exit_code == 0
    assert "hand 5" in result.stdout
    assert Path(path).read_bytes() == before


def test_explain_with_json_adds_the_derivation() -> None:
    plain = json.loads(invoke("score", "-f", "json", "zw", "A+C", "61").stdout)
    explained = json.loads(invoke("score", "-f", "json", "-e", "zw", "A+C", "61").stdout)
    assert "derivation" not in plain
    assert explained["derivation"]


def test_a_batch_line_that_is_not_utf8_is_named_by_file_and_line(tmp_path: Path) -> None:
    batch = tmp_path / "b.txt"
    batch.write_bytes(b"zw A+C 61\nzw A+C 6\xff1\nba D\n")
    result = invoke("score", "--batch", str(batch))
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert result.stderr == f"{batch}:2: not UTF-8 text (the byte 0xff at column 9)\n"
    assert [line.split()[0] for line in result.stdout.splitlines()] == ["1", "3"]


def test_standard_input_that_is_not_utf8() -> None:
    result = CliRunner().invoke(cli, ["score", "-b", "-"], input=b"\xef\xbb\xbfzw A+C 61\n\xe9\n")
    assert result.exit_code == 1
    assert result.stderr == "-:2: not UTF-8 text (the byte 0xe9 at column 1)\n"


def test_a_hand_past_the_planned_deals_needs_extra(tmp_path: Path) -> None:
    path = str(tmp_path / "short.csv")
    assert invoke("new", path, "-p", "Ania,Bartek,Celina,Darek", "--deals", "1").exit_code == 0
    assert invoke("score", "-l", path, "zw", "ac", "61").exit_code == 0
    before = Path(path).read_bytes()
    result = invoke("score", "-l", path, "zo", "d", "70")
    assert (result.exit_code, result.stdout, result.stderr) == (
        1,
        "",
        f"Error: {path}: all 1 planned deals are played; this hand would be deal 2 (add --extra "
        "to record it anyway)\n",
    )
    assert Path(path).read_bytes() == before
    result = invoke("score", "-l", path, "adj", "a+4", "b-4")  # an adj deals nothing
    assert result.exit_code == 0
    result = invoke("score", "-l", path, "--extra", "zo", "d", "70")
    assert result.exit_code == 0
    assert result.stdout.splitlines()[-1] == (
        "next: Celina deals, Darek leads (0 of 1 deal left, 1 over the plan)"
    )
    result = invoke("score", "--extra", "zo", "d", "70")
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: --extra goes with a ledger (--ledger FILE or BASKA_LEDGER); leave it out\n",
    )


REFUSED_IN_POLISH = [
    (
        ["--batch", "-", "--dry-run"],
        "--dry-run nie działa z --batch: rozdania z pliku nigdy nie są zapisywane",
    ),
    (
        ["--batch", "-", "zw", "A+C", "61"],
        "podaj albo rozdanie, albo --batch PLIK, nie jedno i drugie",
    ),
    (
        ["--dry-run", "zw", "A+C", "61"],
        "--dry-run działa tylko z zapisem (--ledger PLIK albo BASKA_LEDGER): bez niego i tak "
        "nic nie jest zapisywane; pomiń --dry-run",
    ),
    (["--ledger", "", "zw", "A+C", "61"], "--ledger wymaga nazwy pliku, np. --ledger wieczor.csv"),
    (
        ["--rules", " ", "zw", "A+C", "61"],
        "--rules (albo BASKA_RULES) jest puste; podaj zasady (plb, mester, pagat) albo plik "
        ".toml z zasadami domowymi, albo pomiń je, a obowiązywać będą zasady plb",
    ),
    ([], "nie podano rozdania; oczekiwano np. „baska score zw A+C 61 k”"),
]


@pytest.mark.parametrize(
    ("args", "message"), REFUSED_IN_POLISH, ids=[" ".join(a) for a, _ in REFUSED_IN_POLISH]
)
def test_refusals_in_polish(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["--lang", "pl", "score", *args], input="zw A+C 61\n")
    assert (result.exit_code, result.stdout, result.stderr) == (2, "", f"Błąd: {message}\n")


def test_a_dry_run_and_batch_lines_in_polish(evening: str) -> None:
    result = invoke("--lang", "pl", "score", "-l", evening, "-n", "ba", "Darek")
    assert result.exit_code == 0
    assert result.stderr == f"próba: rozdanie 5 nie zostało zapisane w {evening}\n"
    long_line = "zw A+C 61 " + "k" * 5000 + "\n"
    result = CliRunner().invoke(cli, ["--lang", "pl", "score", "--batch", "-"], input=long_line)
    assert result.exit_code == 1
    assert result.stderr.splitlines()[0] == (
        "-:1: wiersz ma ponad 4096 znaków; rozdanie jest dużo krótsze"
    )


# --- the explanation: the interface language for players, Polish for scripts (issue 12) ---

POLISH_61 = "starzy 61 – wygrana, młodzi z wyjściem: 1 × 2 (kontra) = 2 od każdego młodego"
ENGLISH_61 = "starzy 61 – won, młodzi with wyjście: 1 × 2 (kontra) = 2 from each of młodzi"


@pytest.mark.parametrize("language", ["en", "pl"])
def test_json_and_csv_explain_in_polish_whatever_the_language(language: str) -> None:
    as_json = invoke("--lang", language, "score", "-e", "-f", "json", "zw", "A+C", "61", "k")
    as_csv = invoke("--lang", language, "score", "-f", "csv", "zw", "A+C", "61", "k")
    record = json.loads(as_json.stdout)
    assert (as_json.exit_code, as_csv.exit_code) == (0, 0)
    assert (record["explanation"], record["derivation"][1]) == (
        POLISH_61,
        "kontry: 1 liczona kontra",
    )
    assert as_csv.stdout.splitlines()[1].endswith(f',"{POLISH_61}"')


@pytest.mark.parametrize(("language", "shown"), [("en", ENGLISH_61), ("pl", POLISH_61)])
def test_a_table_explains_in_the_interface_language(language: str, shown: str) -> None:
    single = invoke("--lang", language, "score", "zw", "A+C", "61", "k")
    batch = CliRunner().invoke(cli, ["--lang", language, "score", "--batch", "-"], "zw A+C 61 k\n")
    assert (single.exit_code, batch.exit_code) == (0, 0)
    assert single.stdout.splitlines()[4] == shown
    assert batch.stdout.rstrip("\n").endswith(f"   {shown}")
