"""A settlement as text: who pays whom, the balances, the rounding; or as a JSON object."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from baska_cli.evening.settle import Settlement
from baska_cli.i18n import _, language


def amount_text(value: Decimal | str, currency: str = "", signed: bool = False) -> str:
    """An amount as the language writes it: `4.10 zł` in English, `4,10 zł` in Polish
    (a decimal comma); `+4,10` with `signed` for a balance."""
    amount = Decimal(value)
    text = f"{amount:+}" if signed else f"{amount}"
    if language() == "pl":
        text = text.replace(".", ",")
    return f"{text} {currency}" if currency else text


def settlement_record(done: Settlement, currency: str) -> dict[str, Any]:
    """The JSON object: amounts as decimal strings (field names are a contract)."""
    return {
        "stake": str(done.stake),
        "currency": currency,
        "transfers": [
            {"from": t.payer, "to": t.payee, "amount": str(t.amount)} for t in done.transfers
        ],
        "balances": {p: str(v) for p, v in done.balances.items()},
        "rounding": [
            {"player": r.player, "exact": str(r.exact), "rounded": str(r.rounded)}
            for r in done.rounding
        ],
    }


def settlement_text(done: Settlement, currency: str) -> str:
    """The transfers, one per line, then each player's balance and any rounding."""
    unit = f" {currency}" if currency else ""
    lines = []
    if done.transfers:
        width = max(len(t.payer) for t in done.transfers)
        to_width = max(len(t.payee) for t in done.transfers)
        amount_width = max(len(str(t.amount)) for t in done.transfers)
        for t in done.transfers:
            lines.append(
                _("{payer} pays {payee} {amount}").format(
                    payer=t.payer.ljust(width),
                    payee=t.payee.ljust(to_width),
                    amount=f"{amount_text(t.amount):>{amount_width}}{unit}",
                )
            )
    else:
        lines.append(_("nobody pays anybody"))
    lines.append("")
    width = max(len(p) for p in done.balances)
    for player, value in sorted(done.balances.items(), key=lambda item: (-item[1], item[0])):
        sign = "+" if value > 0 else ""
        lines.append(f"{player:<{width}}  {sign}{amount_text(value)}{unit}")
    for r in done.rounding:
        lines.append(
            _("(rounded: {player} {exact} → {rounded})").format(
                player=r.player,
                exact=f"{amount_text(r.exact, signed=True)}{unit}",
                rounded=f"{amount_text(r.rounded, signed=True)}{unit}",
            )
        )
    return "\n".join(lines)
