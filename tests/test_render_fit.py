"""render/fit.py: the score sheet laid out for a terminal's width; lines wrapped at words."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.i18n import speaking
from baska_cli.ledger.format import Row
from baska_cli.ledger.view import LedgerView, read_rows
from baska_cli.render import sheet
from baska_cli.render.fit import fitted_sheet, initials, wrap
from baska_cli.render.text import signed, status_shown

SAMPLE = str(Path(__file__).parent.parent / "samples" / "evening.csv")


def _sample() -> tuple[LedgerView, list[Row]]:
    return read_rows(SAMPLE)


def test_eighty_columns_show_every_hand_with_its_changes() -> None:
    session, rows = _sample()
    text = fitted_sheet(session.meta, rows, 80)
    lines = text.splitlines()
    assert max(map(len, lines)) <= 80
    assert lines[:4] == [
        "                                    this hand              running total",
        " #  dealer  hand                 A     B     C     D  │    A    B   C    D",
        "--  ------  ---------------  ----- ----- ----- -----  │  --- ---- --- ----",
        " 1  A       zw A+C 61 k         +2    -2    +2    -2  │   +2   -2  +2   -2",
    ]
    # a row's status where its running totals would be (it has none)
    assert lines[11] == " 9  A       gd A /3          (-60) (+20) (+20) (+20)  │  amended"
    assert lines[-1] == "16  D       zw B+D 104/4 kr    -12   +12   -12   +12  │  -41 -123 +43 +121"
    assert len(lines) == 3 + 17


@pytest.mark.parametrize("width", [40, 50, 60, 70, 80, 100])
def test_every_width_shows_number_dealer_hand_and_totals(width: int) -> None:
    session, rows = _sample()
    text = fitted_sheet(session.meta, rows, width)
    assert max(map(len, text.splitlines())) <= max(width, 56)
    shown = [line.split() for line in text.splitlines()]
    for row in rows:
        if row.totals is not None:
            dealer = row.dealer[0]
            totals = [signed(t) for t in row.totals]
            assert [str(row.n), dealer, *totals] in [[*w[:2], *w[-4:]] for w in shown]


def test_sixty_columns_drop_the_changes_and_keep_the_totals() -> None:
    session, rows = _sample()
    lines = fitted_sheet(session.meta, rows, 60).splitlines()
    assert lines[:4] == [
        "                                    running total",
        " #  dealer  hand             Ania  Bartek  Celina  Darek",
        "--  ------  ---------------  ----  ------  ------  -----",
        " 1  A       zw A+C 61 k        +2      -2      +2     -2",
    ]


def test_forty_columns_wrap_the_hand_texts() -> None:
    session, rows = _sample()
    lines = fitted_sheet(session.meta, rows, 40).splitlines()
    assert lines[:5] == [
        "                        running total",
        " #  dealt  hand         A    B   C    D",
        "--  -----  ---------  --- ---- --- ----",
        " 1  A      zw A+C 61   +2   -2  +2   -2",
        "           k",
    ]
    assert lines[6:8] == [" 3  C      we A+D      +5   -5  -3   +3", "           70/3 kr"]


def test_the_full_sheet_where_it_fits_or_without_a_width() -> None:
    session, rows = _sample()
    full = sheet.one_session(session, rows)
    assert sheet.one_session(session, rows, width=200) == full
    assert sheet.one_session(session, rows, width=None) == full
    assert sheet.one_session(session, rows, width=80) != full


def test_initials_are_the_shortest_forms_told_apart_without_diacritics() -> None:
    assert initials(("Ania", "bartek", "Celina", "Darek")) == ("A", "B", "C", "D")
    assert initials(("Ania", "Adam", "Celina", "Darek")) == ("An", "Ad", "C", "D")
    # Ż and Z are one letter to the eye
    assert initials(POLISH) == ("Ł", "Ża", "Zb", "Ś")
    assert initials(("Jan", "Janek", "Ola", "Ewa")) == ("Jan", "Jane", "O", "E")
    assert initials(("Żaneta", "Zaneta", "Ola", "Ewa")) is None


def test_initials_read_back_as_their_players() -> None:
    for players in (POLISH, ("Ania", "Adam", "Celina", "Darek"), ("Jan", "Janek", "Ola", "Ewa")):
        short = initials(players)
        assert short is not None
        hand = parse_hand(f"zw {players[0]}+{players[1]} 61 k:{players[2]},{players[3]}", players)
        assert parse_hand(format_hand(hand, short), players) == hand


POLISH = ("Łucja", "Żaneta", "Zbigniew", "Ścibor")


def _polish_evening(tmp_path: Path) -> tuple[LedgerView, list[Row]]:
    """The sample evening with Łucja, Żaneta, Zbigniew and Ścibor at the table."""
    text = Path(SAMPLE).read_text(encoding="utf-8")
    for old, new in zip(("Ania", "Bartek", "Celina", "Darek"), POLISH, strict=True):
        text = text.replace(old, new)
    path = tmp_path / "wieczór.csv"
    path.write_text(text, encoding="utf-8")
    return read_rows(str(path))


@pytest.mark.parametrize("language", ["pl", "en"])
def test_eighty_columns_in_both_languages_keep_every_hands_changes(
    tmp_path: Path, language: str
) -> None:
    session, rows = _polish_evening(tmp_path)
    with speaking(language):
        lines = fitted_sheet(session.meta, rows, 80).splitlines()
        amended = status_shown("amended")
    assert max(map(len, lines)) <= 80
    assert lines[1].split()[3:] == ["Ł", "Ża", "Zb", "Ś", "│", "Ł", "Ża", "Zb", "Ś"]
    shown = [line.split() for line in lines[3:]]
    assert len(shown) == len(rows)  # no hand wrapped onto a second line
    for row, words in zip(rows, shown, strict=True):
        assert words[0] == str(row.n)
        assert words[1] == initials(POLISH)[POLISH.index(row.dealer)]  # type: ignore[index]
        changes = [signed(d) if not row.status else f"({signed(d)})" for d in row.deltas]
        totals = [signed(t) for t in row.totals] if row.totals else [amended]
        assert words[-len(totals) - 5 :] == [*changes, "│", *totals]
    assert lines[13] == (
        "10  Ża         zw Ża+Zb 60 k:Ł,Ża     -4    +4    +4    -4  │  +11  -63  +7  +45"
        if language == "pl"
        else "10  Ża      zw Ża+Zb 60 k:Ł,Ża     -4    +4    +4    -4  │  +11  -63  +7  +45"
    )


@pytest.mark.parametrize("language", ["pl", "en"])
@pytest.mark.parametrize("width", [40, 60])
def test_narrow_polish_tables_keep_number_dealer_hand_and_totals(
    tmp_path: Path, language: str, width: int
) -> None:
    session, rows = _polish_evening(tmp_path)
    with speaking(language):
        lines = fitted_sheet(session.meta, rows, width).splitlines()
    assert max(map(len, lines)) <= width
    shown = [line.split() for line in lines]
    for row in rows:
        if row.totals is not None:
            dealer = initials(POLISH)[POLISH.index(row.dealer)]  # type: ignore[index]
            assert [str(row.n), dealer, *map(signed, row.totals)] in [
                [*w[:2], *w[-4:]] for w in shown
            ]


def test_wrap_breaks_at_words_and_keeps_the_indent() -> None:
    text = "  starzy 61 – wygrana z wyjściem: 1 × 2 (kontra) = 2 od każdego młodego"
    assert wrap(text, 30) == (
        "  starzy 61 – wygrana z\n  wyjściem: 1 × 2 (kontra) = 2\n  od każdego młodego"
    )
    assert wrap(text, None) == text


def test_short_brackets_are_kept_whole_when_wrapped() -> None:
    text = "Ścibor: najlepiej z: Zbigniew (+26 w 6), najtrudniej przeciw: Zbigniew (+95 w 10)"
    assert wrap(text, 40, "  ", brackets=True) == (
        "Ścibor: najlepiej z: Zbigniew (+26 w 6),\n  najtrudniej przeciw: Zbigniew\n  (+95 w 10)"
    )
    assert "(+26\n  w 6)" in wrap(text, 35, "  ")  # (without: broken inside)
    assert "(+26 w 6)" in wrap(text, 35, "  ", brackets=True)
    long = "16 rozdań (serie: najwięcej rozdań wygranych / przegranych z rzędu)"
    assert max(map(len, wrap(long, 40, "  ", brackets=True).splitlines())) <= 40
