"""The Scorer: one table's hands scored once each, by their text."""

from __future__ import annotations

from baska_cli import i18n
from baska_cli.evening.scorer import Scored, Scorer
from baska_cli.rulesets.loader import builtin


def test_scorer_keeps_hands_by_text_and_returns_errors() -> None:
    scorer = Scorer(("Ania", "Bartek", "Celina", "Darek"), builtin("plb"))
    first = scorer("zw ania+cel 61 k")
    assert not isinstance(first, Exception)
    assert first.deltas == (2, -2, 2, -2)
    assert scorer("zw ania+cel 61 k") is first
    error = scorer("me Ania")
    assert isinstance(error, Exception)
    assert "not a contract" in str(error)
    assert str(scorer("me Ania")) == str(error)  # (made again: errors are not kept)


def test_a_hand_is_scored_with_its_own_tables_seats() -> None:
    """The same text at two tables whose names sit at other seats: each its own changes."""
    rules = builtin("plb")
    here = Scorer(("Ania", "Bartek", "Celina", "Darek"), rules)("zo Ania 61")
    there = Scorer(("Bartek", "Ania", "Celina", "Darek"), rules)("zo Ania 61")
    assert isinstance(here, Scored) and isinstance(there, Scored)
    assert here.deltas == (there.deltas[1], there.deltas[0], *there.deltas[2:])
    assert here.deltas != there.deltas and here.text == there.text == "zo Ania 61"


def test_the_cache_keeps_at_most_its_limit() -> None:
    scorer = Scorer(("Ania", "Bartek", "Celina", "Darek"), builtin("plb"), limit=2)
    texts = ["zw Ania+Celina 61", "zw Ania+Celina 70", "zw Ania+Celina 80", "zo Ania 61"]
    got = [scorer(text) for text in texts]
    assert len(scorer.cache) == 2
    assert [scorer(text) for text in texts] == got  # (scored again, the same)


def test_an_error_is_worded_in_the_language_of_each_call() -> None:
    """A server scores for a Polish phone and an English one: a text that fails is told in
    each one's language, whichever asked first."""
    scorer = Scorer(("A", "B", "C", "D"), builtin("plb"))
    with i18n.speaking("pl"):
        polish = str(scorer("zw A+C 200"))
    english = str(scorer("zw A+C 200"))
    assert polish != english
    with i18n.speaking("pl"):
        assert str(scorer("zw A+C 200")) == polish
