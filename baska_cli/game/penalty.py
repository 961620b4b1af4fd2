"""The revoke penalty (kara): a soloist's revoke after a hand (`zo B 70 kara`) and a revoke
by anyone, the deal annulled (`kara X`); the numbers and the rulebook they come from are
read from the rule data."""

from __future__ import annotations

from baska_cli.errors import RuleError
from baska_cli.game.model import SEATS, Hand, Outcome, Penalty, Play, Side
from baska_cli.game.rules import RuleSet
from baska_cli.game.sources import parse_provenance
from baska_cli.i18n import _

# the settings a revoke penalty rests on: what the offender pays (`kara X`), and whether a
# soloist's revoke loses the contract (`kara` after a hand)
PAYS = "penalty.offender"
LOSES = "penalty.soloist_revoke_loses"


def penalty_rule(rules: RuleSet, key: str) -> str:
    """Where a revoke penalty's setting comes from, as a player knows it, read from its
    provenance: the rulebook's point ("rule 7H of Baszka Méster Sport"), or the house rules
    that set it (in the language of this context)."""
    found = parse_provenance(rules.provenance_of(key), rules.books)
    if found.kind == "house":
        return _("the house rules {name}").format(name=rules.name)
    cite = next((c for c in found.cites if c.point), None)
    if cite is None:
        return _("the rule system {name}").format(name=rules.name)
    return _("rule {point} of {book}").format(point=cite.point, book=rules.books[cite.book])


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
    that has one (of those the rules know of)."""
    system = next((known for known in rules.known if known.penalty is not None), None)
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
        system=system.name,
        rule=penalty_rule(system, key),
    )


def score_penalty(entry: Penalty, rules: RuleSet) -> Outcome:
    """A revoke (`kara X`): the offender pays, everyone else receives; the deal is annulled."""
    if rules.penalty is None:
        raise RuleError(_no_penalty("kara", rules, PAYS))
    p = rules.penalty
    d = [p.offender if s == entry.offender else p.others for s in range(SEATS)]
    return Outcome((d[0], d[1], d[2], d[3]), Side.OPPONENTS, value=p.others)
