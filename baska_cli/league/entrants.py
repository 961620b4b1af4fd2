"""Each player of a league's event as a record of its register (pure): by the id the
tournament keeps (a merged record's: the id kept), else by full name. A player the register
does not know, a name several records share and two players who are one record are refused,
each with its own words and the command that mends it."""

from __future__ import annotations

from collections.abc import Sequence

from baska_cli.errors import TournamentError
from baska_cli.i18n import _
from baska_cli.league.register import Register
from baska_cli.league.registering import records_text
from baska_cli.tournament.players import Entrant, find


def choice(players: Sequence[Entrant], player: Entrant) -> str:
    """How `league add --id` names a player of a tournament: the full name where it is the
    only one of that name, else the name the tables use."""
    unique = find(players, player.display) is player
    return player.display if unique else player.name


def twice(first: str, second: str, ident: str, event: str, league: str) -> TournamentError:
    """Two players of one event who are one record of the register."""
    return TournamentError(
        _(
            "{first} and {second} are one record of the register ({id}), and both play "
            "{event}: one person counts once in an event; if they are two people, undo the "
            "merge (baska league players unmerge {league} ID)"
        ).format(first=first, second=second, id=ident, event=event, league=league)
    )


def event_ids(
    register: Register, players: Sequence[Entrant], event: str, league: str
) -> dict[str, str]:
    """Each player's id in the register, by the name the tables use; `event`: the event as
    league.toml names it, `league`: the league's folder as typed (for the messages)."""
    found: dict[str, str] = {}
    by_record: dict[str, Entrant] = {}
    index = register.index
    for player in players:
        if player.id:
            member = index.by_id(player.id)
            if member is None:
                raise TournamentError(
                    _(
                        '"{name}" ({event}) has the id {id}, which is not in the register; '
                        "add the event's new players to it: baska league add {league} {event}"
                    ).format(name=player.display, event=event, id=player.id, league=league)
                )
        else:
            same = index.by_name(player.display)
            if not same:
                raise TournamentError(
                    _(
                        '"{name}" ({event}) is not in the register; add the event\'s new '
                        "players to it: baska league add {league} {event}"
                    ).format(name=player.display, event=event, league=league)
                )
            if len(same) > 1:
                which = f'"{choice(players, player)}={same[0].id}"'
                raise TournamentError(
                    _(
                        '"{name}" ({event}) is in the register {count} times: {records}; say '
                        "which: baska league add {league} {event} --id {which}"
                    ).format(
                        name=player.display,
                        event=event,
                        count=len(same),
                        records=records_text(same),
                        league=league,
                        which=which,
                    )
                )
            member = same[0]
        other = by_record.get(member.id)
        if other is not None:
            raise twice(other.display, player.display, member.id, event, league)
        by_record[member.id] = player
        found[player.name] = member.id
    return found


def one_tournament(league: str, event: str, first: str) -> TournamentError:
    """Two events of the league that are one tournament (one folder, or a copy of it)."""
    return TournamentError(
        _(
            "{event} and {first} are one tournament (one folder, or a copy of it: the same "
            "identity in tournament.toml); an event counts once: baska league events remove "
            "{league} {event}"
        ).format(event=event, first=first, league=league)
    )
