"""Statistics as text (a table per player, best partners), a JSON object, or CSV rows."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any

from tabulate import tabulate

from baska_cli.evening.stats import ROLES, Pair, Played, Player, Stats, collect
from baska_cli.game.notation import parse_hand
from baska_cli.game.scoring import score
from baska_cli.i18n import _, ngettext
from baska_cli.render.fit import wrap
from baska_cli.render.text import csv_line, signed

if TYPE_CHECKING:
    from baska_cli.game.model import Entry, Outcome
    from baska_cli.ledger.format import Row
    from baska_cli.ledger.view import LedgerView

KNOWN = 10_000  # hand texts a session's reading keeps scored (each scored once, up to this)


def scored_rows(session: LedgerView) -> Iterator[tuple[Row, Entry, Outcome]]:
    """A checked session's counted hands (not void, amended or undone) read again from its
    file, in file order, each parsed and scored under the session's rules (a text met again
    is scored once, for the first KNOWN texts)."""

    players, rules = session.meta.players, session.rules
    known: dict[str, tuple[Entry, Outcome]] = {}
    for row in session.rows():
        if row.status:
            continue
        found = known.get(row.hand)
        if found is None:
            entry = parse_hand(row.hand, players)
            found = (entry, score(entry, rules, players))
            if len(known) < KNOWN:
                known[row.hand] = found
        yield row, found[0], found[1]


def counted(session: LedgerView) -> Iterator[tuple[int, Entry, Outcome]]:
    """scored_rows() by hand number."""
    return ((row.n, entry, outcome) for row, entry, outcome in scored_rows(session))


def gathered(sessions: Iterable[LedgerView]) -> Stats:
    """The statistics of checked sessions, their hands read again as they are counted (one
    hand at a time: memory stays flat)."""
    return collect((s.path, s.meta.players, counted(s)) for s in sessions)


def _players(stats: Stats) -> list[Player]:
    """The players, best total first (then by name)."""
    return sorted(stats.players.values(), key=lambda p: (-p.total, p.name))


def _played(p: Played) -> dict[str, int]:
    return {"played": p.played, "won": p.won}


def _pair(pair: Pair | None, together: bool) -> dict[str, Any] | None:
    if pair is None:
        return None
    if together:
        return {"player": pair.second, "hands": pair.together, "points": pair.together_points}
    return {"player": pair.second, "hands": pair.against, "points": pair.against_points}


def _where(found: tuple[int, str, int] | None) -> dict[str, Any] | None:
    return None if found is None else {"change": found[0], "file": found[1], "n": found[2]}


def stats_record(stats: Stats) -> dict[str, Any]:
    """The JSON object (its keys are listed in the README and are stable)."""
    players = []
    for p in _players(stats):
        players.append(
            {
                "player": p.name,
                "hands": p.hands,
                "total": p.total,
                "average": round(p.average, 2),
                "roles": {role: _played(p.roles[role]) for role in ROLES},
                "contracts": {c: _played(v) for c, v in sorted(p.contracts.items())},
                "solos": _played(p.solos),
                "contras": {"given": p.contras.played, "won": p.contras.won},
                "best": _where(p.best),
                "worst": _where(p.worst),
                "win_streak": p.win_streak,
                "loss_streak": p.loss_streak,
                "kara": {"count": p.kara, "points": p.kara_points},
                "adj": p.adjusted,
                "best_partner": _pair(stats.best_partner(p.name), together=True),
                "toughest_opponent": _pair(stats.toughest_opponent(p.name), together=False),
            }
        )
    pairs = [
        {
            "players": [pair.first, pair.second],
            "together": {"hands": pair.together, "points": pair.together_points},
            "against": {"hands": pair.against, "points": pair.against_points},
        }
        for pair in sorted(stats.pairs.values(), key=lambda q: (q.first, q.second))
    ]
    return {
        "hands": stats.hands,
        "kara": stats.kara,
        "adj": stats.adj,
        "players": players,
        "pairs": pairs,
    }


def _won(p: Played) -> str:
    return f"{p.won}/{p.played}" if p.played else "–"


CSV_HEAD = [
    "player",
    "hands",
    "total",
    "average",
    *(f"{r} {x}" for r in ROLES for x in ("played", "won")),
    "solos played",
    "solos won",
    "contras given",
    "contras won",
    "best",
    "worst",
    "win streak",
    "loss streak",
    "kara",
    "kara points",
    "adj",
]


def stats_csv(stats: Stats) -> str:
    """One row per player (the same figures as the table), with a header row."""
    lines = [csv_line(CSV_HEAD)]
    for p in _players(stats):
        roles = [v for r in ROLES for v in (p.roles[r].played, p.roles[r].won)]
        lines.append(
            csv_line(
                [
                    p.name,
                    p.hands,
                    p.total,
                    round(p.average, 2),
                    *roles,
                    p.solos.played,
                    p.solos.won,
                    p.contras.played,
                    p.contras.won,
                    "" if p.best is None else p.best[0],
                    "" if p.worst is None else p.worst[0],
                    p.win_streak,
                    p.loss_streak,
                    p.kara,
                    p.kara_points,
                    p.adjusted,
                ]
            )
        )
    return "\n".join(lines)


def stats_table(stats: Stats, width: int | None = None) -> str:
    """Two tables that fit 80 columns — each player's results (average, best and worst hand,
    streaks), then the hands won of those played in each role, as a solo and after a contra —
    then each player's best partner and toughest opponent (with `width`, these sentences
    wrapped at words to that many columns)."""
    players = _players(stats)
    results = [
        [
            p.name,
            p.hands,
            signed(p.total),
            f"{p.average:+.1f}",
            "" if p.best is None else signed(p.best[0]),
            "" if p.worst is None else signed(p.worst[0]),
            f"{p.win_streak}/{p.loss_streak}",
        ]
        for p in players
    ]
    roles = [
        [p.name, *(_won(p.roles[r]) for r in ROLES), _won(p.solos), _won(p.contras)]
        for p in players
    ]
    counts = [ngettext("{count} hand", "{count} hands", stats.hands).format(count=stats.hands)]
    if stats.kara:
        counts.append(ngettext("{count} kara", "{count} kara", stats.kara).format(count=stats.kara))
    if stats.adj:
        counts.append(ngettext("{count} adj", "{count} adj", stats.adj).format(count=stats.adj))
    lines = [
        wrap(
            _("{counts} (streaks: the most hands won / lost in a row)").format(
                counts=", ".join(counts)
            ),
            width,
            "  ",
            brackets=True,
        ),
        "",
        tabulate(
            results,
            headers=[
                _("player"),
                _("hands"),
                _("total"),
                _("avg"),
                _("best"),
                _("worst"),
                _("streaks"),
            ],
            colalign=["left", *["right"] * 6],
            disable_numparse=True,
        ),
        "",
        _("won / played as"),
        tabulate(
            roles,
            headers=[
                _("player"),
                _("declarer"),
                _("partner"),
                _("opponent"),
                _("solo"),
                _("own contras"),
            ],
            colalign=["left", *["right"] * 5],
            disable_numparse=True,
        ),
        "",
    ]
    for p in players:
        partner, rival = stats.best_partner(p.name), stats.toughest_opponent(p.name)
        words = []
        if partner is not None:
            words.append(
                _("best partner {player} ({points} in {hands})").format(
                    player=partner.second,
                    points=signed(partner.together_points),
                    hands=partner.together,
                )
            )
        if rival is not None:
            words.append(
                _("toughest opponent {player} ({points} in {hands})").format(
                    player=rival.second, points=signed(rival.against_points), hands=rival.against
                )
            )
        if words:
            what = _("{player}: {what}").format(player=p.name, what=", ".join(words))
            lines.append(wrap(what, width, "  ", brackets=True))
    return "\n".join(lines)
