"""Write explanations.json: the explanation and the derivation of a few hundred hands, in
English and Polish, as the code before issue 21 wrote them (run once, with that code:
`/work/venv-before/bin/python tests/data/make_explanations.py`). tests/test_explain.py checks
that the renderer still says exactly this."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from baska_cli.notation import parse_hand  # type: ignore[import-not-found]
from baska_cli.rules import builtin, house_rules  # type: ignore[import-not-found]
from baska_cli.scoring import score  # type: ignore[import-not-found]

from baska_cli import i18n  # type: ignore[import-not-found]
from baska_cli.errors import BaskaError  # type: ignore[import-not-found]

HOUSE = {
    "no-twice": 'base = "mester"\nsame_player_twice = false',
    "house-kara": 'base = "plb"\n[penalty]\nenabled = true\noffender = -9\nothers = 3',
    "plb-last": 'base = "plb"\ntie_52 = "last_doubler_loses"',
    "slup-low": 'base = "plb"\nslup = true\nwin_points = 40',
}
NAMES = [("A", "B", "C", "D"), ("Ania", "Bartek", "Celina", "Darek")]
PAIRS = ["A+C", "A+B", "B+D", "C+D", "A+D", "B+C"]
POINTS = [0, 1, 8, 25, 26, 27, 28, 51, 52, 53, 60, 61, 62, 76, 77, 78, 79, 80, 96, 103, 104]
CONTRAS = ["", "", "", "k", "kr", "krb", "krbh", "k0", "k1", "k3", "k5", "k6", "k7"]


def rules_of(name: str) -> Any:
    return (
        house_rules(HOUSE[name], f"{name}.toml", default_name=name)
        if name in HOUSE
        else builtin(name)
    )


def contras(rng: random.Random) -> str:
    if rng.random() < 0.3:
        return "k:" + ",".join(rng.choice("ABCD") for _ in range(rng.randint(1, 5)))
    return rng.choice(CONTRAS)


def points(rng: random.Random) -> int:
    return rng.choice(POINTS) if rng.random() < 0.7 else rng.randint(0, 104)


def hand(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.05:
        return f"kara {rng.choice('ABCD')}"
    if roll < 0.08:
        d = [rng.randint(-40, 40) for _ in range(3)]
        d.append(-sum(d))
        return "adj " + " ".join(f"{s}{v:+d}" for s, v in zip("ABCD", d, strict=True))
    contract = rng.choice(["zw", "zw", "zw", "we", "ci", "gr", "zo", "gd", "zd", "ba", "me", "zb"])
    if contract in ("zw", "we"):
        text = f"{contract} {rng.choice(PAIRS)} {points(rng)}"
    elif contract in ("gd", "zd"):
        taken = f"/{rng.randint(0, 4)}" if rng.random() < 0.6 else str(points(rng))
        text = f"{contract} {rng.choice('ABCD')} {taken}"
    elif contract in ("ba", "me", "zb"):
        text = f"{contract} {rng.choice('ABCD')}"
    else:
        text = f"{contract} {rng.choice('ABCD')} {points(rng)}"
    text += " " + contras(rng)
    if contract not in ("zw", "we") and rng.random() < 0.15:
        text += " kara"
    return " ".join(text.split())


def said(text: str, system: str, names: tuple[str, ...], language: str) -> dict[str, object]:
    i18n.use(language)
    try:
        entry = parse_hand(text, names)  # (seat letters A-D stand for any names)
        outcome = score(entry, rules_of(system), names, language=language)
    except BaskaError as error:
        return {"error": str(error)}
    return {"explanation": outcome.explanation, "derivation": list(outcome.derivation)}


def main() -> None:
    rng = random.Random(21)
    cases, seen, errors = [], set(), 0
    systems = ["plb", "mester", "pagat", *HOUSE]
    while len(cases) < 600:
        text, system = hand(rng), rng.choice(systems)
        names = NAMES[rng.random() < 0.2]
        if (text, system, names) in seen:
            continue
        seen.add((text, system, names))
        case: dict[str, object] = {"hand": text, "rules": system, "players": list(names)}
        for language in ("en", "pl"):
            case[language] = said(text, system, names, language)
        errors += "error" in case["en"]
        if "error" not in case["en"] or errors <= 100:
            cases.append(case)
    out = Path(sys.argv[0]).with_name("explanations.json")
    out.write_text(
        json.dumps({"house": HOUSE, "cases": cases}, ensure_ascii=False, indent=0) + "\n"
    )


if __name__ == "__main__":
    main()
