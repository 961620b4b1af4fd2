"""score(entry, rules, players) -> Outcome: each seat's change and why, from the rules' data."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from baska_cli.errors import RuleError
from baska_cli.model import (
    DEFAULT_PLAYERS,
    SEATS,
    TOTAL_POINTS,
    TOTAL_TRICKS,
    Adjustment,
    Contract,
    Entry,
    Hand,
    Margin,
    Outcome,
    Penalty,
    Play,
    Side,
)
from baska_cli.notation import CONTRA_NAMES, format_hand
from baska_cli.rules import BUILTIN_NAMES, ContractRules, RuleSet, TieRule, builtin

MARGIN_WORDS = {
    Margin.EXIT: "z wyjściem",
    Margin.NOEXIT: "bez wyjścia",
    Margin.NOBITKA: "bez bitki",
}


def score(entry: Entry, rules: RuleSet, players: Sequence[str] = DEFAULT_PLAYERS) -> Outcome:
    """Score one entry under one rule system; raises RuleError if the system does not allow it."""
    if isinstance(entry, Penalty):
        return _score_penalty(entry, rules, players)
    if isinstance(entry, Adjustment):
        changes = ", ".join(f"{players[s]} {d:+d}" for s, d in enumerate(entry.deltas))
        text = f"korekta sędziego (adj): {changes}"
        return Outcome(entry.deltas, text, (text,))
    return _score_hand(entry, rules, players)


def _contract_rules(hand: Hand, rules: RuleSet) -> ContractRules:
    """The contract's settings, or a RuleError naming the systems that have it."""
    found = rules.contracts.get(hand.contract)
    if found is None:
        having = [n for n in BUILTIN_NAMES if builtin(n).has(hand.contract)]
        where = f"; it is played in {', '.join(having)}" if having else ""
        raise RuleError(
            f'"{hand.contract.value}" ({hand.contract.info.name}) is not a contract of the '
            f'rule system "{rules.name}"{where}'
        )
    return found


def count_contras(
    hand: Hand, rules: RuleSet, crules: ContractRules, players: Sequence[str]
) -> tuple[int, Side | None, str]:
    """The counted contras, the side of the last doubling call, and how they were counted."""
    if hand.callers is None:
        k = hand.contras
        last = None if k == 0 else (Side.OPPONENTS if k % 2 else Side.DECLARERS)
        how = f"{k} liczone kontry" if k else "bez kontry"
    else:
        calls = hand.callers
        sides = [Side.DECLARERS if c in hand.declarers else Side.OPPONENTS for c in calls]
        names = ",".join(players[c] for c in calls)
        if not rules.same_player_twice:
            for a, b in pairwise(calls):
                if a == b:
                    raise RuleError(
                        f'"k:{names}": {players[a]} gives two doubling calls in a row, which '
                        f'"{rules.name}" forbids; one player never calls twice in a row'
                    )
        if crules.first_contra_by_opponents and sides[0] is Side.DECLARERS:
            raise RuleError(
                f'"k:{names}": in {hand.contract.info.name} under "{rules.name}" only an '
                f"opponent of {_side_names(hand.declarers, players)} may give the first contra"
            )
        k = 1 + sum(1 for a, b in pairwise(sides) if a is not b)
        last = sides[-1]
        how = f"k:{names} → {k} liczone (kolejne kontry tej samej strony liczą się raz)"
    limit = crules.max_contras
    if limit is not None and k > limit:
        allowed = (
            "no contra"
            if limit == 0
            else f"at most {limit} ({', '.join(CONTRA_NAMES[:limit]) if limit <= 4 else limit})"
        )
        raise RuleError(
            f'"{format_hand(hand, players).split()[-1 - hand.kara]}": '
            f"{k} counted contra{'' if k == 1 else 's'}, but "
            f'{hand.contract.info.name} under "{rules.name}" allows {allowed}'
        )
    return k, last, how


def _contra_factor(k: int, rules: RuleSet) -> tuple[int, str]:
    """The multiplier of k counted contras and its words, e.g. (4, ' × 4 (rekontra)')."""
    if k == 0:
        return 1, ""
    factor = rules.contra_factor**k
    name = CONTRA_NAMES[k - 1] if k <= len(CONTRA_NAMES) else f"{k} kontr"
    return factor, f" × {factor} ({name})"


def _side_names(seats: Sequence[int], players: Sequence[str]) -> str:
    return "+".join(players[s] for s in seats)


def _assumed_last(hand: Hand, last: Side, who: str, players: Sequence[str]) -> str:
    """Which side counted contras take to have called last, and how to write the other."""
    opponents = [s for s in range(len(players)) if s not in hand.declarers]
    other = [hand.declarers[0], opponents[0]]  # the other side first, then by turns
    if last is Side.DECLARERS:
        other.reverse()
    callers = ",".join(players[other[i % 2]] for i in range(hand.contras))
    return (
        f"liczone kontry zakładają, że pierwszą dali przeciwnicy, a kolejne strony na zmianę, "
        f"więc ostatnią dali {who}; jeśli ostatnią dała druga strona, zapisz kto wołał, "
        f"np. k:{callers}"
    )


def _point_winner(
    hand: Hand,
    points: int,
    rules: RuleSet,
    last: Side | None,
    derivation: list[str],
    players: Sequence[str],
) -> tuple[Side, str]:
    """Who wins a point game, with the 52:52 rule of the system."""
    against = TOTAL_POINTS - points
    if points >= rules.win_points and points > against:
        derivation.append(f"{points} ≥ {rules.win_points}: wygrywa strona grająca")
        return Side.DECLARERS, ""
    if points != against:  # below win_points without a tie: the declarers lose
        derivation.append(f"{points} < {rules.win_points}: wygrywają przeciwnicy")
        return Side.OPPONENTS, ""
    if rules.tie_52 is TieRule.OPPONENTS_WIN:
        derivation.append(f"remis {points}:{against}: wygrywają przeciwnicy grającego")
        return Side.OPPONENTS, f" (remis {points}:{against})"
    loser = last or Side.DECLARERS
    if hand.contract.is_pair:
        who = "starzy" if loser is Side.DECLARERS else "młodzi"
    else:
        who = "grający" if loser is Side.DECLARERS else "przeciwnicy"
    why = f"ostatnią kontrę dali {who}" if last else f"bez kontr przegrywają {who}"
    derivation.append(
        f"remis {points}:{against}: przegrywa strona ostatniej kontry, a bez kontr "
        f"grający → przegrywają {who}"
    )
    if last is not None and hand.callers is None:  # the counted form: the side is assumed
        why += " – założone przy liczonych kontrach"
        derivation.append(_assumed_last(hand, last, who, players))
    return loser.other, f" (remis {points}:{against}, {why})"


def _score_hand(hand: Hand, rules: RuleSet, players: Sequence[str]) -> Outcome:
    crules = _contract_rules(hand, rules)
    info = hand.contract.info
    decl, opp = hand.declarers, hand.opponents
    derivation = [
        f"{info.name} ({hand.contract.value}), zasady {rules.name}: "
        f"grający {_side_names(decl, players)}, przeciwnicy {_side_names(opp, players)}"
    ]
    if hand.kara:
        _check_kara(hand, rules)
    k, last, how = count_contras(hand, rules, crules, players)
    derivation.append(f"kontry: {how}")
    factor, factor_words = _contra_factor(k, rules)

    tie = ""
    if hand.kara:
        winner = Side.OPPONENTS
        derivation.append("kara: grający popełnił błąd (7I) i przegrywa kontrakt")
        tie = " (kara, 7I)"
    elif info.play is Play.NONE:
        winner = Side.DECLARERS
        derivation.append(f"{info.name}: wygrywa bez rozgrywki")
    elif info.play is Play.TRICKS:
        tricks = hand.tricks if hand.tricks is not None else (4 if hand.points == 104 else None)
        winner = Side.DECLARERS if tricks == TOTAL_TRICKS else Side.OPPONENTS
        taken = f"{tricks} lewy" if tricks is not None else f"{hand.points} oczek, mniej niż 4 lewy"
        derivation.append(f"du: grający musi wziąć wszystkie 4 lewy; wziął {taken}")
    else:
        assert hand.points is not None
        winner, tie = _point_winner(hand, hand.points, rules, last, derivation, players)

    if hand.contract.is_pair:
        return _settle_pair(hand, rules, winner, factor, factor_words, k, tie, derivation, players)
    return _settle_solo(
        hand, rules, crules, winner, factor, factor_words, k, tie, derivation, players
    )


def _settle_pair(
    hand: Hand,
    rules: RuleSet,
    winner: Side,
    factor: int,
    factor_words: str,
    k: int,
    tie: str,
    derivation: list[str],
    players: Sequence[str],
) -> Outcome:
    """Zwykła and wesele: each winner +v, each loser −v."""
    assert hand.points is not None
    if winner is Side.DECLARERS:
        losers_points, threshold, losers = TOTAL_POINTS - hand.points, rules.exit_young, "młodzi"
    else:
        losers_points, threshold, losers = hand.points, rules.exit_old, "starzy"
    if losers_points == 0:
        margin = Margin.NOBITKA
    elif losers_points >= threshold:
        margin = Margin.EXIT
    else:
        margin = Margin.NOEXIT
    derivation.append(
        f"przegrani ({losers}) mają {losers_points}, próg wyjścia {threshold}: "
        f"{MARGIN_WORDS[margin]}"
    )
    base = rules.pair[(winner, margin)]
    value = base * factor
    won = winner is Side.DECLARERS
    derivation.append(
        f"tabela: wygrana {'starych' if won else 'młodych'} {MARGIN_WORDS[margin]} = {base}"
        + (f", × {factor} za kontry = {value}" if k else "")
    )
    derivation.append(f"każdy wygrany +{value}, każdy przegrany −{value}")
    sign = {seat: (1 if won else -1) for seat in hand.declarers}
    deltas = tuple(value * sign.get(seat, -1 if won else 1) for seat in range(SEATS))
    side = "starzy" if hand.contract is Contract.ZW else "weselnicy"
    text = (
        f"{side} {hand.points} – {'wygrana' if won else 'przegrana'} {MARGIN_WORDS[margin]}{tie}: "
        f"{base}{factor_words} = {value} "
        f"{'od każdego młodego' if won else 'dla każdego młodego'}"
    )
    return Outcome(_four(deltas), text, tuple(derivation), winner, margin, value, k)


def _settle_solo(
    hand: Hand,
    rules: RuleSet,
    crules: ContractRules,
    winner: Side,
    factor: int,
    factor_words: str,
    k: int,
    tie: str,
    derivation: list[str],
    players: Sequence[str],
) -> Outcome:
    """One against three: each opponent ∓v, the soloist ±3v."""
    won = winner is Side.DECLARERS
    loss = 1 if won else rules.solo_loss_multiplier
    value = crules.base * loss * factor
    loss_words = f" × {loss} (przegrana)" if loss != 1 else ""
    soloist = hand.declarers[0]
    derivation.append(
        f"stawka {crules.base}{loss_words}{factor_words} = {value} od każdego przeciwnika"
    )
    derivation.append(
        f"{players[soloist]} {'+' if won else '−'}{3 * value}, "
        f"każdy przeciwnik {'−' if won else '+'}{value}"
    )
    sign = 1 if won else -1
    deltas = tuple(sign * 3 * value if seat == soloist else -sign * value for seat in range(SEATS))
    info = hand.contract.info
    if info.play is Play.NONE:
        taken = ""
    elif info.play is Play.TRICKS:
        taken = f" {hand.tricks} lewy" if hand.tricks is not None else f" {hand.points}"
    else:
        taken = f" {hand.points}"
    result = "wygrana" if won else "przegrana"
    if info.play is Play.NONE:
        result = "wygrana bez rozgrywki"
    text = (
        f"{info.name} {players[soloist]}{taken} – {result}{tie}: {crules.base}{loss_words}"
        f"{factor_words} = {value} {'od każdego' if won else 'dla każdego'}, "
        f"{players[soloist]} {sign * 3 * value:+d}"
    )
    return Outcome(_four(deltas), text, tuple(derivation), winner, None, value, k)


def _check_kara(hand: Hand, rules: RuleSet) -> None:
    """`kara` after a hand: only a played solo, only where the system scores it as lost."""
    info = hand.contract.info
    if rules.penalty is None:
        raise RuleError(
            f'"kara": the rule system "{rules.name}" has no penalty for a revoke; '
            f"it exists in mester (rules 7H, 7I)"
        )
    if hand.contract.is_pair or info.play is Play.NONE:
        raise RuleError(
            f'"kara" after {info.name} ({hand.contract.value}): only a soloist who plays can '
            f'revoke and lose his contract; for a revoke by any player write "kara X" alone'
        )
    if not rules.penalty.soloist_revoke_loses:
        raise RuleError(f'"kara": under "{rules.name}" a soloist\'s revoke is not scored as lost')


def _score_penalty(entry: Penalty, rules: RuleSet, players: Sequence[str]) -> Outcome:
    """mester 7H: the offender pays, everyone else receives; the deal is annulled."""
    if rules.penalty is None:
        raise RuleError(
            f'"kara": the rule system "{rules.name}" has no penalty for a revoke; '
            f"it exists in mester (rule 7H)"
        )
    p = rules.penalty
    deltas = tuple(p.offender if s == entry.offender else p.others for s in range(SEATS))
    who = players[entry.offender]
    text = (
        f"kara {who} (7H, rozdanie unieważnione): {who} {p.offender:+d}, pozostali po {p.others:+d}"
    )
    return Outcome(_four(deltas), text, (text,), Side.OPPONENTS, None, p.others, 0)


def _four(deltas: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (deltas[0], deltas[1], deltas[2], deltas[3])
