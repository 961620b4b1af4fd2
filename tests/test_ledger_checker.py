"""ledger/checker.py, the one checker loop: every problem of a file collected, each with its
line, in the order of the checks of a row (ledger/checks.py)."""

from __future__ import annotations

import csv
from pathlib import Path
from types import SimpleNamespace

import pytest

from baska_cli import i18n, ledger
from baska_cli.errors import LedgerError
from baska_cli.evening.scorer import Scorer
from baska_cli.ledger import checker
from baska_cli.ledger.checker import ORDER_HINT
from tests.ledgerkit import EMPTY, TWO_HANDS

SAMPLE = Path(__file__).parent.parent / "samples" / "evening.csv"


def test_check_collects_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    path.write_text(
        EMPTY + "1,Bartek,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\n"
        "3,Bartek,zo Darek 70,-5,-5,-5,14,-3,-7,-3,12\n"
        "x\n"
        "4,Darek,me Ania,30,-10,-10,-10,27,-17,-13,2\n",
        "utf-8",
    )
    reader = ledger.check(str(path))
    assert [str(p) for p in reader.problems] == [
        f'{path}:8: hand 1: the dealer is Ania, not "Bartek"',
        f"{path}:9: hand number 3, expected 2; {ORDER_HINT}",
        f'{path}:9: hand 3: the dealer is Celina, not "Bartek"',
        f"{path}:9: hand 3: the changes sum to -1, not 0",
        f'{path}:9: hand 3 "zo Darek 70": the changes are -5 -5 -5 +14, but plb gives -5 -5 -5 +15',
        f'{path}:10: "x" is not a hand row; expected the number, dealer, hand and four '
        f"players' changes",
        f'{path}:11: hand 4 "me Ania": "me" (méster) is not a contract of the rule system "plb"; '
        f"it is played in mester",
    ]


def test_problems_in_polish(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    path.write_text(
        EMPTY + "1,Bartek,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\n"
        "3,Bartek,zo Darek 70,-5,-5,-5,14,-3,-7,-3,12\n"
        "x\n"
        "4,Darek,=1+1,0,0,0,0,,,,,void\n",
        "utf-8",
    )
    i18n.use("pl")
    reader = ledger.check(str(path))
    assert [str(p) for p in reader.problems] == [
        f"{path}:8: rozdanie 1: rozdaje Ania, a nie „Bartek”",
        f"{path}:9: numer rozdania 3, oczekiwano 2; jeśli arkusz posortowano w arkuszu "
        "kalkulacyjnym, posortuj go z powrotem według kolumny #, każdy wiersz amended albo "
        "undone nad wierszem, który po nim następuje",
        f"{path}:9: rozdanie 3: rozdaje Celina, a nie „Bartek”",
        f"{path}:9: rozdanie 3: zmiany sumują się do -1, a nie do 0",
        f"{path}:9: rozdanie 3 „zo Darek 70”: zmiany to -5 -5 -5 +14, a według zasad plb "
        f"wychodzi -5 -5 -5 +15",
        f"{path}:10: „x” to nie wiersz rozdania; oczekiwano numeru, rozdającego, rozdania i "
        f"zmian czterech graczy",
        f"{path}:11: rozdanie 4 (void) „=1+1”: arkusz kalkulacyjny wykonałby ten tekst jako "
        f"formułę",
    ]


@pytest.mark.parametrize(
    ("problems", "more"),
    [
        (1, ""),
        (2, " (i jeszcze 1 problem)"),
        (3, " (i jeszcze 2 problemy)"),
        (6, " (i jeszcze 5 problemów)"),
        (23, " (i jeszcze 22 problemy)"),
    ],
)
def test_a_broken_ledger_is_refused_in_polish(problems: int, more: str) -> None:
    """The first problem and how many more, with the Polish plural of the count."""
    i18n.use("pl")
    found = [LedgerError(f"problem {n}", "e.csv", 7 + n) for n in range(problems)]
    reader = SimpleNamespace(problems=found, path="e.csv")
    with pytest.raises(LedgerError) as refused:
        checker.refuse_if_broken(reader)  # type: ignore[arg-type]
    assert str(refused.value) == (
        f"e.csv:7: problem 0{more}; zapisu nie zmieniono — zobacz `baska check e.csv`"
    )


# --- names, quotes and numbers as a spreadsheet may write them -----------------------------


def _result(path: str, strict: bool, scored: bool, hook: bool) -> object:
    """Rows, problems, tally and hook calls of one pass, or the error that stopped it."""
    calls: list[tuple[int, str]] = []
    with ledger.open_ledger(path) as reader:
        scorer = Scorer(reader.meta.players, reader.rules()) if scored else None
        on_change = (lambda row, s: calls.append((row.line, str(s)))) if hook else None
        try:
            rows = list(ledger.verify(reader, scorer, strict, on_change))
        except LedgerError as error:
            return str(error)
    t = reader.tally
    return rows, [str(p) for p in reader.problems], t.slots, t.counted, t.totals, calls


def _repeated_rows(hands_count: int = 300) -> list[list[str]]:
    """The sample's metadata, then its 16 counted hands again and again, renumbered."""
    with SAMPLE.open(encoding="utf-8", newline="") as f:
        base = list(csv.reader(f))
    head, hands = base[:7], [r for r in base[7:] if r and r[-1] != "amended"][:16]
    rows = [*head]
    total = [0, 0, 0, 0]
    for n in range(1, hands_count + 1):
        row = hands[(n - 1) % 16]
        deltas = [int(d) for d in row[3:7]]
        total = [a + b for a, b in zip(total, deltas, strict=True)]
        rows.append([str(n), row[1], row[2], *row[3:7], *map(str, total)])
    return rows


def _write(path: Path, rows: list[list[str]], version: int, newline: str = "\n") -> None:
    """The rows as baska writes a ledger of that format: version 2 with every row 12 cells
    wide, the players' names and every hand quoted (see Meta.line)."""
    if version == 1:
        with path.open("w", encoding="utf-8", newline="") as f:
            csv.writer(f, lineterminator=newline).writerows(rows)
        return
    lines = []
    for i, row in enumerate(rows):
        cells = ["2"] if i == 0 else row[1:]
        cells = [row[0], *cells] if row else []
        quoted = (1, 2, 3, 4) if cells[:1] == ["players"] else (2,) if i > 6 else ()
        out = [
            '"' + c.replace('"', '""') + '"' if j in quoted or any(x in c for x in ',"\r\n')
            else c
            for j, c in enumerate(cells)
        ]  # fmt: skip
        lines.append(",".join(out + [""] * (12 - len(out))) + newline)
    path.write_text("".join(lines), encoding="utf-8", newline="")


def test_a_wrong_total_is_a_problem_there_and_on_the_next_line(tmp_path: Path) -> None:
    """The next hand's totals are checked against the totals the file gives: one wrong total
    makes a problem on its line and on the next one, none further."""
    path = tmp_path / "ledger.csv"
    rows = _repeated_rows()
    rows[200][8] = str(int(rows[200][8]) + 1)
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    assert _result(str(path), True, True, False)[1] == [
        f"{path}:201: hand 194: the running totals are -491 -1476 517 1451, "
        "expected -491 -1477 517 1451",
        f"{path}:202: hand 195: the running totals are -487 -1481 513 1455, "
        "expected -487 -1480 513 1455",
    ]


def test_a_name_starting_with_a_quote_is_read_as_csv(tmp_path: Path) -> None:
    """A line whose dealer cell starts with a bare quote is one quoted cell to CSV: scan must
    not take it for that dealer's hand."""
    rows = _repeated_rows(32)
    rows[1] = ["players", '"Ania', "Bartek", "Celina", "Darek"]
    rows[3] = ["first dealer", '"Ania']
    rows[6] = [cell.replace("Ania", '"Ania') for cell in rows[6]]
    for row in rows[7:]:
        row[1:3] = [cell.replace("Ania", '"Ania') for cell in row[1:3]]
    rows[7 + 28][2:7] = rows[7 + 13][2:7]  # hand 29, dealt by "Ania, plays hand 14 again
    total = [0, 0, 0, 0]
    for row in rows[7:]:
        total = [t + int(d) for t, d in zip(total, row[3:7], strict=True)]
        row[7:] = map(str, total)
    path = tmp_path / "ledger.csv"
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    text = path.read_text(encoding="utf-8")
    assert _result(str(path), True, True, False)[1] == []
    text = text.replace('\n29,"""Ania",', '\n29,"Ania,')
    path.write_text(text, encoding="utf-8", newline="")
    assert len(_result(str(path), True, True, False)[1]) > 0


def test_a_quoted_total_is_read_as_csv_reads_it(tmp_path: Path) -> None:
    """A running total quoted (`"-3"`) is the number CSV reads: -3."""
    rows = _repeated_rows(32)
    path = tmp_path / "ledger.csv"
    with path.open("w", encoding="utf-8", newline="") as f:
        csv.writer(f).writerows(rows)
    lines = path.read_text("utf-8").splitlines(keepends=True)
    head, _, last = lines[30].rpartition(",")
    lines[30] = f'{head},"{last.rstrip()}"\n'
    path.write_text("".join(lines), "utf-8")
    assert _result(str(path), True, True, False)[1] == []


# --- a hand's text is canonical (issue 16) ---------------------------------------------------


def test_a_hand_text_that_is_not_canonical_is_a_problem_naming_the_canonical_form(
    tmp_path: Path,
) -> None:
    path = tmp_path / "e.csv"
    lines = [
        "1,Ania,zw ania+celina 61 k,2,-2,2,-2,2,-2,2,-2",
        "2,Bartek,zw A+C 61 k,2,-2,2,-2,4,-4,4,-4",
        "3,Celina,zw Ania+Celina 61 k,2,-2,2,-2,6,-6,6,-6",
        "4,Darek,zw ania+celina 61 k,2,-2,2,-2,8,-8,8,-8",
        "5,Ania,ZW Ania+Celina  61 K,2,-2,2,-2,10,-10,10,-10",
        "6,Bartek,zw Ania+Celina 61 k,2,-2,2,-2,12,-12,12,-12",
    ]
    path.write_text(EMPTY + "\n".join(lines) + "\n", "utf-8")
    reader = ledger.check(str(path))
    canonical = 'baska writes it "zw Ania+Celina 61 k"'
    assert [str(p) for p in reader.problems] == [
        f'{path}:8: hand 1 "zw ania+celina 61 k": the text is not in canonical form; {canonical}',
        f'{path}:9: hand 2 "zw A+C 61 k": the text is not in canonical form; {canonical}',
        f'{path}:11: hand 4 "zw ania+celina 61 k": the text is not in canonical form; {canonical}',
        f'{path}:12: hand 5 "ZW Ania+Celina  61 K": the text is not in canonical form; {canonical}',
    ]


def test_recalc_leaves_a_text_that_is_not_canonical_alone(tmp_path: Path) -> None:
    """strict=False (recalc under other rules) checks no texts, as it checks no sums."""
    path = tmp_path / "e.csv"
    path.write_text(EMPTY + "1,Ania,zw ania+celina 61 k,2,-2,2,-2,2,-2,2,-2\n", "utf-8")
    with ledger.open_ledger(str(path)) as reader:
        rows = list(ledger.verify(reader, Scorer(reader.meta.players, reader.rules()), False))
    assert [r.hand for r in rows] == ["zw ania+celina 61 k"] and not reader.problems


# --- numbers: ASCII digits, a sign, spaces around (issue 16) --------------------------------


@pytest.mark.parametrize("total", ["٣", "１", "1_0", "²", "+ 2", "2-"])
def test_a_running_total_only_int_reads_is_a_problem(tmp_path: Path, total: str) -> None:
    path = tmp_path / "e.csv"
    first = "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\n"
    path.write_text(EMPTY + first + f"2,Bartek,zw Ania+Celina 61 k,2,-2,2,-2,4,-4,4,{total}\n")
    problems = [str(p) for p in ledger.check(str(path)).problems]
    assert problems == [f"{path}:9: hand 2: the running totals must be four whole numbers"]


def test_running_totals_a_spreadsheet_writes_still_read(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    first = "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\n"
    path.write_text(EMPTY + first + "2,Bartek,zw Ania+Celina 61 k,2,-2,2,-2,+4, -4 ,\t4,-4 \r\n")
    reader = ledger.check(str(path))
    assert not reader.problems and reader.tally.totals == (4, -4, 4, -4)


# --- history rows (void, amended, undone) are evidence, checked like counted ones -----------


def _problems(tmp_path: Path, rows: str) -> list[str]:
    """The problems `check` finds in the two-hand evening followed by these rows."""
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS + rows, "utf-8")
    return [str(p).removeprefix(f"{path}:") for p in ledger.check(str(path)).problems]


HAND_3 = "3,Celina,gr Bartek 40,10,-30,10,10,7,-37,7,23\n"


def test_an_amended_row_with_forged_changes_is_a_problem(tmp_path: Path) -> None:
    assert _problems(tmp_path, "3,Celina,gr Bartek 53,-5,15,-5,-5,,,,,amended\n" + HAND_3) == []
    assert _problems(tmp_path, "3,Celina,gr Bartek 53,-6,16,-5,-5,,,,,amended\n" + HAND_3) == [
        '10: hand 3 (amended) "gr Bartek 53": the changes are -6 +16 -5 -5, '
        "but plb gives -5 +15 -5 -5"
    ]
    assert _problems(tmp_path, "3,Celina,me Bartek,-10,30,-10,-10,,,,,amended\n" + HAND_3) == [
        '10: hand 3 (amended) "me Bartek": "me" (méster) is not a contract of the rule '
        'system "plb"; it is played in mester'
    ]


def test_an_amended_row_whose_text_is_a_formula_is_a_problem(tmp_path: Path) -> None:
    formula = '3,Celina,"=HYPERLINK(""http://x"",""gr"")",0,0,0,0,,,,,amended\n'
    assert _problems(tmp_path, formula + HAND_3) == [
        '10: hand 3 (amended) "=HYPERLINK("http://x","gr")": a spreadsheet would run this '
        "text as a formula"
    ]
    for start in "+-@":
        assert len(_problems(tmp_path, f"3,Celina,{start}1,0,0,0,0,,,,,amended\n" + HAND_3)) == 1
    assert _problems(tmp_path, "3,Celina,=1+1,0,0,0,0,7,-37,7,23\n") == [
        '10: hand 3 "=1+1": a spreadsheet would run this text as a formula',
        "10: hand 3: the running totals are 7 -37 7 23, expected -3 -7 -3 13",
    ]


def test_a_dangling_amended_row_is_a_problem(tmp_path: Path) -> None:
    amended = "3,Celina,gr Bartek 53,-5,15,-5,-5,,,,,amended\n"
    assert _problems(tmp_path, amended + amended) == [
        "11: hand 3 (amended): the file ends, but an amended row must be followed by the row "
        f"that replaced it (hand 3, counted, void or undone); {ORDER_HINT}"
    ]
    assert _problems(tmp_path, amended + "4,Darek,gr Bartek 40,10,-30,10,10,7,-37,7,23\n") == [
        "10: hand 3 (amended): hand 4 follows it, but an amended row must be followed by the "
        f"row that replaced it (hand 3, counted, void or undone); {ORDER_HINT}",
        f"11: hand number 4, expected 3; {ORDER_HINT}",
    ]
    # replaced by a void row, or by a row undone afterwards: both are the row that replaced it
    assert _problems(tmp_path, amended + "3,Celina,gr Bartek 40,10,-30,10,10,,,,,void\n") == []
    assert _problems(tmp_path, amended + "3,Celina,gr Bartek 40,10,-30,10,10,,,,,undone\n") == []


def test_undone_and_void_rows_are_scored_and_numbered(tmp_path: Path) -> None:
    assert _problems(tmp_path, "3,Celina,gr Bartek 40,10,-30,10,10,,,,,undone\n" + HAND_3) == []
    assert _problems(tmp_path, "3,Celina,gr Bartek 40,10,-31,11,10,,,,,undone\n" + HAND_3) == [
        '10: hand 3 (undone) "gr Bartek 40": the changes are +10 -31 +11 +10, '
        "but plb gives +10 -30 +10 +10"
    ]
    # an undone row carries the number the next hand takes
    assert _problems(tmp_path, "2,Bartek,zo Darek 70,-5,-5,-5,15,,,,,undone\n" + HAND_3) == [
        f"10: hand number 2, expected 3; {ORDER_HINT}"
    ]
    assert _problems(tmp_path, "3,Celina,gr Bartek 40,10,-30,10,11,,,,,void\n") == [
        "10: hand 3: the changes sum to +1, not 0",
        '10: hand 3 (void) "gr Bartek 40": the changes are +10 -30 +10 +11, '
        "but plb gives +10 -30 +10 +10",
    ]


ADJ_3 = "3,Celina,adj Ania+4 Bartek-4 Celina+0 Darek+0,4,-4,0,0,1,-11,-3,13\n"


def _tally(tmp_path: Path, rows: str) -> tuple[list[str], int, int, bool]:
    """The problems, the hands numbered, the deals used and the dealing kept by number."""
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS + rows, "utf-8")
    reader = ledger.check(str(path))
    problems = [str(p).removeprefix(f"{path}:") for p in reader.problems]
    return problems, reader.tally.slots, reader.tally.dealt, reader.tally.legacy_dealing


def test_an_adjustment_deals_nothing(tmp_path: Path) -> None:
    # the hand after an adj is dealt by the adj row's dealer: the deal did not move
    after = "4,Celina,zw Ania+Celina 61,1,-1,1,-1,2,-12,-2,12\n"
    assert _tally(tmp_path, ADJ_3 + after) == ([], 4, 3, False)
    assert _tally(tmp_path, ADJ_3) == ([], 3, 2, False)
    void_adj = ADJ_3.replace("1,-11,-3,13", ",,,,void")
    assert _tally(tmp_path, void_adj + after.replace("2,-12,-2,12", "-2,-8,-2,12")) == (
        [],
        4,
        3,
        False,
    )


def test_a_ledger_where_an_adjustment_used_a_deal_keeps_its_order(tmp_path: Path) -> None:
    # baska 0.1.0 moved the deal on an adj: such a file is read as it was written
    after = "4,Darek,zw Ania+Celina 61,1,-1,1,-1,2,-12,-2,12\n"
    assert _tally(tmp_path, ADJ_3 + after) == ([], 4, 4, True)
    later = "5,Ania,zw Ania+Celina 61,1,-1,1,-1,3,-13,-1,11\n"
    assert _tally(tmp_path, ADJ_3 + after + later) == ([], 5, 5, True)
    # but not a mixture of the two
    mixed = "5,Ania,zw Ania+Celina 61,1,-1,1,-1,3,-13,-1,11\n"
    assert _tally(tmp_path, ADJ_3 + after.replace("Darek", "Celina", 1) + mixed)[0] == [
        '12: hand 5: the dealer is Darek, not "Ania"'
    ]


def test_a_format_2_row_whose_number_is_no_number_is_a_problem(tmp_path: Path) -> None:
    """Format 2 reads changes in parentheses after the plain reading fails; a number that is
    no number (`x`) was let through that way and stopped `check` with a traceback."""
    path = tmp_path / "f2.csv"
    _write(path, _repeated_rows(3), 2)
    text = path.read_text(encoding="utf-8").replace("\n2,", "\nx,")
    path.write_text(text, encoding="utf-8")
    problems = [str(p) for p in ledger.check(str(path)).problems]
    assert problems[0] == f'{path}:9: "x" is not a hand number'


def test_a_row_rule_is_one_more_check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A check added to the list runs on every row of a known status, after the others, for
    every command that reads the ledger."""
    from baska_cli.ledger import checks
    from baska_cli.ledger.format import Cells

    def check_no_zo(row: Cells, state: checks.Pass) -> list[checks.Problem]:
        return [checks.Problem(row.line, "no zo")] if row.hand.startswith("zo ") else []

    monkeypatch.setattr(checks, "HAND_CHECKS", (*checks.HAND_CHECKS, check_no_zo))
    monkeypatch.setattr(checker, "HAND_CHECKS", checks.HAND_CHECKS)
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")
    assert [str(p) for p in ledger.check(str(path)).problems] == [f"{path}:9: no zo"]
