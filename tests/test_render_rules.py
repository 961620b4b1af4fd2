"""render/rules.py: payout tables with each number's rulebook and point, in both languages."""

from __future__ import annotations

from pathlib import Path

from baska_cli import i18n
from baska_cli.render.rules import provenance_comment, rules_listing, rules_tables, rules_toml
from baska_cli.rulesets.loader import builtin, house_rules, load_rules

BOOKS = builtin("plb").books
SAMPLE_HOUSE = str(Path(__file__).parent.parent / "samples" / "house-rules.toml")


def _lines(text: str, *starts: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith(starts) and line.strip()]


def test_mester_names_its_rulebook_and_points() -> None:
    text = rules_tables(builtin("mester"))
    assert text.splitlines()[1] == "rulebook: Baszka Méster Sport"
    assert _lines(text, "kara", "52:52", "one player", "source") == [
        "source: Baszka Méster Sport, payout table",
        "source: Baszka Méster Sport, payout table",
        "52:52                        the opponents win        point 7G",
        "one player twice in a row    allowed                  (our choice)",
        "kara (revoke)                offender -12, others +4  point 7H",
    ]
    assert "*" not in text and "seed" not in text and "RULES.md" not in text


def test_plb_names_both_rulebooks_and_marks_the_reconstructed_tables() -> None:
    text = rules_tables(builtin("plb"))
    assert text.splitlines()[1] == (
        "rulebooks: Zasady gry w baśkę; Regulamin Polskiej Ligi Baśki, §9"
    )
    lines = text.splitlines()
    assert _lines(text, "source", "place points") == [
        "source: (reconstructed) from Zasady gry w baśkę; Baszka Méster Sport, payout",
        "source: (reconstructed) from Baszka Méster Sport, payout table",
        "place points                 5/3/1/0             Regulamin Polskiej Ligi Baśki,",
    ]
    assert lines[lines.index(_lines(text, "source")[0]) + 1] == (
        "  table; Baśka (en.wikipedia.org, pagat.com)"
    )
    assert _lines(text, "(") == [
        "(reconstructed): not written in the rulebook; worked out from it and the other",
        "(our choice): the rulebooks are silent or disagree; our default",
    ]


def test_every_line_fits_80_columns_in_both_languages() -> None:
    systems = [builtin(n) for n in ("plb", "mester", "pagat")] + [load_rules(SAMPLE_HOUSE)]
    for language in ("en", "pl"):
        i18n.use(language)
        widths = {r.name: max(map(len, rules_tables(r).splitlines())) for r in systems}
        assert {name: width <= 80 for name, width in widths.items()} == dict.fromkeys(
            widths, True
        ), (language, widths)


def test_house_rules_mark_what_the_file_changes() -> None:
    text = rules_tables(load_rules(SAMPLE_HOUSE))
    assert text.splitlines()[1:3] == [
        "rulebooks: Zasady gry w baśkę; Regulamin Polskiej Ligi Baśki, §9",
        "house rules starting from plb",
    ]
    assert _lines(text, "a lost solo", "zolo (zo) lost") == [
        "zolo (zo) lost             5      10        20    X  (house rule)",
        "a lost solo pays             1 × the base        (house rule)",
    ]
    assert text.replace("\n  ", " ").splitlines()[-2] == (
        f"each number's source in the rulebook's words: baska rules {SAMPLE_HOUSE} --export"
    )


def test_polish_tables() -> None:
    i18n.use("pl")
    text = rules_tables(builtin("mester"))
    assert text.splitlines()[1] == "zasady: Baszka Méster Sport"
    assert _lines(text, "wygrywają starzy, młodzi z", "kara", "jeden gracz", "(nasz") == [
        "wygrywają starzy, młodzi z wyjściem            1       2         4    8     16",
        "jeden gracz dwie kontry z rzędu  wolno                       (nasz wybór)",
        "kara (renons)                    winny -12, pozostali po +4  pkt 7H",
        "(nasz wybór): zasady milczą albo się różnią; to nasze ustawienie domyślne",
    ]


def test_listing_marks_the_default() -> None:
    systems = [builtin(n) for n in ("plb", "mester")]
    assert rules_listing(systems, "plb").splitlines()[0].endswith("(default)")


def test_listing_marks_the_default_in_polish() -> None:
    systems = [builtin(n) for n in ("plb", "mester")]
    i18n.use("pl")
    assert rules_listing(systems, "plb").splitlines()[0].endswith("(domyślny)")


def test_export_comments_name_the_rulebook_in_english_under_either_language() -> None:
    i18n.use("pl")
    text = rules_toml(builtin("mester"))
    assert "# stated in Baszka Méster Sport, point 7H: „gracz ponosi karę – 12 pkt.”" in text
    assert house_rules(text, "x").pair == builtin("mester").pair


def test_provenance_comment_keeps_texts_without_rulebooks() -> None:
    assert provenance_comment("house: set in h.toml", BOOKS) == "house: set in h.toml"
    assert provenance_comment("chosen [S001 table]: borrowed", BOOKS) == (
        "chosen from Baszka Méster Sport, payout table: borrowed"
    )
