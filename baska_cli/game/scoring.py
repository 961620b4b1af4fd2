"""score(entry, rules, players) -> Outcome: each seat's change and the facts that decided it,
from the rules' data (render/explain.py puts them into words; errors.py words the errors)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from baska_cli.errors import (
    CalledTwiceInARow,
    ContractNotInRules,
    FirstContraByDeclarer,
    TooManyContras,
)
from baska_cli.game.model import (
    DEFAULT_PLAYERS,
    SEATS,
    TOTAL_POINTS,
    TOTAL_TRICKS,
    Adjustment,
    Decided,
    Entry,
    Hand,
    Margin,
    Outcome,
    Penalty,
    Play,
    Side,
)
from baska_cli.game.notation import format_hand
from baska_cli.game.penalty import check_kara, score_penalty
from baska_cli.game.rules import ContractRules, RuleSet, TieRule
from baska_cli.game.vocabulary import CONTRA_NAMES

Settled = dict[str, Any]  # the Outcome's fields that settling a hand's value gives


def score(entry: Entry, rules: RuleSet, players: Sequence[str] = DEFAULT_PLAYERS) -> Outcome:
    """Score one entry under one rule system; raises RuleError (in the language of this
    context) if the system does not allow it. `players` name the seats in errors."""
    if isinstance(entry, Penalty):
        return score_penalty(entry, rules)
    if isinstance(entry, Adjustment):
        return Outcome(entry.deltas)
    return _score_hand(entry, rules, players)


def _contract_rules(hand: Hand, rules: RuleSet) -> ContractRules:
    """The contract's settings, or a RuleError naming the built-in systems that have it (those
    the rules know of)."""
    found = rules.contracts.get(hand.contract)
    if found is None:
        having = [known.name for known in rules.known if known.has(hand.contract)]
        raise ContractNotInRules(hand.contract.value, hand.contract.info.name, rules.name, having)
    return found


def typed_contras(hand: Hand, players: Sequence[str]) -> str:
    """The contras as the player typed them (the canonical form if not kept)."""
    if hand.typed_contras:
        return hand.typed_contras
    return format_hand(hand, players).split()[-1 - hand.kara]


def side_names(seats: Sequence[int], players: Sequence[str]) -> str:
    """The names of a side's seats, e.g. A+C."""
    return "+".join(players[s] for s in seats)


def count_contras(
    hand: Hand, rules: RuleSet, crules: ContractRules, players: Sequence[str]
) -> tuple[int, Side | None]:
    """The counted contras and the side of the last doubling call (None without contras);
    a RuleError if the system does not allow them."""
    if hand.callers is None:
        k = hand.contras
        last = None if k == 0 else (Side.OPPONENTS if k % 2 else Side.DECLARERS)
    else:
        calls = hand.callers
        sides = [Side.DECLARERS if c in hand.declarers else Side.OPPONENTS for c in calls]
        typed = typed_contras(hand, players)
        if not rules.same_player_twice:
            for a, b in pairwise(calls):
                if a == b:
                    raise CalledTwiceInARow(typed, players[a], rules.name)
        if crules.first_contra_by_opponents and sides[0] is Side.DECLARERS:
            declarers = side_names(hand.declarers, players)
            raise FirstContraByDeclarer(typed, hand.contract.info.name, rules.name, declarers)
        k = 1 + sum(1 for a, b in pairwise(sides) if a is not b)
        last = sides[-1]
    limit = crules.max_contras
    if limit is not None and k > limit:
        names = ", ".join(CONTRA_NAMES[:limit]) if limit <= len(CONTRA_NAMES) else str(limit)
        typed = typed_contras(hand, players)
        raise TooManyContras(typed, k, hand.contract.info.name, rules.name, limit, names)
    return k, last


def _point_winner(points: int, rules: RuleSet, last: Side | None) -> tuple[Side, Decided]:
    """Who wins a point game and how it was found, with the 52:52 rule of the system."""
    against = TOTAL_POINTS - points
    if points >= rules.win_points and points > against:
        return Side.DECLARERS, Decided.REACHED
    if points != against:  # short of win_points, or of the opponents' points: they lose
        return Side.OPPONENTS, Decided.SHORT if points < rules.win_points else Decided.OUTSCORED
    if rules.tie_52 is TieRule.OPPONENTS_WIN:
        return Side.OPPONENTS, Decided.TIE
    loser = last or Side.DECLARERS  # the side of the last contra; without contras, declarers
    return loser.other, Decided.TIE


def du_tricks(hand: Hand) -> int | None:
    """The tricks of a du game: as given, or 4 for all 104 card points (None: fewer)."""
    if hand.tricks is not None:
        return hand.tricks
    return TOTAL_TRICKS if hand.points == TOTAL_POINTS else None


def _score_hand(hand: Hand, rules: RuleSet, players: Sequence[str]) -> Outcome:
    crules = _contract_rules(hand, rules)
    if hand.kara:
        check_kara(hand, rules)
    k, last = count_contras(hand, rules, crules, players)
    play = hand.contract.info.play
    tricks = None
    if hand.kara:
        winner, decided = Side.OPPONENTS, Decided.KARA
    elif play is Play.NONE:
        winner, decided = Side.DECLARERS, Decided.NO_PLAY
    elif play is Play.TRICKS:
        tricks = du_tricks(hand)
        winner = Side.DECLARERS if tricks == TOTAL_TRICKS else Side.OPPONENTS
        decided = Decided.TRICKS
    else:
        assert hand.points is not None
        winner, decided = _point_winner(hand.points, rules, last)
    tie = rules.tie_52 if decided is Decided.TIE else None
    # a tie lost by the side of the last contra, that side taken from the counted form
    assumed = tie is TieRule.LAST_DOUBLER_LOSES and last is not None and hand.callers is None
    factor = rules.contra_factor**k if k else 1
    won = winner is Side.DECLARERS
    if hand.contract.is_pair:
        settled = _settle_pair(hand, rules, won, factor)
    else:
        settled = _settle_solo(hand, rules, crules, won, factor)
    return Outcome(  # what the play decided, and what settling it gave
        winner=winner,
        contras=k,
        callers=hand.callers,
        factor=factor,
        decided=decided,
        tie=tie,
        last_contra=last,
        last_assumed=assumed,
        tricks=tricks,
        **settled,
    )


def _settle_pair(hand: Hand, rules: RuleSet, won: bool, factor: int) -> Settled:
    """Zwykła and wesele: each winner +v, each loser -v."""
    assert hand.points is not None
    if won:
        losers_points, threshold = TOTAL_POINTS - hand.points, rules.exit_young
    else:
        losers_points, threshold = hand.points, rules.exit_old
    if losers_points == 0:
        margin = Margin.NOBITKA
    elif losers_points >= threshold:
        margin = Margin.EXIT
    else:
        margin = Margin.NOEXIT
    base = rules.pair[(Side.DECLARERS if won else Side.OPPONENTS, margin)]
    value = base * factor
    declarers = hand.declarers
    a, b, c, d = (value if (seat in declarers) is won else -value for seat in range(SEATS))
    return {
        "deltas": (a, b, c, d),
        "margin": margin,
        "value": value,
        "base": base,
        "losers_points": losers_points,
        "threshold": threshold,
    }


def _settle_solo(
    hand: Hand, rules: RuleSet, crules: ContractRules, won: bool, factor: int
) -> Settled:
    """One against three: each opponent -v or +v, the soloist +3v or -3v."""
    loss = 1 if won else rules.solo_loss_multiplier
    value = crules.base * loss * factor
    each = -value if won else value  # what each opponent gets
    deltas = [each] * SEATS
    deltas[hand.declarers[0]] = -3 * each
    return {
        "deltas": (deltas[0], deltas[1], deltas[2], deltas[3]),
        "value": value,
        "base": crules.base,
        "loss_multiplier": loss,
    }
