"""What `baska tournament check` reports: seatings, table ledgers, results and rounds — its
problems, and apart from them the progress (tables still played, rounds not drawn yet)."""

from __future__ import annotations

from baska_cli.game.spelling import fold
from baska_cli.i18n import _, ngettext
from baska_cli.tournament.folder import RESULTS, WALKOUTS, Tournament
from baska_cli.tournament.scores.counted import Problem, table_results
from baska_cli.tournament.walkouts import counting


def progress_of(found: list[Problem], t: Tournament) -> tuple[list[Problem], list[Problem]]:
    """`found` parted into problems and progress: a table still played in a round the
    organiser has not closed, a round not drawn yet (a table of a closed round with no result
    is a problem: it is the organiser's to enter)."""
    progress = [p for p in found if p.playing and p.round not in t.closed]
    return [p for p in found if p not in progress], progress


def problems_of(t: Tournament) -> list[Problem]:
    """Everything `tournament check` reports, in order: seatings, tables, results, rounds
    (progress among them: `progress_of`)."""
    found: list[Problem] = []
    known = {fold(p.name): p for p in t.players}
    for d in t.draws:
        where = _("round {round}").format(round=d.round)
        seen: dict[str, int] = {}
        for name in [n for m in d.tables for n in m] + list(d.sitting_out):
            seen[name] = seen.get(name, 0) + 1
        for name, times in seen.items():
            player = known.get(fold(name))
            if player is None:
                found.append(Problem(where, _('"{name}" is not a player').format(name=name)))
            elif not player.plays(d.round):
                found.append(Problem(where, _("{name} does not play this round").format(name=name)))
            elif times > 1:
                found.append(
                    Problem(
                        where,
                        ngettext(
                            "{name} is seated {count} time",
                            "{name} is seated {count} times",
                            times,
                        ).format(name=name, count=times),
                    )
                )
        for p in t.players:
            if p.plays(d.round) and p.name not in seen:
                found.append(Problem(where, _("{name} is not seated").format(name=p.name)))
    _results, problems = table_results(t)
    found += problems
    current: dict[tuple[int, int], int] = {}
    for row in t.sheets:
        if not row.status:
            current[(row.round, row.table)] = current.get((row.round, row.table), 0) + 1
    for (number, table), count in sorted(current.items()):
        if count > 1:
            found.append(
                Problem(
                    t.file(RESULTS),
                    ngettext(
                        "round {round}, table {table} has {count} result that counts; "
                        "mark all but one corrected",
                        "round {round}, table {table} has {count} results that count; "
                        "mark all but one corrected",
                        count,
                    ).format(round=number, table=table, count=count),
                )
            )
    for row in t.sheets:
        if row.round > len(t.draws) or row.table > len(t.draws[row.round - 1].tables):
            found.append(
                Problem(
                    t.file(RESULTS),
                    _("round {round}, table {table} was never drawn").format(
                        round=row.round, table=row.table
                    ),
                )
            )
    for (number, table), gone in sorted(counting(t.walkouts).items()):
        drawn = number <= len(t.draws) and table <= len(t.draws[number - 1].tables)
        seated = t.draws[number - 1].tables[table - 1] if drawn else ()
        for name in gone:
            if name not in seated:
                found.append(
                    Problem(
                        t.file(WALKOUTS),
                        _(
                            "{name} walked out of round {round}, table {table}, but does not "
                            "sit there"
                        ).format(name=name, round=number, table=table),
                    )
                )
    for number in range(len(t.draws) + 1, t.plan.rounds + 1):
        where = _("round {round}").format(round=number)
        found.append(Problem(where, _("not drawn yet"), number, playing=True))
    return found


def walkout_notes(t: Tournament) -> list[Problem]:
    """Each walk-out that counts, for `tournament check` to say (not a problem)."""
    notes = []
    for (number, table), gone in sorted(counting(t.walkouts).items()):
        where = _("round {round}/table {table}").format(round=number, table=table)
        notes.append(
            Problem(
                where,
                ngettext(
                    "walk-out of {names}: the others get the walk-out result",
                    "walk-outs of {names}: the others get the walk-out result",
                    len(gone),
                ).format(names=", ".join(gone)),
            )
        )
    return notes
