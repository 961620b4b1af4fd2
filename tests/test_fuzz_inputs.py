"""Fuzzing (hypothesis, the slow step) of the input surfaces hardened in round 3: CSV cells,
players' names, rules TOML, stakes, typed lines and numbers, terminal encodings. Each lets
nothing escape but the project's own errors, and what it accepts keeps its promise."""

from __future__ import annotations

import csv
import io
import re
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baska_cli.cli.terminal import plain_text
from baska_cli.errors import BaskaError, NotationError, RequestError, RulesFileError
from baska_cli.evening.settle import MAX_STAKE, stake_from
from baska_cli.game.formula import harmless
from baska_cli.game.names import check_name, check_player_names, name_key
from baska_cli.game.notation import parse_hand
from baska_cli.game.rules import BUILTIN_NAMES
from baska_cli.play.line import read_line
from baska_cli.render.text import csv_line
from baska_cli.rulesets.loader import house_rules

SLOW = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# an oracle of its own (as in test_spreadsheet_cells): a cell starts at a line's start or
# after any separator, maybe after spaces and a quote
_CELL = re.compile(r'(?:^|[,;\t\r\n])[ "]*([=+\-@][^,;\t\r\n"]*)')
_NUMBER = re.compile(r"[+-]?[0-9]+(\.[0-9]+)?[ \])]*|[+-] *")
TRICKY = st.sampled_from(
    [*"=+-@;,\t\r\n \"'()[]0123456789", "\u3164", "\u115f", "\u2800", "\u200b", "\u0301",
    "\ufe0f", "\u00a0", "ł", "Ą", "а", "ﬁ", "\u034f", "\uffa0", "Ola", "Ania", "k:A,B"]
)  # fmt: skip
TEXT = st.one_of(st.text(max_size=40), st.lists(TRICKY, max_size=12).map("".join))


def _formulas(text: str) -> list[str]:
    found = [m.group(1) for m in _CELL.finditer(text) if not _NUMBER.fullmatch(m.group(1))]
    return found + [line for line in text.split("\n") if line[:1] in ("\t", "\r")]


@pytest.mark.slow
@SLOW
@given(st.lists(st.one_of(TEXT, st.integers()), max_size=6))
def test_fuzz_csv_cells_never_run(cells: list[object]) -> None:
    line = csv_line(cells)
    assert not _formulas(line)
    (read,) = list(csv.reader(io.StringIO(line))) or [[""]]
    assert len(read) == max(len(cells), 1)
    for cell in cells:
        if isinstance(cell, str):
            assert not _formulas(harmless(cell))


@pytest.mark.slow
@SLOW
@given(st.lists(TEXT, min_size=4, max_size=4))
def test_fuzz_names_are_visible_distinct_and_harmless(names: list[str]) -> None:
    for name in names:
        try:
            kept = check_name(name)
        except NotationError:
            continue
        assert name_key(kept) and not _formulas(kept) and ";" not in kept
    try:
        four = check_player_names(names)
    except NotationError:
        return
    assert len({name_key(n) for n in four}) == 4


_TOML_BITS = st.sampled_from(
    ['name = "', 'title = "', '"', "\n", "[", "]", "{", "}", "=", ".", "a", "9" * 50, "1",
     "session.deals = [", "win_points = ", ";", ",", "-", "@", "plb", "PLB", "Méster",
     "pagat", "[contracts.ci]\n", "max_contras = ", "x = ", "'", "#"]
)  # fmt: skip


@pytest.mark.slow
@SLOW
@given(st.one_of(st.text(max_size=200), st.lists(_TOML_BITS, max_size=60).map("".join)))
def test_fuzz_rules_toml(text: str) -> None:
    try:
        rules = house_rules('base = "plb"\n' + text, "h.toml")
    except RulesFileError as error:
        assert str(error).startswith("h.toml") and "4300" not in str(error)
        return
    assert name_key(rules.name) not in BUILTIN_NAMES
    assert rules.label.startswith("house rules: ")
    assert not _formulas(rules.name) and not _formulas(rules.title)


@pytest.mark.slow
@SLOW
@given(
    st.one_of(
        st.text(max_size=30),
        st.from_regex(r"[0-9]{0,40}([.,][0-9]{0,40})?([eE][+-]?[0-9]{1,3})?", fullmatch=True),
    )
)
def test_fuzz_stakes(text: str) -> None:
    try:
        stake = stake_from(text)
    except RequestError as error:
        assert len(str(error)) < 300
        return
    assert Decimal(0) < stake <= MAX_STAKE


DIGITS = st.integers(1, 6000).map(lambda n: "9" * n)
LINES = st.one_of(
    st.text(max_size=60),
    st.tuples(
        st.sampled_from(["void ", "amend ", "undo ", "zw A+C ", "adj A+", "ba "]), DIGITS
    ).map("".join),
    st.tuples(st.sampled_from(["amend ", "zw A+C 61/", "zw A+C "]), DIGITS, st.just(" k")).map(
        "".join
    ),
)


@pytest.mark.slow
@SLOW
@given(LINES)
def test_fuzz_typed_lines_and_numbers(typed: str) -> None:
    for read in (read_line, parse_hand):
        try:
            read(typed)
        except BaskaError as error:
            assert "4300" not in str(error) and len(str(error)) < 600


@pytest.mark.slow
@SLOW
@given(st.text(max_size=30), st.sampled_from(["iso8859-2", "cp1250", "ascii", "cp852"]))
def test_fuzz_terminal_text(text: str, encoding: str) -> None:
    shown = plain_text(text, encoding)
    assert shown.encode(encoding).decode(encoding) == shown
    assert len(shown) >= len(text) or not text
