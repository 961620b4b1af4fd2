"""render/explain.py: a scored hand's facts in words, in the language of each context."""

from __future__ import annotations

import json
import threading
from pathlib import Path
from typing import Any

import pytest

from baska_cli import i18n
from baska_cli.errors import BaskaError
from baska_cli.game.model import Entry, Outcome
from baska_cli.game.notation import parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score
from baska_cli.render.explain import derivation, explanation
from baska_cli.rulesets.loader import builtin, house_rules

# The explanation and derivation of 600 hands (100 of them refused) under the three systems and
# three house rules, in English and Polish, as the code before issue 21 wrote them while it
# scored (tests/data/make_explanations.py made the file with that code), with two Polish
# wordings mended since (issue 41): "nie pozwala na kontry" and "kara: renons gracza X".
REFERENCE = json.loads(
    (Path(__file__).parent / "data" / "explanations.json").read_text(encoding="utf-8")
)


def _rules(name: str) -> RuleSet:
    house = REFERENCE["house"]
    if name in house:
        return house_rules(house[name], f"{name}.toml", default_name=name)
    return builtin(name)


def _said(entry: Entry, outcome: Outcome, rules: RuleSet, players: tuple[str, ...]) -> Any:
    return {
        "explanation": explanation(entry, outcome, rules, players),
        "derivation": derivation(entry, outcome, rules, players),
    }


@pytest.mark.parametrize("case", REFERENCE["cases"], ids=lambda c: f"{c['rules']}:{c['hand']}")
def test_the_words_are_those_written_before_scoring_gave_facts(case: dict[str, Any]) -> None:
    players, rules = tuple(case["players"]), _rules(case["rules"])
    for language in ("en", "pl"):
        with i18n.speaking(language):
            try:
                entry = parse_hand(case["hand"], players)
                said = _said(entry, score(entry, rules, players), rules, players)
            except BaskaError as error:
                said = {"error": str(error)}
        assert said == case[language], language


def test_one_outcome_is_told_in_polish_and_english_at_once_in_two_threads() -> None:
    entry, rules = parse_hand("zw A+C 52 k"), builtin("pagat")
    outcome = score(entry, rules)  # scored once, told twice
    barrier = threading.Barrier(2)
    told: dict[str, list[str]] = {}

    def tell(language: str) -> None:
        with i18n.speaking(language):
            barrier.wait()
            for _ in range(50):  # (the two threads interleave their words)
                line = explanation(entry, outcome, rules)
                steps = derivation(entry, outcome, rules)
            told[language] = [line, *steps]

    threads = [threading.Thread(target=tell, args=(lang,)) for lang in ("pl", "en")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert told["en"][0] == (
        "starzy 52 – won, młodzi with wyjście (tie 52:52, the last contra came from młodzi – "
        "assumed for counted contras): 1 × 2 (kontra) = 2 from each of młodzi"
    )
    assert told["pl"][0] == (
        "starzy 52 – wygrana, młodzi z wyjściem (remis 52:52, ostatnia kontra: młodzi, "
        "założone przy liczonych kontrach): 1 × 2 (kontra) = 2 od każdego młodego"
    )
    assert told["pl"][1] == "zwykła (zw), zasady pagat: grający A+C, przeciwnicy B+D"
    assert told["en"][1] == "zwykła (zw), rules pagat: declaring side A+C, opponents B+D"
