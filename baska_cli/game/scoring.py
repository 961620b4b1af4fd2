"""score(entry, rules, players) -> Outcome: each seat's change and why, from the rules' data."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from baska_cli.errors import RuleError
from baska_cli.game.model import (
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
from baska_cli.game.notation import format_hand
from baska_cli.game.penalty import LOSES, check_kara, penalty_rule, score_penalty
from baska_cli.game.rules import BUILTIN_NAMES, ContractRules, RuleSet, TieRule, builtin
from baska_cli.game.vocabulary import CONTRA_NAMES
from baska_cli.game.wording import SCRIPT_LANGUAGE, SILENT, Words, signed, words
from baska_cli.i18n import N_, _, ngettext

MARGIN_WORDS = {
    Margin.EXIT: N_("with wyjście"),
    Margin.NOEXIT: N_("bez wyjścia"),
    Margin.NOBITKA: N_("bez bitki"),
}


def score(
    entry: Entry,
    rules: RuleSet,
    players: Sequence[str] = DEFAULT_PLAYERS,
    language: str | None = None,
    explain: bool = True,
) -> Outcome:
    """Score one entry under one rule system; raises RuleError if the system does not allow it.
    The explanation and derivation are in `language` (None: the interface language), or
    empty with `explain=False` (the changes alone, as fast as they come); errors are always
    in the interface language."""
    w = words(language) if explain else SILENT
    if isinstance(entry, Penalty):
        return score_penalty(entry, rules, players, w)
    if isinstance(entry, Adjustment):
        changes = ", ".join(f"{players[s]} {signed(d)}" for s, d in enumerate(entry.deltas))
        text = w._("referee's adjustment (adj): {changes}").format(changes=changes)
        why = w._("adj: the changes as the referee decided them; they sum to 0")
        return Outcome(entry.deltas, text, (why,), language=w.language)
    return _score_hand(entry, rules, players, w)


def for_scripts(
    entry: Entry, outcome: Outcome, rules: RuleSet, players: Sequence[str] = DEFAULT_PLAYERS
) -> Outcome:
    """The outcome with its explanation and derivation in the language scripts read (Polish,
    whatever the interface speaks): the same object when it already is."""
    if outcome.language == SCRIPT_LANGUAGE:
        return outcome
    return score(entry, rules, players, SCRIPT_LANGUAGE)


def _contract_rules(hand: Hand, rules: RuleSet) -> ContractRules:
    """The contract's settings, or a RuleError naming the systems that have it."""
    found = rules.contracts.get(hand.contract)
    if found is None:
        having = [n for n in BUILTIN_NAMES if builtin(n).has(hand.contract)]
        message = _('"{short}" ({contract}) is not a contract of the rule system "{rules}"').format(
            short=hand.contract.value, contract=hand.contract.info.name, rules=rules.name
        )
        if having:
            message += _("; it is played in {systems}").format(systems=", ".join(having))
        raise RuleError(message)
    return found


def _typed_contras(hand: Hand, players: Sequence[str]) -> str:
    """The contras as the player typed them (the canonical form if not kept)."""
    if hand.typed_contras:
        return hand.typed_contras
    return format_hand(hand, players).split()[-1 - hand.kara]


def count_contras(
    hand: Hand,
    rules: RuleSet,
    crules: ContractRules,
    players: Sequence[str],
    w: Words | None = None,
) -> tuple[int, Side | None, str]:
    """The counted contras, the side of the last doubling call, and how they were counted."""
    w = w or words()
    if hand.callers is None:
        k = hand.contras
        last = None if k == 0 else (Side.OPPONENTS if k % 2 else Side.DECLARERS)
        how = w.ngettext("{count} counted contra", "{count} counted contras", k).format(count=k)
    else:
        calls = hand.callers
        sides = [Side.DECLARERS if c in hand.declarers else Side.OPPONENTS for c in calls]
        typed = _typed_contras(hand, players)
        if not rules.same_player_twice:
            for a, b in pairwise(calls):
                if a == b:
                    raise RuleError(
                        _(
                            '"{typed}": {player} gives two doubling calls in a row, which '
                            '"{rules}" forbids; one player never calls twice in a row'
                        ).format(typed=typed, player=players[a], rules=rules.name)
                    )
        if crules.first_contra_by_opponents and sides[0] is Side.DECLARERS:
            raise RuleError(
                _(
                    '"{typed}": in {contract} under "{rules}" only an opponent of {declarers} '
                    "may give the first contra"
                ).format(
                    typed=typed,
                    contract=hand.contract.info.name,
                    rules=rules.name,
                    declarers=_side_names(hand.declarers, players),
                )
            )
        k = 1 + sum(1 for a, b in pairwise(sides) if a is not b)
        last = sides[-1]
        how = w.ngettext(
            "{callers} → {count} counted (calls in a row by one side count once)",
            "{callers} → {count} counted (calls in a row by one side count once)",
            k,
        ).format(callers="k:" + ",".join(players[c] for c in calls), count=k)
    limit = crules.max_contras
    if limit is not None and k > limit:
        if limit == 0:
            allowed = _("no contra")
        else:
            names = ", ".join(CONTRA_NAMES[:limit]) if limit <= len(CONTRA_NAMES) else str(limit)
            allowed = _("at most {limit} ({names})").format(limit=limit, names=names)
        raise RuleError(
            ngettext(
                '"{typed}": {count} counted contra, but {contract} under "{rules}" allows '
                "{allowed}",
                '"{typed}": {count} counted contras, but {contract} under "{rules}" allows '
                "{allowed}",
                k,
            ).format(
                typed=_typed_contras(hand, players),
                count=k,
                contract=hand.contract.info.name,
                rules=rules.name,
                allowed=allowed,
            )
        )
    return k, last, how


def _contra_factor(k: int, rules: RuleSet, w: Words) -> tuple[int, str]:
    """The multiplier of k counted contras and its words, e.g. (4, ' × 4 (rekontra)')."""
    if k == 0:
        return 1, ""
    factor = rules.contra_factor**k
    if k <= len(CONTRA_NAMES):
        name = CONTRA_NAMES[k - 1]
    else:
        name = w.ngettext("{count} contra", "{count} contras", k).format(count=k)
    return factor, f" × {factor} ({name})"


def _side_names(seats: Sequence[int], players: Sequence[str]) -> str:
    return "+".join(players[s] for s in seats)


def _who(hand: Hand, side: Side, w: Words) -> str:
    """A side as players name it: starzy and młodzi, or the declarer and the opponents."""
    if hand.contract.is_pair:
        return w._("starzy") if side is Side.DECLARERS else w._("młodzi")
    return w._("the declarer") if side is Side.DECLARERS else w._("the opponents")


def _assumed_last(hand: Hand, last: Side, who: str, players: Sequence[str], w: Words) -> str:
    """Which side counted contras take to have called last, and how to write the other."""
    opponents = [s for s in range(len(players)) if s not in hand.declarers]
    other = [hand.declarers[0], opponents[0]]  # the other side first, then by turns
    if last is Side.DECLARERS:
        other.reverse()
    callers = ",".join(players[other[i % 2]] for i in range(hand.contras))
    return w._(
        "counted contras assume that the opponents gave the first and the sides took turns, "
        "so the last contra came from {who}; if the other side gave the last one, write who "
        "called, e.g. {callers}"
    ).format(who=who, callers=f"k:{callers}")


def _point_winner(
    hand: Hand,
    points: int,
    rules: RuleSet,
    last: Side | None,
    derivation: list[str],
    players: Sequence[str],
    w: Words,
) -> tuple[Side, str]:
    """Who wins a point game, with the 52:52 rule of the system."""
    against = TOTAL_POINTS - points
    score = {"points": points, "win": rules.win_points, "against": against}
    if points >= rules.win_points and points > against:
        derivation.append(w._("{points} ≥ {win}: the declaring side wins").format(**score))
        return Side.DECLARERS, ""
    if points != against:  # short of win_points, or of the opponents' points: they lose
        if points < rules.win_points:
            derivation.append(w._("{points} < {win}: the opponents win").format(**score))
        else:
            derivation.append(w._("{points} < {against}: the opponents win").format(**score))
        return Side.OPPONENTS, ""
    if rules.tie_52 is TieRule.OPPONENTS_WIN:
        derivation.append(
            w._("tie {points}:{against}: the opponents of the declaring side win").format(**score)
        )
        return Side.OPPONENTS, w._(" (tie {points}:{against})").format(**score)
    loser = last or Side.DECLARERS
    who = _who(hand, loser, w)
    if last:
        why = w._("the last contra came from {who}").format(who=who)
    else:
        why = w._("without contras the declaring side loses")
    derivation.append(
        w._(
            "tie {points}:{against}: the side that gave the last contra loses, without "
            "contras the declaring side → the losers: {who}"
        ).format(who=who, **score)
    )
    if last is not None and hand.callers is None:  # the counted form: the side is assumed
        why += w._(" – assumed for counted contras")
        derivation.append(_assumed_last(hand, last, who, players, w))
    return loser.other, w._(" (tie {points}:{against}, {why})").format(why=why, **score)


def _score_hand(hand: Hand, rules: RuleSet, players: Sequence[str], w: Words) -> Outcome:
    crules = _contract_rules(hand, rules)
    info = hand.contract.info
    decl, opp = hand.declarers, hand.opponents
    derivation = [
        w._(
            "{contract} ({short}), rules {rules}: declaring side {declarers}, opponents {opponents}"
        ).format(
            contract=info.name,
            short=hand.contract.value,
            rules=rules.name,
            declarers=_side_names(decl, players),
            opponents=_side_names(opp, players),
        )
    ]
    if hand.kara:
        check_kara(hand, rules)
    k, last, how = count_contras(hand, rules, crules, players, w)
    derivation.append(w._("contras: {how}").format(how=how) if k else w._("contras: none"))
    factor, factor_words = _contra_factor(k, rules, w)

    tie = ""
    if hand.kara:
        winner = Side.OPPONENTS
        derivation.append(
            w._("kara: the declarer revoked ({rule}) and loses the contract").format(
                rule=penalty_rule(rules, LOSES, w)
            )
        )
        tie = w._(" (kara)")
    elif info.play is Play.NONE:
        winner = Side.DECLARERS
        derivation.append(w._("{contract}: won without play").format(contract=info.name))
    elif info.play is Play.TRICKS:
        winner = Side.DECLARERS if _du_tricks(hand) == TOTAL_TRICKS else Side.OPPONENTS
        derivation.append(
            w._("du: the declarer must take all 4 tricks; {taken}").format(taken=_du_taken(hand, w))
        )
    else:
        assert hand.points is not None
        winner, tie = _point_winner(hand, hand.points, rules, last, derivation, players, w)

    if hand.contract.is_pair:
        return _settle_pair(
            hand, rules, winner, factor, factor_words, k, tie, derivation, players, w
        )
    return _settle_solo(
        hand, rules, crules, winner, factor, factor_words, k, tie, derivation, players, w
    )


def _du_tricks(hand: Hand) -> int | None:
    """The tricks of a du game: as given, or 4 for all 104 card points (None: fewer)."""
    if hand.tricks is not None:
        return hand.tricks
    return TOTAL_TRICKS if hand.points == TOTAL_POINTS else None


def _du_taken(hand: Hand, w: Words) -> str:
    """`took 3 tricks`, or `took 70 card points, fewer than 4 tricks`."""
    tricks = _du_tricks(hand)
    if tricks is not None:
        return w.ngettext("took {count} trick", "took {count} tricks", tricks).format(count=tricks)
    points = hand.points or 0
    return w.ngettext(
        "took {count} card point, fewer than 4 tricks",
        "took {count} card points, fewer than 4 tricks",
        points,
    ).format(count=points)


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
    w: Words,
) -> Outcome:
    """Zwykła and wesele: each winner +v, each loser -v."""
    assert hand.points is not None
    won = winner is Side.DECLARERS
    if won:
        losers_points, threshold = TOTAL_POINTS - hand.points, rules.exit_young
    else:
        losers_points, threshold = hand.points, rules.exit_old
    losers = _who(hand, winner.other, w)
    if losers_points == 0:
        margin = Margin.NOBITKA
    elif losers_points >= threshold:
        margin = Margin.EXIT
    else:
        margin = Margin.NOEXIT
    margin_words = w._(MARGIN_WORDS[margin])
    derivation.append(
        w._("the losers ({losers}) have {points}, wyjście from {threshold}: {margin}").format(
            losers=losers, points=losers_points, threshold=threshold, margin=margin_words
        )
    )
    base = rules.pair[(winner, margin)]
    value = base * factor
    if won:
        row = w._("table: starzy win, młodzi {margin} = {base}")
    else:
        row = w._("table: młodzi win, starzy {margin} = {base}")
    row = row.format(margin=margin_words, base=base)
    if k:
        row += w._(", × {factor} for contras = {value}").format(factor=factor, value=value)
    derivation.append(row)
    derivation.append(
        w._("each winner {plus}, each loser {minus}").format(
            plus=signed(value), minus=signed(-value)
        )
    )
    sign = {seat: (1 if won else -1) for seat in hand.declarers}
    deltas = tuple(value * sign.get(seat, -1 if won else 1) for seat in range(SEATS))
    side = w._("starzy") if hand.contract is Contract.ZW else w._("the wedding pair")
    if won:
        text = w._(
            "{side} {points} – won, młodzi {margin}{tie}: {sum} = {value} from each of młodzi"
        )
    else:
        text = w._("{side} {points} – lost {margin}{tie}: {sum} = {value} to each of młodzi")
    text = text.format(
        side=side,
        points=hand.points,
        margin=margin_words,
        tie=tie,
        sum=f"{base}{factor_words}",
        value=value,
    )
    return Outcome(
        _four(deltas), text, tuple(derivation), winner, margin, value, k, language=w.language
    )


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
    w: Words,
) -> Outcome:
    """One against three: each opponent -v or +v, the soloist +3v or -3v."""
    won = winner is Side.DECLARERS
    loss = 1 if won else rules.solo_loss_multiplier
    value = crules.base * loss * factor
    loss_words = w._(" × {factor} (lost)").format(factor=loss) if loss != 1 else ""
    stake = f"{crules.base}{loss_words}{factor_words}"
    if won:
        derivation.append(
            w._("stake {stake} = {value} from each opponent").format(stake=stake, value=value)
        )
    else:
        derivation.append(
            w._("stake {stake} = {value} to each opponent").format(stake=stake, value=value)
        )
    soloist = players[hand.declarers[0]]
    sign = 1 if won else -1
    derivation.append(
        w._("{player} {change}, each opponent {each}").format(
            player=soloist, change=signed(sign * 3 * value), each=signed(-sign * value)
        )
    )
    deltas = tuple(
        sign * 3 * value if seat == hand.declarers[0] else -sign * value for seat in range(SEATS)
    )
    info = hand.contract.info
    if info.play is Play.NONE:
        taken = ""
    elif info.play is Play.TRICKS and hand.tricks is not None:
        taken = " " + w.ngettext("{count} trick", "{count} tricks", hand.tricks).format(
            count=hand.tricks
        )
    else:
        taken = f" {hand.points}"
    fields = {
        "contract": info.name,
        "player": soloist,
        "taken": taken,
        "tie": tie,
        "sum": stake,
        "value": value,
        "change": signed(sign * 3 * value),
    }
    if info.play is Play.NONE:
        text = w._(
            "{contract} {player} – won without play: {sum} = {value} from each, {player} {change}"
        )
    elif won:
        text = w._(
            "{contract} {player}{taken} – won{tie}: {sum} = {value} from each, {player} {change}"
        )
    else:
        text = w._(
            "{contract} {player}{taken} – lost{tie}: {sum} = {value} to each, {player} {change}"
        )
    return Outcome(
        _four(deltas),
        text.format(**fields),
        tuple(derivation),
        winner,
        None,
        value,
        k,
        language=w.language,
    )


def _four(deltas: tuple[int, ...]) -> tuple[int, int, int, int]:
    return (deltas[0], deltas[1], deltas[2], deltas[3])
