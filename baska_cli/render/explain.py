"""A scored entry's facts in words: the explanation line and the `--explain` derivation, in
the language of this context (`with i18n.speaking("pl"):` for another)."""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.game.model import (
    DEFAULT_PLAYERS,
    TOTAL_POINTS,
    Adjustment,
    Contract,
    Decided,
    Entry,
    Hand,
    Margin,
    Outcome,
    Penalty,
    Play,
    Side,
)
from baska_cli.game.penalty import LOSES, PAYS, penalty_rule
from baska_cli.game.rules import RuleSet, TieRule
from baska_cli.game.scoring import side_names
from baska_cli.game.vocabulary import CONTRA_NAMES
from baska_cli.i18n import N_, _, ngettext
from baska_cli.render.text import signed

# The language a script reads the explanation in (JSON, CSV), whatever the interface speaks.
SCRIPT_LANGUAGE = "pl"

MARGIN_WORDS = {
    Margin.EXIT: N_("with wyjście"),
    Margin.NOEXIT: N_("bez wyjścia"),
    Margin.NOBITKA: N_("bez bitki"),
}


def explanation(
    entry: Entry, outcome: Outcome, rules: RuleSet, players: Sequence[str] = DEFAULT_PLAYERS
) -> str:
    """The one-line explanation of a scored entry, e.g. `starzy 61 – won, młodzi with
    wyjście: 1 = 1 from each of młodzi`."""
    if isinstance(entry, Penalty):
        return _(
            "kara {player} (the deal is void): {player} {offender}, each other player {others}"
        ).format(**_penalty_changes(entry, outcome, players))
    if isinstance(entry, Adjustment):
        changes = ", ".join(f"{players[s]} {signed(d)}" for s, d in enumerate(outcome.deltas))
        return _("referee's adjustment (adj): {changes}").format(changes=changes)
    if entry.contract.is_pair:
        return _pair_line(entry, outcome)
    return _solo_line(entry, outcome, players)


def derivation(
    entry: Entry, outcome: Outcome, rules: RuleSet, players: Sequence[str] = DEFAULT_PLAYERS
) -> list[str]:
    """The steps of `--explain`: the contract, the contras, the winner, the table, the
    changes."""
    if isinstance(entry, Penalty):
        changes = _penalty_changes(entry, outcome, players)
        return [
            _("kara: {player} revoked ({rule}); the deal is void and not played on").format(
                player=changes["player"], rule=penalty_rule(rules, PAYS)
            ),
            _("{player} {offender}, each other player {others}").format(**changes),
        ]
    if isinstance(entry, Adjustment):
        return [_("adj: the changes as the referee decided them; they sum to 0")]
    info = entry.contract.info
    steps = [
        _(
            "{contract} ({short}), rules {rules}: declaring side {declarers}, opponents {opponents}"
        ).format(
            contract=info.name,
            short=entry.contract.value,
            rules=rules.name,
            declarers=side_names(entry.declarers, players),
            opponents=side_names(entry.opponents, players),
        ),
        _contras_step(outcome, players),
        *_winner_steps(entry, outcome, rules, players),
    ]
    if entry.contract.is_pair:
        return steps + _pair_steps(entry, outcome)
    return steps + _solo_steps(entry, outcome, players)


def _penalty_changes(entry: Penalty, outcome: Outcome, players: Sequence[str]) -> dict[str, str]:
    return {
        "player": players[entry.offender],
        "offender": signed(outcome.deltas[entry.offender]),
        "others": signed(outcome.value or 0),
    }


def _contras_step(outcome: Outcome, players: Sequence[str]) -> str:
    """`contras: none`, `contras: 2 counted contras` or `contras: k:B,A → 2 counted (…)`."""
    k = outcome.contras
    if not k:
        return _("contras: none")
    if outcome.callers is None:
        how = ngettext("{count} counted contra", "{count} counted contras", k).format(count=k)
    else:
        callers = "k:" + ",".join(players[c] for c in outcome.callers)
        how = ngettext(
            "{callers} → {count} counted (calls in a row by one side count once)",
            "{callers} → {count} counted (calls in a row by one side count once)",
            k,
        ).format(callers=callers, count=k)
    return _("contras: {how}").format(how=how)


def _factor_words(outcome: Outcome) -> str:
    """The contras' multiplier in words, e.g. ' × 4 (rekontra)'; '' without contras."""
    k = outcome.contras
    if k == 0:
        return ""
    if k <= len(CONTRA_NAMES):
        name = CONTRA_NAMES[k - 1]
    else:
        name = ngettext("{count} contra", "{count} contras", k).format(count=k)
    return f" × {outcome.factor} ({name})"


def _who(hand: Hand, side: Side) -> str:
    """A side as players name it: starzy and młodzi, or the declarer and the opponents."""
    if hand.contract.is_pair:
        return _("starzy") if side is Side.DECLARERS else _("młodzi")
    return _("the declarer") if side is Side.DECLARERS else _("the opponents")


def _tie_score(hand: Hand) -> dict[str, int]:
    points = hand.points or 0
    return {"points": points, "against": TOTAL_POINTS - points}


def _winner_steps(
    hand: Hand, outcome: Outcome, rules: RuleSet, players: Sequence[str]
) -> list[str]:
    """How the winner was found: kara, no play, du's tricks, the points or the 52:52 rule."""
    decided = outcome.decided
    if decided is Decided.KARA:
        rule = penalty_rule(rules, LOSES)
        return [_("kara: the declarer revoked ({rule}) and loses the contract").format(rule=rule)]
    if decided is Decided.NO_PLAY:
        return [_("{contract}: won without play").format(contract=hand.contract.info.name)]
    if decided is Decided.TRICKS:
        taken = _du_taken(hand, outcome)
        return [_("du: the declarer must take all 4 tricks; {taken}").format(taken=taken)]
    score = {**_tie_score(hand), "win": rules.win_points}
    if decided is Decided.REACHED:
        return [_("{points} ≥ {win}: the declaring side wins").format(**score)]
    if decided is Decided.SHORT:
        return [_("{points} < {win}: the opponents win").format(**score)]
    if decided is Decided.OUTSCORED:
        return [_("{points} < {against}: the opponents win").format(**score)]
    if outcome.tie is TieRule.OPPONENTS_WIN:
        return [
            _("tie {points}:{against}: the opponents of the declaring side win").format(**score)
        ]
    assert outcome.winner is not None
    who = _who(hand, outcome.winner.other)
    steps = [
        _(
            "tie {points}:{against}: the side that gave the last contra loses, without "
            "contras the declaring side → the losers: {who}"
        ).format(who=who, **score)
    ]
    if outcome.last_assumed:
        steps.append(_assumed_last(hand, outcome, who, players))
    return steps


def _assumed_last(hand: Hand, outcome: Outcome, who: str, players: Sequence[str]) -> str:
    """Which side counted contras take to have called last, and how to write the other."""
    opponents = [s for s in range(len(players)) if s not in hand.declarers]
    other = [hand.declarers[0], opponents[0]]  # the other side first, then by turns
    if outcome.last_contra is Side.DECLARERS:
        other.reverse()
    callers = ",".join(players[other[i % 2]] for i in range(hand.contras))
    return _(
        "counted contras assume that the opponents gave the first and the sides took turns, "
        "so the last contra came from {who}; if the other side gave the last one, write who "
        "called, e.g. {callers}"
    ).format(who=who, callers=f"k:{callers}")


def _tie_words(hand: Hand, outcome: Outcome) -> str:
    """The reason in the explanation line: ' (kara)', ' (tie 52:52, …)', or ''."""
    if outcome.decided is Decided.KARA:
        return _(" (kara)")
    if outcome.decided is not Decided.TIE:
        return ""
    score = _tie_score(hand)
    if outcome.tie is TieRule.OPPONENTS_WIN:
        return _(" (tie {points}:{against})").format(**score)
    assert outcome.winner is not None
    who = _who(hand, outcome.winner.other)
    if outcome.last_contra:
        why = _("the last contra came from {who}").format(who=who)
    else:
        why = _("without contras the declaring side loses")
    if outcome.last_assumed:
        why += _(" – assumed for counted contras")
    return _(" (tie {points}:{against}, {why})").format(why=why, **score)


def _du_taken(hand: Hand, outcome: Outcome) -> str:
    """`took 3 tricks`, or `took 70 card points, fewer than 4 tricks`."""
    tricks = outcome.tricks
    if tricks is not None:
        return ngettext("took {count} trick", "took {count} tricks", tricks).format(count=tricks)
    points = hand.points or 0
    return ngettext(
        "took {count} card point, fewer than 4 tricks",
        "took {count} card points, fewer than 4 tricks",
        points,
    ).format(count=points)


def _margin_words(outcome: Outcome) -> str:
    assert outcome.margin is not None
    return _(MARGIN_WORDS[outcome.margin])


def _pair_steps(hand: Hand, outcome: Outcome) -> list[str]:
    """The losers' points against wyjście, the table's value, each player's change."""
    assert outcome.winner is not None and outcome.value is not None
    margin = _margin_words(outcome)
    losers = _who(hand, outcome.winner.other)
    if outcome.winner is Side.DECLARERS:
        row = _("table: starzy win, młodzi {margin} = {base}")
    else:
        row = _("table: młodzi win, starzy {margin} = {base}")
    row = row.format(margin=margin, base=outcome.base)
    if outcome.contras:
        row += _(", × {factor} for contras = {value}").format(
            factor=outcome.factor, value=outcome.value
        )
    return [
        _("the losers ({losers}) have {points}, wyjście from {threshold}: {margin}").format(
            losers=losers,
            points=outcome.losers_points,
            threshold=outcome.threshold,
            margin=margin,
        ),
        row,
        _("each winner {plus}, each loser {minus}").format(
            plus=signed(outcome.value), minus=signed(-outcome.value)
        ),
    ]


def _pair_line(hand: Hand, outcome: Outcome) -> str:
    side = _("starzy") if hand.contract is Contract.ZW else _("the wedding pair")
    if outcome.winner is Side.DECLARERS:
        text = _("{side} {points} – won, młodzi {margin}{tie}: {sum} = {value} from each of młodzi")
    else:
        text = _("{side} {points} – lost {margin}{tie}: {sum} = {value} to each of młodzi")
    return text.format(
        side=side,
        points=hand.points,
        margin=_margin_words(outcome),
        tie=_tie_words(hand, outcome),
        sum=f"{outcome.base}{_factor_words(outcome)}",
        value=outcome.value,
    )


def _stake(outcome: Outcome) -> str:
    """The solo's stake in words, e.g. `10 × 2 (lost) × 2 (kontra)`."""
    loss = outcome.loss_multiplier
    loss_words = _(" × {factor} (lost)").format(factor=loss) if loss != 1 else ""
    return f"{outcome.base}{loss_words}{_factor_words(outcome)}"


def _solo_changes(outcome: Outcome) -> tuple[int, int]:
    """The soloist's change and each opponent's."""
    value = outcome.value or 0
    sign = 1 if outcome.winner is Side.DECLARERS else -1
    return sign * 3 * value, -sign * value


def _solo_steps(hand: Hand, outcome: Outcome, players: Sequence[str]) -> list[str]:
    """The stake and each player's change."""
    fields = {"stake": _stake(outcome), "value": outcome.value}
    if outcome.winner is Side.DECLARERS:
        stake = _("stake {stake} = {value} from each opponent").format(**fields)
    else:
        stake = _("stake {stake} = {value} to each opponent").format(**fields)
    change, each = _solo_changes(outcome)
    return [
        stake,
        _("{player} {change}, each opponent {each}").format(
            player=players[hand.declarers[0]], change=signed(change), each=signed(each)
        ),
    ]


def _solo_line(hand: Hand, outcome: Outcome, players: Sequence[str]) -> str:
    info = hand.contract.info
    if info.play is Play.NONE:
        taken = ""
    elif info.play is Play.TRICKS and hand.tricks is not None:
        taken = " " + ngettext("{count} trick", "{count} tricks", hand.tricks).format(
            count=hand.tricks
        )
    else:
        taken = f" {hand.points}"
    if info.play is Play.NONE:
        text = _(
            "{contract} {player} – won without play: {sum} = {value} from each, {player} {change}"
        )
    elif outcome.winner is Side.DECLARERS:
        text = _(
            "{contract} {player}{taken} – won{tie}: {sum} = {value} from each, {player} {change}"
        )
    else:
        text = _(
            "{contract} {player}{taken} – lost{tie}: {sum} = {value} to each, {player} {change}"
        )
    return text.format(
        contract=info.name,
        player=players[hand.declarers[0]],
        taken=taken,
        tie=_tie_words(hand, outcome),
        sum=_stake(outcome),
        value=outcome.value,
        change=signed(_solo_changes(outcome)[0]),
    )
