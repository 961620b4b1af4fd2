"""A contract's quote (evening/quote.py) as text: a table of outcomes by contras, or JSON."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tabulate import tabulate

from baska_cli.evening.quote import PLAYERS, Quote, Quoted
from baska_cli.game.model import Margin, Side
from baska_cli.game.vocabulary import COUNTED_FORMS
from baska_cli.i18n import _
from baska_cli.render.explain import MARGIN_WORDS
from baska_cli.render.fit import wrap
from baska_cli.render.outcome import outcome_json
from baska_cli.render.text import signed

NO_CONTRA = "—"


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]], labels: int) -> str:
    """Text cells, the first `labels` columns to the left and the numbers to the right."""
    aligned = ["left"] * labels + ["right"] * (len(headers) - labels)
    return tabulate(rows, headers=headers, colalign=aligned, disable_numparse=True)


def quote_record(found: Quote) -> dict[str, Any]:
    """The JSON object of `baska quote --format json`: the fields of each outcome named as
    in `baska score --format json` (deltas by the representative hand's seats)."""
    declarers = found.declarers
    return {
        "contract": found.contract.value,
        "rules": found.rules.name,
        "declarers": [PLAYERS[s] for s in declarers],
        "opponents": [PLAYERS[s] for s in range(len(PLAYERS)) if s not in declarers],
        "contras_limit": None if found.unlimited else found.levels[-1],
        "outcomes": [
            {
                "winner": q.outcome.winner.value if q.outcome.winner else None,
                "margin": q.outcome.margin.value if q.outcome.margin else None,
                "contras": q.outcome.contras,
                "value": q.outcome.value,
                "deltas": dict(zip(PLAYERS, q.outcome.deltas, strict=True)),
                "notation": q.notation,
            }
            for q in found.outcomes
        ],
    }


def quote_json(found: Quote) -> str:
    """The quote as one JSON object on one line."""
    return outcome_json(quote_record(found))


def contras_heading(count: int) -> str:
    """A contra level as a column's heading: —, k, kr, krb, krbh, then k5…"""
    if count == 0:
        return NO_CONTRA
    return COUNTED_FORMS.get(count, f"k{count}")


def _winner(found: Quote, winner: Side | None) -> str:
    if found.contract.is_pair:
        return _("starzy") if winner is Side.DECLARERS else _("młodzi")
    return _("the declarer") if winner is Side.DECLARERS else _("the opponents")


def _margin(margin: Margin | None) -> str:
    return _(MARGIN_WORDS[margin]) if margin is not None else ""


def _changes(found: Quote, q: Quoted) -> str:
    """`+15/-5`: a declarer's change, then an opponent's."""
    deltas = q.outcome.deltas
    declarer = found.declarers[0]
    opponent = next(s for s in range(len(deltas)) if s not in found.declarers)
    return f"{signed(deltas[declarer])}/{signed(deltas[opponent])}"


def _heading(found: Quote) -> list[str]:
    contract = found.contract
    lines = [
        _(
            "{short} ({contract}) under {rules}: what it pays at each number of counted contras"
        ).format(short=contract.value, contract=contract.info.name, rules=found.rules.label)
    ]
    if contract.is_pair:
        lines.append(_("each of starzy's change / each of młodzi's change"))
    else:
        lines.append(_("the declarer's change / each opponent's change"))
    return lines


def _grid(found: Quote) -> str:
    """Rows by winner and margin, a column per contra level."""
    pair = found.contract.is_pair
    rows: dict[tuple[Side | None, Margin | None], dict[int, str]] = {}
    for q in found.outcomes:
        cells = rows.setdefault((q.outcome.winner, q.outcome.margin), {})
        cells[q.outcome.contras] = _changes(found, q)
    headers = [_("winner"), *([_("losers")] if pair else [])]
    headers += [contras_heading(k) for k in found.levels]
    table = []
    for (winner, margin), cells in rows.items():
        label = [_winner(found, winner), *([_margin(margin)] if pair else [])]
        table.append(label + [cells.get(k, "") for k in found.levels])
    return _table(headers, table, 2 if pair else 1)


def _long(found: Quote) -> str:
    """One row per outcome and contra level (when the grid is too wide)."""
    pair = found.contract.is_pair
    headers = [_("winner"), *([_("losers")] if pair else []), _("contras"), "±"]
    table = [
        [
            _winner(found, q.outcome.winner),
            *([_margin(q.outcome.margin)] if pair else []),
            contras_heading(q.outcome.contras),
            _changes(found, q),
        ]
        for q in found.outcomes
    ]
    return _table(headers, table, 3 if pair else 2)


def quote_table(found: Quote, width: int | None = None) -> str:
    """The quote for a player: what the contract pays, a row per outcome, a column per
    contra level (one row per outcome and level where that is wider than `width`)."""
    lines = [wrap(line, width, "  ") for line in _heading(found)]
    grid = _grid(found)
    if width is not None and max(len(line) for line in grid.splitlines()) > width:
        grid = _long(found)
    lines.append(grid)
    if found.unlimited:
        note = _(
            "no limit on contras under {rules}: each further contra multiplies by {factor} again"
        ).format(rules=found.rules.name, factor=found.rules.contra_factor)
        lines.append(wrap(note, width, "  "))
    return "\n".join(lines)
