"""A rule system as the phones' pad needs it (JSON): its contracts, the contras each allows,
and the flags of the notation (kara), so the page offers exactly what the rules allow."""

from __future__ import annotations

from typing import Any

from baska_cli.game.model import Contract, Play
from baska_cli.game.rules import RuleSet
from baska_cli.game.vocabulary import COUNTED_FORMS


def _contras(max_contras: int | None) -> list[str]:
    """The counted contras a contract allows, as the pad writes them (k, kr, krb, krbh);
    no limit (Słup) offers all four (more are typed `k5`)."""
    limit = len(COUNTED_FORMS) if max_contras is None else max_contras
    return [COUNTED_FORMS[count] for count in sorted(COUNTED_FORMS) if count <= limit]


def _kara_after(contract: Contract, rules: RuleSet) -> bool:
    """Whether `kara` may follow a hand of this contract: a played solo, where a soloist's
    revoke is scored as lost (game/penalty.check_kara)."""
    if rules.penalty is None or not rules.penalty.soloist_revoke_loses:
        return False
    return not contract.is_pair and contract.info.play is not Play.NONE


def pad_rules(rules: RuleSet) -> dict[str, Any]:
    """The rule system's name and title; its contracts in order, each with its short word,
    its name, how many players declare it (1 or 2), what decides it (`points`, `tricks` for
    du, `none` for an honour), the contras it allows and whether `kara` may follow it; the
    contras any contract allows (in order); `kara`: whether a revoke (`kara X`) is scored;
    `unlimited`: whether contras go on past krbh (Słup)."""
    contracts = [
        {
            "short": contract.value,
            "name": contract.info.name,
            "players": contract.info.side_size,
            "play": contract.info.play.value,
            "contras": _contras(crules.max_contras),
            "kara": _kara_after(contract, rules),
        }
        for contract, crules in rules.contracts.items()
    ]
    offered = {word for crules in rules.contracts.values() for word in _contras(crules.max_contras)}
    return {
        "name": rules.name,
        "title": rules.title,
        "contracts": contracts,
        "contras": [word for word in COUNTED_FORMS.values() if word in offered],
        "kara": rules.penalty is not None,
        "unlimited": any(c.max_contras is None for c in rules.contracts.values()),
    }
