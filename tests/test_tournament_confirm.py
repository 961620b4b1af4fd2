"""Confirming a table's result in the hall (tournament/tables/service.py and state.py):
sides, phones, disagreements, voiding on a change, the organiser's acceptance, the
standings and the check."""

from __future__ import annotations

from pathlib import Path

import pytest

from baska_cli.errors import BaskaError, TournamentError, TournamentInputError
from baska_cli.ledger import edits
from baska_cli.tournament.scores import service as service_scores
from baska_cli.tournament.tables import service
from baska_cli.tournament.tables.service import WrongProof
from baska_cli.tournament.tables.state import refusal_at, round_states, table_state, write_refusal
from tests.tournamentkit import SERIES, drawn, pin, play, player_key


@pytest.fixture
def liga(tmp_path: Path) -> str:
    return drawn(tmp_path)


def played(liga: str, table: int = 1) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """Table `table` of round 1 with its 16 deals played: its players and totals."""
    play(liga, table)
    state = table_state(liga, 1, table)
    assert state.status == "waiting" and state.totals is not None
    return state.players, state.totals


def test_states_follow_the_table_from_new_to_waiting(liga: str) -> None:
    number, states = round_states(liga)
    assert number == 1 and [s.status for s in states] == ["new", "new"]
    assert states[0].source == "none" and states[0].totals is None and states[0].deals == 16
    play(liga, 1, SERIES[:2])
    state = table_state(liga, 1, 1)
    assert (state.status, state.dealt, state.source) == ("playing", 2, "ledger")
    assert state.totals is not None and sum(state.totals) == 0
    play(liga, 1, SERIES[2:])
    assert table_state(liga, 1, 1).status == "waiting"
    assert write_refusal(table_state(liga, 1, 1)) is None


def test_one_agreement_per_side_from_two_phones_makes_it_final(liga: str) -> None:
    players, totals = played(liga)
    state = service.confirm(liga, 1, 1, players[0], True, totals, pin(liga, players[0]))
    assert (state.status, state.confirmed_by) == ("waiting", (players[0],))
    state = service.confirm(liga, 1, 1, players[2], True, totals, pin(liga, players[2]))
    assert state.status == "waiting"  # (seats 1 and 3 are one side)
    state = service.confirm(
        liga, 1, 1, players[1].lower(), True, totals, pin(liga, players[1].lower())
    )
    assert state.status == "confirmed"
    assert state.confirmed_by == (players[0], players[1], players[2])
    refusal = write_refusal(state)
    assert refusal is not None and "organiser" in refusal
    again = service.confirm(liga, 1, 1, players[3], True, totals, pin(liga, players[3]))
    assert again.status == "confirmed"  # (said after: nothing changes, nothing refused)


def test_a_word_counts_only_with_the_players_own_pin_or_key(liga: str) -> None:
    players, totals = played(liga)
    # a made-up phone's id, another player's PIN, nothing: refused, nothing written
    for given in ("phone-b", pin(liga, players[0]), ""):
        with pytest.raises(WrongProof, match=f"{players[1]}"):
            service.confirm(liga, 1, 1, players[1], True, totals, given)
    assert not Path(liga, "confirmations.csv").exists()
    service.confirm(liga, 1, 1, players[0], True, totals, pin(liga, players[0]))
    state = service.confirm(liga, 1, 1, players[1], True, totals, player_key(liga, players[1]))
    assert (state.status, state.confirmed_by) == ("confirmed", (players[0], players[1]))
    # said again by the same player: still one agreement
    again = service.confirm(liga, 1, 1, players[0], True, totals, pin(liga, players[0]))
    assert again.status == "confirmed"
    rows = Path(liga, "confirmations.csv").read_text("utf-8").splitlines()
    assert rows[0].endswith(",note,proof") and len(rows) == 3
    assert rows[1].endswith(",pin") and rows[2].endswith(",key")


def test_an_older_files_words_still_count_as_they_did(liga: str) -> None:
    """A confirmations.csv of the version before proofs (its phones' ids): read, its
    agreements counted one player a phone, as then; a made-up id written now counts not."""
    players, totals = played(liga)
    version = table_state(liga, 1, 1).version
    old = "round,table,word,player,total 1,total 2,total 3,total 4,version,device,time,note\n"
    signed = ",".join(f"{t:+d}" if t else "0" for t in totals)
    rows = [f"1,1,agree,{p},{signed},{version},{phone},,\n" for p, phone in
            ((players[0], "a"), (players[1], "a"))]  # fmt: skip
    Path(liga, "confirmations.csv").write_text(old + "".join(rows), "utf-8")
    state = table_state(liga, 1, 1)
    assert (state.status, state.confirmed_by) == ("waiting", (players[0],))
    Path(liga, "confirmations.csv").write_text(
        old + rows[0] + rows[1].replace(",a,,", ",b,,"), "utf-8"
    )
    assert table_state(liga, 1, 1).status == "confirmed"


def test_a_disagreement_disputes_the_table_and_keeps_it_out_of_the_standings(
    liga: str,
) -> None:
    players, totals = played(liga)
    played(liga, 2)
    service.confirm(liga, 1, 1, players[0], True, totals, pin(liga, players[0]))
    state = service.confirm(
        liga, 1, 1, players[1], False, totals, pin(liga, players[1]), "deal 2 was 71"
    )
    assert state.status == "disputed"
    assert state.disputes == ((players[1], "deal 2 was 71"),)
    with pytest.raises(TournamentError, match=f"{players[1]} disagreed"):
        service.confirm(liga, 1, 1, players[1], True, totals, pin(liga, players[1]))
    assert (
        service.confirm(liga, 1, 1, players[3], True, totals, pin(liga, players[3])).status
        == "disputed"
    )
    found = service_scores.standings_after(liga)
    assert [str(p) for p in found.problems] == [
        f"round 1/table 1: disputed: {players[1]} disagreed with the totals; the organiser "
        "corrects the table or accepts its result"
    ]
    counted = {ln.player for ln in found.lines if ln.rounds}
    assert counted.isdisjoint(players) and len(counted) == 4
    audit = service_scores.check(liga)
    assert any("disputed" in str(p) for p in audit.problems)
    # the organiser accepts: final, counted
    state = service.accept(liga, 1, 1)
    assert (state.status, state.accepted) == ("confirmed", True)
    assert service_scores.standings_after(liga).problems == ()
    # (round 2 not drawn yet is progress, not a problem)
    audit = service_scores.check(liga)
    assert audit.problems == () and [p.message for p in audit.progress] == ["not drawn yet"]


def test_a_change_of_the_table_voids_the_words_given_before(liga: str) -> None:
    players, totals = played(liga)
    service.confirm(liga, 1, 1, players[0], True, totals, pin(liga, players[0]))
    service.confirm(liga, 1, 1, players[1], False, totals, pin(liga, players[1]), "wrong")
    ledger = str(Path(liga, "r1", "t1.csv"))
    edits.undo(ledger)
    state = table_state(liga, 1, 1)
    assert (state.status, state.confirmed_by, state.disputes) == ("playing", (), ())
    play(liga, 1, ["zw 2+4 61"])  # the same hand again: the same totals, but a change
    state = table_state(liga, 1, 1)
    assert (state.status, state.totals) == ("waiting", totals)
    assert (state.confirmed_by, state.disputes) == ((), ())
    service.confirm(liga, 1, 1, players[0], True, totals, pin(liga, players[0]))
    state = service.confirm(liga, 1, 1, players[3], True, totals, pin(liga, players[3]))
    assert state.status == "confirmed"
    # the organiser corrects a confirmed table: it waits for confirmation again
    edits.amend(ledger, 16, "zw 2+4 80")
    assert table_state(liga, 1, 1).status == "waiting"


def test_totals_other_than_the_tables_are_refused_quoting_both(liga: str) -> None:
    players, totals = played(liga)
    wrong = (totals[0] + 1, totals[1] - 1, totals[2], totals[3])
    with pytest.raises(TournamentError, match="the totals given") as error:
        service.confirm(liga, 1, 1, players[0], True, wrong, pin(liga, players[0]))
    assert f"{wrong[0]:+d}" in str(error.value)
    with pytest.raises(TournamentInputError, match="four totals"):
        service.confirm(liga, 1, 1, players[0], True, totals[:3], pin(liga, players[0]))


def test_only_the_tables_players_confirm(liga: str) -> None:
    players, totals = played(liga)
    other = table_state(liga, 1, 2).players[0]
    with pytest.raises(TournamentInputError, match=f"{other} sits at table 2"):
        service.confirm(liga, 1, 1, other, True, totals, pin(liga, players[0]))
    with pytest.raises(TournamentInputError, match='"Zenon" does not sit'):
        service.confirm(liga, 1, 1, "Zenon", True, totals, "1234")
    with pytest.raises(TournamentInputError, match="not drawn yet"):
        service.confirm(liga, 2, 1, players[0], True, totals, pin(liga, players[0]))
    with pytest.raises(TournamentInputError, match="tables 1 to 2, not 3"):
        service.confirm(liga, 1, 3, players[0], True, totals, pin(liga, players[0]))
    with pytest.raises(WrongProof, match="needs their PIN"):
        service.confirm(liga, 1, 1, players[0], True, totals, "  ")


def test_nothing_to_confirm_before_the_series_ends(liga: str) -> None:
    play(liga, 1, ["zw 1+3 61"])
    state = table_state(liga, 1, 1)
    assert state.totals is not None
    with pytest.raises(TournamentError, match="1 of 16 deals played"):
        service.confirm(
            liga, 1, 1, state.players[0], True, state.totals, pin(liga, state.players[0])
        )
    with pytest.raises(TournamentError, match="accepted as its result once the round's time"):
        service.accept(liga, 1, 1)  # (short of the series: only once the time is up)


def test_final_totals_alone_are_entered_and_confirmed_the_same_way(liga: str) -> None:
    players = table_state(liga, 1, 1).players
    state = service.enter_final(liga, 1, 1, ["1=+30", "2=-10", "3=-5", "4=-15"])
    assert (state.status, state.source, state.totals) == ("waiting", "sheet", (30, -10, -5, -15))
    assert service.enter_final(liga, 1, 1, ["1=+30", "2=-10", "3=-5", "4=-15"]) == state
    service.confirm(liga, 1, 1, players[0], True, (30, -10, -5, -15), pin(liga, players[0]))
    state = service.enter_final(liga, 1, 1, ["1=+20", "2=0", "3=-5", "4=-15"])
    assert (state.totals, state.confirmed_by) == ((20, 0, -5, -15), ())
    rows = Path(liga, "results.csv").read_text("utf-8").splitlines()
    assert len(rows) == 3 and rows[1].endswith(",corrected")
    service.confirm(liga, 1, 1, players[1], True, (20, 0, -5, -15), pin(liga, players[1]))
    assert service.confirm(
        liga, 1, 1, players[2], True, (20, 0, -5, -15), pin(liga, players[2])
    ).status == ("confirmed")
    with pytest.raises(TournamentInputError, match="sum to"):
        service.enter_final(liga, 1, 2, ["1=+30", "2=-10", "3=-5", "4=-14"])
    play(liga, 2, ["zw 1+3 61"])
    with pytest.raises(TournamentError, match="has hands recorded"):
        service.enter_final(liga, 1, 2, ["1=+30", "2=-10", "3=-5", "4=-15"])


def test_a_walkout_table_is_not_confirmed(liga: str) -> None:
    players, totals = played(liga)
    service_scores.walk_out(liga, 1, 1, players[0])
    assert table_state(liga, 1, 1).status == "walkout"
    with pytest.raises(TournamentError, match="walk-out"):
        service.confirm(liga, 1, 1, players[1], True, totals, pin(liga, players[1]))


def test_a_broken_confirmations_file_is_named_at_its_line(liga: str) -> None:
    players, totals = played(liga)
    service.confirm(liga, 1, 1, players[0], True, totals, pin(liga, players[0]))
    path = Path(liga, "confirmations.csv")
    path.write_text(path.read_text("utf-8") + "1,1,perhaps,Ania,0,0,0,0,v,a,,,\n", "utf-8")
    with pytest.raises(BaskaError, match=r"confirmations\.csv:3"):
        table_state(liga, 1, 1)


def test_the_refusal_follows_the_confirmations_file(liga: str) -> None:
    players, totals = played(liga)
    assert refusal_at(liga, 1, 1) is None
    service.confirm(liga, 1, 1, players[0], True, totals, pin(liga, players[0]))
    assert refusal_at(liga, 1, 1) is None
    service.confirm(liga, 1, 1, players[1], True, totals, pin(liga, players[1]))
    assert refusal_at(liga, 1, 1) == "the result is confirmed; the organiser corrects it"
    assert refusal_at(liga, 1, 2) is None
    words = Path(liga, "confirmations.csv")
    words.write_text(words.read_text("utf-8").splitlines()[0] + "\n", "utf-8")  # (by hand)
    assert refusal_at(liga, 1, 1) is None
