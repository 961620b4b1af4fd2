"""The revoke penalty (kara): a soloist's revoke after a hand (`zo B 70 kara`) and a revoke
by anyone, the deal annulled (`kara X`); the numbers and the rulebook they come from are
read from the rule data."""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.errors import RuleError
from baska_cli.game.model import SEATS, Hand, Outcome, Penalty, Play, Side
from baska_cli.game.rules import BUILTIN_NAMES, RuleSet, builtin
from baska_cli.game.wording import Words, signed, words
from baska_cli.i18n import _

# the settings a revoke penalty rests on: what the offender pays (`kara X`), and whether a
# soloist's revoke loses the contract (`kara` after a hand)
PAYS = "penalty.offender"
LOSES = "penalty.soloist_revoke_loses"


def penalty_rule(rules: RuleSet, key: str, w: Words | None = None) -> str:
    """Where a revoke penalty's setting comes from, as a player knows it, read from its
    provenance: the rulebook's point ("rule 7H of Baszka Méster Sport"), or the house rules
    that set it."""
    from baska_cli.game.sources import parse_provenance, titles

    w = w or words()
    found = parse_provenance(rules.provenance_of(key))
    if found.kind == "house":
        return w._("the house rules {name}").format(name=rules.name)
    cite = next((c for c in found.cites if c.point), None)
    if cite is None:
        return w._("the rule system {name}").format(name=rules.name)
    return w._("rule {point} of {book}").format(point=cite.point, book=titles()[cite.book])


def check_kara(hand: Hand, rules: RuleSet) -> None:
    """`kara` after a hand: only a played solo, only where the system scores it as lost."""
    info = hand.contract.info
    typed = hand.typed_kara or "kara"
    if rules.penalty is None:
        raise RuleError(_no_penalty(typed, rules, LOSES))
    if hand.contract.is_pair or info.play is Play.NONE:
        raise RuleError(
            _(
                '"{typed}" after {contract} ({short}): only a soloist who plays can revoke and '
                'lose his contract; for a revoke by any player write "kara X" alone'
            ).format(typed=typed, contract=info.name, short=hand.contract.value)
        )
    if not rules.penalty.soloist_revoke_loses:
        raise RuleError(
            _('"{typed}": under "{rules}" a soloist\'s revoke is not scored as lost').format(
                typed=typed, rules=rules.name
            )
        )


def _no_penalty(typed: str, rules: RuleSet, key: str) -> str:
    """The error for `kara` in a system without a revoke penalty, citing a built-in system
    that has one (found in the rule data)."""
    system = next((name for name in BUILTIN_NAMES if builtin(name).penalty is not None), None)
    if system is None:
        return _('"{typed}": the rule system "{rules}" has no penalty for a revoke').format(
            typed=typed, rules=rules.name
        )
    return _(
        '"{typed}": the rule system "{rules}" has no penalty for a revoke; the {system} '
        "system has one ({rule}): --rules {system}"
    ).format(
        typed=typed,
        rules=rules.name,
        system=system,
        rule=penalty_rule(builtin(system), key),
    )


def score_penalty(entry: Penalty, rules: RuleSet, players: Sequence[str], w: Words) -> Outcome:
    """A revoke (`kara X`): the offender pays, everyone else receives; the deal is annulled."""
    if rules.penalty is None:
        raise RuleError(_no_penalty("kara", rules, PAYS))
    p = rules.penalty
    d = [p.offender if s == entry.offender else p.others for s in range(SEATS)]
    deltas = (d[0], d[1], d[2], d[3])
    who = players[entry.offender]
    changes = {"player": who, "offender": signed(p.offender), "others": signed(p.others)}
    text = w._("kara {player} (the deal is void): {player} {offender}, each other player {others}")
    derivation = (
        w._("kara: {player} revoked ({rule}); the deal is void and not played on").format(
            player=who, rule=penalty_rule(rules, PAYS, w)
        ),
        w._("{player} {offender}, each other player {others}").format(**changes),
    )
    return Outcome(
        deltas,
        text.format(**changes),
        derivation,
        Side.OPPONENTS,
        None,
        p.others,
        0,
        language=w.language,
    )
