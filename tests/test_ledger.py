"""The ledger file: create, read, append, rewrite; spreadsheet saves; broken files untouched."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from baska_cli import ledger
from baska_cli.errors import LedgerError
from baska_cli.ledger import LedgerReader, Meta, Tally
from baska_cli.rules import RuleSet, builtin, load_rules
from baska_cli.session import add

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")
META = Meta(PLAYERS, "plb", ("plb",), first_dealer=0, deals=8)

EMPTY = (
    "baska ledger,1\n"
    "players,Ania,Bartek,Celina,Darek\n"
    "rules,plb\n"
    "first dealer,Ania\n"
    "deals,8\n"
    "\n"
    "#,dealer,hand,Ania,Bartek,Celina,Darek,"
    "Ania total,Bartek total,Celina total,Darek total,status\n"
)
TWO_HANDS = (
    EMPTY + "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\n"
    "2,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13\n"
)


def _append(path: Path, text: str, deltas: tuple[int, int, int, int]) -> None:
    def build(reader: LedgerReader, rules: RuleSet) -> Sequence[str]:
        n = reader.tally.slots + 1
        dealer = PLAYERS[(n - 1) % 4]
        return ledger.row_cells(n, dealer, text, deltas, add(reader.tally.totals, deltas), "")

    ledger.append(str(path), build)


def test_create_writes_the_metadata_and_header(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    ledger.create(str(path), META)
    assert path.read_text("utf-8") == EMPTY


def test_create_never_overwrites(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    path.write_text("precious", "utf-8")
    with pytest.raises(LedgerError, match="exists already"):
        ledger.create(str(path), META)
    assert path.read_text("utf-8") == "precious"


def test_append_continues_the_numbering_and_totals(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    ledger.create(str(path), META)
    _append(path, "zw Ania+Celina 61 k", (2, -2, 2, -2))
    _append(path, "zo Darek 70", (-5, -5, -5, 15))
    assert path.read_text("utf-8") == TWO_HANDS
    reader = ledger.check(str(path))
    assert reader.problems == []
    assert (reader.tally.slots, reader.tally.counted, reader.tally.totals) == (
        2,
        2,
        (-3, -7, -3, 13),
    )


def test_house_rules_are_kept_in_the_file(tmp_path: Path) -> None:
    house = tmp_path / "club.toml"
    house.write_text('base = "plb"\nsolo_loss_multiplier = 1\n', "utf-8")
    rules = load_rules(str(house))
    path = tmp_path / "e.csv"
    meta = Meta(PLAYERS, rules.name, ledger.rules_lines(rules))
    ledger.create(str(path), meta)
    house.unlink()
    text = path.read_text("utf-8")
    assert text.splitlines()[2:5] == [
        "rules,club",
        'house rule,"base = ""plb"""',
        'house rule,"name = ""club"""',
    ]
    with ledger.open_ledger(str(path)) as reader:
        loaded = reader.rules()
    assert (loaded.name, loaded.solo_loss_multiplier) == ("club", 1)


def test_spreadsheet_save_reads_the_same(tmp_path: Path) -> None:
    plain = tmp_path / "plain.csv"
    plain.write_text(TWO_HANDS, "utf-8")
    saved = tmp_path / "saved.csv"
    lines = [
        '"baska ledger","1",,,,,,,,,,',
        '"players","Ania","Bartek","Celina","Darek",,,,,,,',
        '"rules","plb",,,,,,,,,,',
        '"first dealer","Ania",,,,,,,,,,',
        '"deals","8",,,,,,,,,,',
        ",,,,,,,,,,,",
        '"#","dealer","hand","Ania","Bartek","Celina","Darek","Ania total","Bartek total",'
        '"Celina total","Darek total","status"',
        '1,"Ania","zw Ania+Celina 61 k",+2,-2,+2,-2,2,-2,2,-2,',
        '2,"Bartek","zo Darek 70",-5,-5,-5,15,-3,-7,-3,13,',
        ",,,,,,,,,,,",
        "",
    ]
    saved.write_bytes(b"\xef\xbb\xbf" + "\r\n".join(lines).encode("utf-8"))

    def read(path: Path) -> tuple[Meta, list[tuple[object, ...]], Tally]:
        reader = ledger.check(str(path))
        assert reader.problems == []
        with ledger.open_ledger(str(path)) as again:
            rows = [tuple(r)[1:] for r in ledger.verify(again)]
        return reader.meta, rows, reader.tally

    meta_a, rows_a, tally_a = read(plain)
    meta_b, rows_b, tally_b = read(saved)
    assert (meta_b.players, meta_b.rules_lines, meta_b.deals) == (
        meta_a.players,
        meta_a.rules_lines,
        meta_a.deals,
    )
    assert (meta_b.newline, meta_b.bom) == ("\r\n", True)
    assert rows_b == rows_a
    assert tally_b == tally_a


def test_append_to_a_spreadsheet_save_keeps_its_line_ends(tmp_path: Path) -> None:
    path = tmp_path / "saved.csv"
    path.write_bytes(b"\xef\xbb\xbf" + TWO_HANDS.replace("\n", "\r\n").encode().rstrip(b"\r\n"))
    _append(path, "gr Bartek 53", (-5, 15, -5, -5))
    data = path.read_bytes()
    assert data.endswith(
        b"\r\n2,Bartek,zo Darek 70,-5,-5,-5,15,-3,-7,-3,13\r\n"
        b"3,Celina,gr Bartek 53,-5,15,-5,-5,-8,8,-8,8\r\n"
    )
    assert ledger.check(str(path)).problems == []


def test_physical_lines_count_multi_line_cells(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    text = EMPTY.replace("deals,8\n", 'deals,8\nnote,"a long\nnote"\n') + (
        "1,Ania,zw Ania+Celina 61 k,2,-2,2,-2,2,-2,2,-2\n2,Bartek,zo Darek 70,-5,-5,-5,15,0,0,0,0\n"
    )
    path.write_text(text, "utf-8")
    reader = ledger.check(str(path))
    assert [str(p) for p in reader.problems] == [
        f"{path}:11: hand 2: the running totals are 0 0 0 0, expected -3 -7 -3 13"
    ]


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
        f"{path}:9: hand number 3, expected 2",
        f'{path}:9: hand 3: the dealer is Celina, not "Bartek"',
        f"{path}:9: hand 3: the changes sum to -1, not 0",
        f'{path}:9: hand 3 "zo Darek 70": the changes are -5 -5 -5 +14, but plb gives -5 -5 -5 +15',
        f'{path}:10: "x" is not a hand row; expected the number, dealer, hand and four '
        f"players' changes",
        f'{path}:11: hand 4 "me Ania": "me" (méster) is not a contract of the rule system "plb"; '
        f"it is played in mester",
    ]


def test_a_broken_ledger_is_never_written_to(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    broken = TWO_HANDS + "3,Celina,zw nobody,1,1,1,1\n"
    path.write_text(broken, "utf-8")
    with pytest.raises(LedgerError) as caught:
        _append(path, "gr Bartek 53", (-5, 15, -5, -5))
    assert caught.value.line == 10
    with pytest.raises(LedgerError):
        ledger.rewrite(str(path), lambda reader, rules, tally: (reader.meta, []))
    assert path.read_text("utf-8") == broken
    assert sorted(p.name for p in tmp_path.iterdir()) == [".e.csv.lock", "e.csv"]


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("hello\n", 1, "not a baska ledger"),
        (EMPTY.replace("players,Ania", "players,=Ania"), 2, "formula"),
        (EMPTY.replace("rules,plb", "rules,klub"), 3, "not built in"),
        (EMPTY.replace("first dealer,Ania", "first dealer,Ewa"), 4, "not one of the players"),
        (EMPTY.replace("deals,8", "deals,many"), 5, "whole number"),
        (EMPTY.replace(",status", ",state"), 7, "the header row should be"),
    ],
)
def test_bad_metadata_names_file_and_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = tmp_path / "e.csv"
    path.write_text(text, "utf-8")
    with pytest.raises(LedgerError) as caught:
        ledger.check(str(path))
    assert (caught.value.path, caught.value.line) == (str(path), line)
    assert message in caught.value.message


def test_rewrite_replaces_atomically(tmp_path: Path) -> None:
    path = tmp_path / "e.csv"
    path.write_text(TWO_HANDS, "utf-8")

    def transform(
        reader: LedgerReader, rules: RuleSet, tally: Tally
    ) -> tuple[Meta, list[list[str]]]:
        rows = [
            ledger.row_cells(r.n, r.dealer, r.hand, r.deltas, r.totals, r.status)
            for r in ledger.verify(reader)
        ]
        return reader.meta.with_rules(builtin("mester")), rows

    ledger.rewrite(str(path), transform)
    assert path.read_text("utf-8") == TWO_HANDS.replace("rules,plb", "rules,mester")
    assert sorted(p.name for p in tmp_path.iterdir()) == [".e.csv.lock", "e.csv"]
