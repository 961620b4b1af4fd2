"""stats.py: roles, contracts, solos, contras, streaks and pairs from scored hands."""

from __future__ import annotations

from baska_cli.evening.stats import DECLARER, OPPONENT, PARTNER, Played, Stats, collect
from baska_cli.game.notation import parse_hand
from baska_cli.game.scoring import score
from baska_cli.rulesets.loader import builtin

PLAYERS = ("Ania", "Bartek", "Celina", "Darek")


def _stats(*texts: str, rules: str = "plb") -> Stats:
    system = builtin(rules)
    entries = []
    for n, text in enumerate(texts, start=1):
        entry = parse_hand(text, PLAYERS)
        entries.append((n, entry, score(entry, system, PLAYERS)))
    return collect([("e.csv", PLAYERS, entries)])


def test_roles_in_zwykla_wesele_and_a_solo() -> None:
    stats = _stats("zw Ania+Celina 61", "we Bartek+Darek 70/3", "zo Celina 40")
    ania, bartek, celina, darek = (stats.player(p) for p in PLAYERS)
    assert ania.roles == {DECLARER: Played(0, 0), PARTNER: Played(1, 1), OPPONENT: Played(2, 1)}
    assert bartek.roles == {DECLARER: Played(1, 1), PARTNER: Played(0, 0), OPPONENT: Played(2, 1)}
    assert celina.roles == {DECLARER: Played(1, 0), PARTNER: Played(1, 1), OPPONENT: Played(1, 0)}
    assert darek.roles[PARTNER] == Played(1, 1)
    assert celina.solos == Played(1, 0)
    assert celina.contracts == {"zw": Played(1, 1), "zo": Played(1, 0)}
    assert stats.hands == 3


def test_contras_given_by_name_and_won() -> None:
    stats = _stats("zo Darek 77 k:Ania,Darek")
    assert stats.player("Ania").contras == Played(1, 0)
    assert stats.player("Darek").contras == Played(1, 1)
    assert stats.player("Bartek").contras == Played(0, 0)


def test_best_and_worst_hands_and_streaks() -> None:
    stats = _stats("zw Ania+Celina 61", "zw Ania+Celina 61", "zw Bartek+Darek 61", "ba Ania")
    ania = stats.player("Ania")
    assert (ania.best, ania.worst) == ((30, "e.csv", 4), (-1, "e.csv", 3))
    assert (ania.win_streak, ania.loss_streak) == (2, 1)
    assert (ania.total, ania.hands, ania.average) == (31, 4, 7.75)


def test_kara_and_adj_are_counted_apart() -> None:
    stats = _stats("zw Ania+Celina 61", "kara Celina", "adj Ania+4 Bartek-4", rules="mester")
    celina = stats.player("Celina")
    assert (stats.hands, stats.kara, stats.adj) == (1, 1, 1)
    assert (celina.hands, celina.kara, celina.kara_points) == (1, 1, -12)
    assert stats.player("Ania").adjusted == 4
    assert stats.player("Ania").total == 1 + 4 + 4


def test_pairs_best_partner_and_toughest_opponent() -> None:
    stats = _stats("zw Ania+Celina 61", "zw Ania+Darek 29", "zw Ania+Celina 88")
    pair = stats.pair("Ania", "Celina")
    assert (pair.together, pair.together_points, pair.against, pair.against_points) == (2, 3, 1, -2)
    partner, rival = stats.best_partner("Ania"), stats.toughest_opponent("Ania")
    assert partner is not None and rival is not None
    assert (partner.second, partner.together_points) == ("Celina", 3)
    assert (rival.second, rival.against_points) == ("Celina", -2)


def test_players_match_across_ledgers_by_folded_name() -> None:
    entry = parse_hand("ba Ania", PLAYERS)
    outcome = score(entry, builtin("plb"), PLAYERS)
    other = ("ANIA", "Bartek", "Celina", "Darek")
    stats = collect(
        [("a.csv", PLAYERS, [(1, entry, outcome)]), ("b.csv", other, [(1, entry, outcome)])]
    )
    assert len(stats.players) == 4
    assert stats.player("ania").hands == 2
