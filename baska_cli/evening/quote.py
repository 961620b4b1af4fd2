"""What a contract pays before anyone bids or doubles: every outcome at every contra level
the rules allow, found by scoring representative hands (game/scoring.py), never by a copy
of a rule."""

from __future__ import annotations

from dataclasses import dataclass

from baska_cli.errors import BaskaError, NotationError, RuleError
from baska_cli.game import deck
from baska_cli.game.card_points import side_example
from baska_cli.game.model import TOTAL_TRICKS, Contract, Hand, Margin, Outcome, Play, Side
from baska_cli.game.notation import format_hand, parse_hand
from baska_cli.game.rules import RuleSet
from baska_cli.game.scoring import score
from baska_cli.game.spelling import fold, nearest
from baska_cli.game.vocabulary import CONTRA_NAMES, CONTRACT_ALIASES, CONTRACT_LOOKUP
from baska_cli.i18n import _

# with no limit on contras (Słup) the quote goes this far: every call has a name up to here
UNLIMITED_SHOWN = len(CONTRA_NAMES)
PLAYERS = ("A", "B", "C", "D")  # the seats of the representative hands


@dataclass(frozen=True, slots=True)
class Quoted:
    """One outcome at one contra level: the representative hand and what scoring gave."""

    hand: Hand
    notation: str
    outcome: Outcome


@dataclass(frozen=True, slots=True)
class Quote:
    """A contract's outcomes under one rule system: `levels` are the counted contras shown
    (0 to the rules' limit), `unlimited` when the rules set none (the levels stop at
    UNLIMITED_SHOWN); `outcomes` by winner, margin, then contras."""

    contract: Contract
    rules: RuleSet
    levels: tuple[int, ...]
    unlimited: bool
    outcomes: tuple[Quoted, ...]

    @property
    def declarers(self) -> tuple[int, ...]:
        """The seats of the representative hands' declaring side."""
        return self.outcomes[0].hand.declarers


def quote_contract(word: str, rules: RuleSet) -> Contract:
    """The contract `word` names (any spelling), if `rules` have it; else an error naming
    these rules' contracts and the nearest of them."""
    own = [c for c in Contract if rules.has(c)]
    folded = fold(word.strip())
    found = CONTRACT_LOOKUP.get(folded)
    if found is not None and rules.has(found):
        return found
    spellings = [s for c in own for s in (c.value, *CONTRACT_ALIASES[c.value])]
    near = nearest(folded, [fold(s) for s in spellings])
    if found is not None:
        message = _('"{short}" ({contract}) is not a contract of the rule system "{rules}"').format(
            short=found.value, contract=found.info.name, rules=rules.name
        )
    else:
        message = _('"{typed}" is not a contract; expected one of {contracts}').format(
            typed=word, contracts=", ".join(c.value for c in own)
        )
    if near is not None:
        c = CONTRACT_LOOKUP[near]
        message += _('; did you mean "{short}" ({contract})?').format(
            short=c.value, contract=c.info.name
        )
    raise (NotationError if found is None else RuleError)(message)


def _plays(contract: Contract) -> list[str]:
    """The words of play to try: every card-point total, every number of tricks, or none."""
    play = contract.info.play
    if play is Play.POINTS:
        return [str(p) for p in sorted(deck.all_possible_points())]
    if play is Play.TRICKS:
        return [f"/{t}" for t in range(TOTAL_TRICKS, -1, -1)]
    return [""]


def _tried(contract: Contract, rules: RuleSet, contras: int) -> list[Hand]:
    """Representative hands of the contract at this many counted contras, every play."""
    head = f"{contract.value} {side_example(contract)}"
    counted = f"k{contras}" if contras else ""
    hands = []
    flags = [""]
    if rules.penalty is not None and rules.penalty.soloist_revoke_loses:
        flags.append("kara")
    for play in _plays(contract):
        for flag in flags:
            text = " ".join(word for word in (head, play, counted, flag) if word)
            try:
                entry = parse_hand(text, PLAYERS)
            except BaskaError:
                continue
            assert isinstance(entry, Hand)
            hands.append(entry)
    return hands


_WINNERS = (Side.DECLARERS, Side.OPPONENTS)
_MARGINS = (*Margin, None)


def quote(contract: Contract, rules: RuleSet) -> Quote:
    """Every outcome of the contract under the rules, at every contra level they allow."""
    limit = rules.contracts[contract].max_contras
    levels = tuple(range((UNLIMITED_SHOWN if limit is None else limit) + 1))
    found: dict[tuple[Side | None, Margin | None, int], Quoted] = {}
    for contras in levels:
        for hand in _tried(contract, rules, contras):
            try:
                outcome = score(hand, rules, PLAYERS)
            except BaskaError:
                continue
            key = (outcome.winner, outcome.margin, outcome.contras)
            if key not in found:
                found[key] = Quoted(hand, format_hand(hand, PLAYERS), outcome)

    def order(key: tuple[Side | None, Margin | None, int]) -> tuple[int, int, int]:
        winner, margin, contras = key
        return (
            _WINNERS.index(winner) if winner in _WINNERS else 2,
            _MARGINS.index(margin),
            contras,
        )

    ordered = tuple(found[key] for key in sorted(found, key=order))
    return Quote(contract, rules, levels, limit is None, ordered)
