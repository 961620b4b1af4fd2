"""One scored hand as text: a table (tabulate), a line, a JSON object, a CSV row."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from baska_cli import i18n
from baska_cli.game.model import Adjustment, Entry, Hand, Outcome, Penalty
from baska_cli.game.notation import format_hand
from baska_cli.game.rules import RuleSet
from baska_cli.render.explain import SCRIPT_LANGUAGE, derivation, explanation
from baska_cli.render.fit import wrap
from baska_cli.render.text import csv_line, signed

FORMATS = ("table", "json", "csv")


def outcome_record(
    entry: Entry,
    outcome: Outcome,
    rules: RuleSet,
    players: Sequence[str],
    for_scripts: bool = True,
) -> dict[str, Any]:
    """The JSON object of NOTATION.md for one scored entry (field names are a contract); its
    `explanation` is in Polish whatever the interface speaks, unless not `for_scripts` (a
    table a player reads)."""
    if for_scripts:
        with i18n.speaking(SCRIPT_LANGUAGE):
            said = explanation(entry, outcome, rules, players)
    else:
        said = explanation(entry, outcome, rules, players)
    if isinstance(entry, Hand):
        contract = entry.contract.value
        declarers = [players[s] for s in entry.declarers]
        opponents = [players[s] for s in entry.opponents]
        points, tricks, kara = entry.points, entry.tricks, entry.kara
        callers = None if entry.callers is None else [players[s] for s in entry.callers]
    elif isinstance(entry, Penalty):
        contract, kara, points, tricks, callers = "kara", True, None, None, None
        declarers = [players[entry.offender]]
        opponents = [p for s, p in enumerate(players) if s != entry.offender]
    else:
        assert isinstance(entry, Adjustment)
        contract, kara, points, tricks, callers = "adj", False, None, None, None
        declarers, opponents = [], []
    return {
        "notation": format_hand(entry, players),
        "rules": rules.name if for_scripts else rules.label,
        "contract": contract,
        "declarers": declarers,
        "opponents": opponents,
        "points": points,
        "tricks": tricks,
        "contras": outcome.contras,
        "callers": callers,
        "kara": kara,
        "winner": outcome.winner.value if outcome.winner else None,
        "margin": outcome.margin.value if outcome.margin else None,
        "value": outcome.value,
        "deltas": dict(zip(players, outcome.deltas, strict=True)),
        "explanation": said,
    }


def outcome_json(record: dict[str, Any]) -> str:
    """One JSON object on one line."""

    return json.dumps(record, ensure_ascii=False, allow_nan=False)  # never NaN: not JSON


CSV_FIELDS = ("notation", "rules", "contract", "winner", "margin", "value", "contras")


def csv_header(players: Sequence[str]) -> str:
    """The header row of `--format csv`."""
    return csv_line([*CSV_FIELDS, *players, "explanation"])


def outcome_csv(record: dict[str, Any]) -> str:
    """One CSV row of `--format csv` (no header)."""
    cells = [record[f] for f in CSV_FIELDS]
    return csv_line(
        [
            *("" if c is None else c for c in cells),
            *record["deltas"].values(),
            record["explanation"],
        ]
    )


def outcome_table(
    record: dict[str, Any], steps: Sequence[str] | None = None, width: int | None = None
) -> str:
    """The hand, a table of the four players' changes, and why (with `width`, the
    explanation and the derivation `steps` wrapped at words to that many columns)."""

    deltas = record["deltas"]
    table = tabulate(
        [[signed(d) for d in deltas.values()]],
        headers=list(deltas),
        tablefmt="simple",
        stralign="right",
    )
    lines = [f"{record['notation']}   ({record['rules']})", table]
    lines.append(wrap(record["explanation"], width, "  "))
    if steps:
        lines.append("")
        lines.extend(wrap(f"  {step}", width, "  ") for step in steps)
    return "\n".join(lines)


def outcome_line(number: int, record: dict[str, Any]) -> str:
    """One hand on one line, for `--batch` in table format (streams, no tabulate)."""
    changes = "  ".join(f"{name} {signed(d):>4}" for name, d in record["deltas"].items())
    return f"{number:>5}  {record['notation']:<24}  {changes}   {record['explanation']}"


def render_outcome(
    entry: Entry,
    outcome: Outcome,
    rules: RuleSet,
    players: Sequence[str],
    output_format: str,
    explain: bool,
    width: int | None = None,
) -> str:
    """One scored hand in the chosen format (the table's sentences wrapped to `width`)."""
    if output_format == "table":
        record = outcome_record(entry, outcome, rules, players, for_scripts=False)
        steps = derivation(entry, outcome, rules, players) if explain else None
        return outcome_table(record, steps, width)
    record = outcome_record(entry, outcome, rules, players)
    if output_format == "json":
        if explain:
            with i18n.speaking(SCRIPT_LANGUAGE):
                record["derivation"] = derivation(entry, outcome, rules, players)
        return outcome_json(record)
    return csv_header(players) + "\n" + outcome_csv(record)
