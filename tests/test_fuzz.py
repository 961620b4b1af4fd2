"""Fuzzing with hypothesis: the notation parser and the ledger reader let nothing escape but
the project's own errors, name lines that exist, never hang, and a ledger that reads with any
problem is never written to; a hand that parses round-trips and scores to a zero sum.
(tests/fuzz/ holds the same targets for atheris.)"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baska_cli import ledger
from baska_cli.cli import cli
from baska_cli.errors import BaskaError, LedgerError
from baska_cli.game.model import DEFAULT_PLAYERS
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.rules import BUILTIN_NAMES
from baska_cli.game.scoring import score
from baska_cli.game.vocabulary import CONTRACT_ALIASES
from baska_cli.rulesets.loader import builtin

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")
WATCHDOG_SECONDS = 20  # a hang detector, far above any example's time: not a speed test


class Hang(Exception):
    """An example ran past the watchdog."""


@contextlib.contextmanager
def watchdog() -> Iterator[None]:
    def alarm(signum: int, frame: object) -> None:
        raise Hang(f"no answer within {WATCHDOG_SECONDS} s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, WATCHDOG_SECONDS)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# --- the notation parser ----------------------------------------------------------------

WORDS = sorted({w for short, aliases in CONTRACT_ALIASES.items() for w in (short, *aliases)})
SIDE = st.sampled_from(["A", "b", "C+D", "a+c", "1", "4", "2+3", "Ania", "bart", "Ce+Da", "E"])
NUMBERS = st.one_of(
    st.integers(-5, 200).map(str),
    st.tuples(st.integers(0, 130), st.integers(0, 6)).map(lambda p: f"{p[0]}/{p[1]}"),
    st.integers(0, 6).map(lambda t: f"/{t}"),
    st.sampled_from(["61", "1" * 40, "٣", "６１", "0x3d", "1_0", "/", "//", "61/"]),
)
CONTRAS = st.sampled_from(["k", "kr", "krb", "krbh", "krbhk", "k:A", "k:A,C,B", "k:", "kara"])
SOUP_WORDS = [  # contracts, sides, points, contras and changes, good and bad
    *("zw", "we", "ci", "gr", "zo", "gd", "zd", "ba", "me", "zb", "kara", "adj", "zwykła"),
    *("baśka", "gran-du", "A", "B", "C", "D", "a", "ac", "AC", "1", "3", "5", "A+C", "A+"),
    *("+C", "1+3", "E", "ania", "0", "26", "52", "53", "104", "105", "13", "61/2", "/4", "/5"),
    *("0/0", "104/3", "/", "//", "1/", "61/", "k", "kr", "krb", "krbh", "k0", "k4", "k9", "kx"),
    *("k:", "k:B,A", "k:BAD", "k:,", "k:E", "K:", "A+4", "B-12", "C+4", "-4", "𐩀", "²"),
]
TOKENS = st.one_of(
    st.sampled_from(WORDS),
    SIDE,
    NUMBERS,
    CONTRAS,
    st.sampled_from(["adj", "adj A+5", "A+5", "B-999999", "+", ":", ",", "#"]),
    st.sampled_from(SOUP_WORDS),
    st.text(max_size=6),
)
NAMES = st.lists(
    st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=8),
    min_size=4,
    max_size=4,
)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    tokens=st.lists(TOKENS, max_size=8),
    separator=st.sampled_from([" ", "  ", "\t", " \n"]),
    players=st.sampled_from([DEFAULT_PLAYERS, PLAYERS]),
)
def test_notation_token_soup_raises_only_baska_errors(
    tokens: list[str], separator: str, players: tuple[str, ...]
) -> None:
    """Words of the notation in any order, under the names A–D or the table's: a BaskaError
    with a message, or an entry that comes back from its canonical text and that every
    built-in system scores to a zero sum (or refuses with a BaskaError)."""
    text = separator.join(tokens)
    with watchdog():
        try:
            entry = parse_hand(text, players)
        except BaskaError as error:
            assert str(error) != ""
            return
        canonical = format_hand(entry, players)
        assert parse_hand(canonical, players) == entry
        for system in BUILTIN_NAMES:
            try:
                outcome = score(entry, builtin(system), players)
            except BaskaError:
                continue
            assert sum(outcome.deltas) == 0


@settings(max_examples=500, deadline=None)
@given(text=st.text(max_size=40), names=st.one_of(st.just(DEFAULT_PLAYERS), NAMES))
def test_notation_with_any_player_names_raises_only_baska_errors(
    text: str, names: Sequence[str]
) -> None:
    """Any text, alone and after a valid start, under the names A–D or any four strings."""
    with watchdog():
        for line in (f"zw {names[0]}+{names[2]} 61 {text}", text):
            with contextlib.suppress(BaskaError):
                parse_hand(line, names)


@pytest.mark.parametrize(
    "text",
    [
        "zw " + "A+" * 200_000 + "C 61",
        "zw A+C " + "9" * 1_000_000,
        "zw A+C 61 " + "k" * 1_000_000,
        "zw A+C 61 k:" + "A," * 300_000,
        "x" * 1_000_000,
        "adj " + "A+" * 300_000 + "5",
        "zw A+C 61 " + " ".join(["kr"] * 100_000),
    ],
    ids=[
        "long side",
        "long number",
        "long contras",
        "long callers",
        "long word",
        "long adj",
        "many tokens",
    ],
)
def test_notation_on_huge_input_answers(text: str) -> None:
    with watchdog(), pytest.raises(BaskaError):
        parse_hand(text, PLAYERS)


# --- the ledger reader ------------------------------------------------------------------

EVENING = (
    "baska ledger,1\n"
    "players,Ania,Bartek,Celina,Darek\n"
    "rules,plb\n"
    "first dealer,Ania\n"
    "deals,8\n"
    'place,"Gdańsk,\nul. Długa 1"\n'
    "\n"
    "#,dealer,hand,Ania,Bartek,Celina,Darek,"
    "Ania total,Bartek total,Celina total,Darek total,status\n"
    "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\n"
    "2,Bartek,zo Darek 70,-5,-5,-5,15,,,,,void\n"
    "3,Celina,gr Bartek 53,-5,15,-5,-5,,,,,amended\n"
    "3,Celina,gr Bartek 40,10,-30,10,10,12,-32,12,8\n"
    "4,Darek,ci Celina 70,-4,-4,12,-4,,,,,undone\n"
    "4,Darek,ba Ania,30,-10,-10,-10,42,-42,2,-2\n"
)
SNIPPETS = [
    b",",
    b'"',
    b"\n",
    b"\r",
    b"\r\n",
    b"\xff",
    b"\xc3",
    b"\x00",
    b"\xef\xbb\xbf",
    b"-",
    b"+",
    b"9" * 30,
    b"void",
    b"amended",
    b"undone",
    b"#",
    b" ",
    b",,,,,,,,,,,,,",
]


@st.composite
def mutated_ledgers(draw: st.DrawFn) -> bytes:
    """A valid ledger (LF or CRLF, with or without a BOM) after a few random edits."""
    data = EVENING.encode()
    if draw(st.booleans()):
        data = data.replace(b"\n", b"\r\n")
    if draw(st.booleans()):
        data = b"\xef\xbb\xbf" + data
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["insert", "delete", "replace", "line", "cell"]))
        at = draw(st.integers(0, len(data)))
        if kind == "insert":
            chunk = draw(st.one_of(st.sampled_from(SNIPPETS), st.binary(max_size=8)))
            data = data[:at] + chunk + data[at:]
        elif kind == "delete":
            data = data[:at] + data[at + draw(st.integers(1, 40)) :]
        elif kind == "replace" and at < len(data):
            data = data[:at] + bytes([draw(st.integers(0, 255))]) + data[at + 1 :]
        elif kind == "line":
            lines = data.splitlines(keepends=True)
            i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
            how = draw(st.sampled_from(["swap", "drop", "copy"]))
            if how == "swap":
                lines[i], lines[j] = lines[j], lines[i]
            elif how == "drop":
                del lines[i]
            else:
                lines.insert(j, lines[i])
            data = b"".join(lines)
        elif kind == "cell":
            lines = data.split(b"\n")
            i = draw(st.integers(0, len(lines) - 1))
            cells = lines[i].split(b",")
            c = draw(st.integers(0, len(cells) - 1))
            cells[c] = draw(st.text(max_size=12)).encode("utf-8", "surrogatepass")
            lines[i] = b",".join(cells)
            data = b"\n".join(lines)
    return data


def _physical_lines(data: bytes) -> int:
    return data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n") + 1


@pytest.mark.slow
@settings(
    max_examples=600,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=mutated_ledgers())
def test_a_mutated_ledger_is_read_or_refused_and_never_damaged(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "fuzz.csv"
    path.write_bytes(data)
    lines = _physical_lines(data)
    with watchdog():
        try:
            problems = ledger.check(str(path)).problems
        except LedgerError as error:
            problems = [error]
        for problem in problems:
            assert problem.path == str(path)
            assert problem.line is None or 1 <= problem.line <= lines, problem
        result = CliRunner().invoke(cli, ["score", "-l", str(path), "ba", "1"])
    assert result.exit_code in (0, 1, 2), result.output
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)
    if problems:
        assert result.exit_code != 0
        assert path.read_bytes() == data
    elif result.exit_code == 0:
        assert ledger.check(str(path)).problems == []
        assert path.read_bytes().startswith(data)


CELL = st.lists(st.sampled_from([*'ab1-+ ,"\r\n\t\x00é€', "9" * 5]), max_size=10).map("".join)


@pytest.mark.slow
@settings(
    max_examples=300,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(rows=st.lists(st.lists(CELL, max_size=14), max_size=12), crlf=st.booleans())
def test_any_csv_rows_after_the_header_give_only_ledger_errors(
    tmp_path: Path, rows: list[list[str]], crlf: bool
) -> None:
    import csv
    import io

    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n" if crlf else "\n").writerows(rows)
    data = (EVENING + buffer.getvalue()).encode("utf-8")
    path = tmp_path / "fuzz.csv"
    path.write_bytes(data)
    with watchdog():
        try:
            problems = ledger.check(str(path)).problems
        except LedgerError as error:
            problems = [error]
    lines = _physical_lines(data)
    assert all(p.line is not None and 1 <= p.line <= lines for p in problems), problems


# --- issue 16: every file baska writes reads back -------------------------------------------

WRITES_EXAMPLES = int(os.environ.get("BASKA_FUZZ_WRITES", "150"))  # the README's goal: 10000
HOSTILE = (
    st.text(
        alphabet=st.sampled_from(
            list("aZż ,;\"'\\#=+-/:[]{}\t\n\r\x00\x07\x1b\x7f\x85\u2028\u200b\ufeff✓0")
        ),
        max_size=12,
    )
    | st.text(min_size=38, max_size=60)
    | st.text(alphabet="xy", min_size=190, max_size=210)
)
NAME = st.text(alphabet=st.sampled_from(list("AaBbŻ_.=@é\x07\u200b")), min_size=1, max_size=4)
NAME = NAME | st.text(alphabet="LM", min_size=45, max_size=52)


@st.composite
def house_files(draw: st.DrawFn) -> str:
    """A house-rules file: a base in any case, hostile texts, a few settings."""
    from baska_cli.game.rules_toml import toml_value

    lines = [f"base = {toml_value(draw(st.sampled_from(['plb', 'PLB', 'mester', 'Pagat'])))}"]
    for key in ("name", "title", "source"):
        if draw(st.booleans()):
            lines.append(f"{key} = {toml_value(draw(HOSTILE))}")
    settings_ = {
        "win_points": st.integers(27, 104),
        "tie_52": st.sampled_from(["opponents_win", "last_doubler_loses"]),
        "slup": st.booleans(),
        "no_gran": st.booleans(),
        "session.deals": st.lists(st.integers(1, 99), max_size=3),
    }
    for key, values in settings_.items():
        if draw(st.booleans()):
            lines.append(f"{key} = {toml_value(draw(values))}")
    if draw(st.booleans()):
        lines += ["[provenance]", f"win_points = {toml_value(draw(HOSTILE))}"]
    return "\n".join(lines) + "\n"


@pytest.mark.slow
@settings(
    max_examples=WRITES_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(house=house_files(), players=st.lists(NAME, min_size=4, max_size=4))
def test_every_file_a_command_writes_reads_back(house: str, players: list[str]) -> None:
    """new, score --ledger, amend, recalc --write and rules --export on random house rules and
    names: each ends with a message (exit 0, 1 or 2), and every file written reads back."""
    import tempfile

    from baska_cli.rulesets.loader import load_rules

    runner = CliRunner()

    def run(*args: str) -> int:
        result = runner.invoke(cli, list(args))
        assert isinstance(result.exception, SystemExit | None), result.exception
        assert result.exit_code in (0, 1, 2) and "Traceback" not in result.output
        return result.exit_code

    with tempfile.TemporaryDirectory() as folder:
        rules_path = os.path.join(folder, "house.toml")
        with open(rules_path, "w", encoding="utf-8") as file:
            file.write(house)
        path = os.path.join(folder, "e.csv")
        written = run("new", path, "-p", ",".join(players), "-r", rules_path) == 0
        assert written == os.path.exists(path)
        commands = [
            ("score", "-l", path, "zw", "1+3", "61", "k:2,1,4,3"),
            ("score", "-l", path, "zo", "2", "52", "k"),
            ("score", "-l", path, "zw", "1+3", "52", "k:2,4,2,1,3"),
            ("amend", path, "1", "zw", "1+3", "70", "kr"),
            ("recalc", path, "--rules", "pagat", "--write"),
            ("recalc", path, "--rules", rules_path, "--write"),
        ]
        for command in commands if written else []:
            run(*command)
            assert run("check", path) == 0, (command, Path(path).read_text("utf-8"))
        exported = runner.invoke(cli, ["rules", rules_path, "--export"])
        assert exported.exit_code in (0, 1) and "Traceback" not in exported.output
        if exported.exit_code == 0:
            out = os.path.join(folder, "out.toml")
            with open(out, "w", encoding="utf-8") as file:
                file.write(exported.stdout)
            load_rules(out)  # raises if the exported file does not load
