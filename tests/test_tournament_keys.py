"""The hall's keys: kept, per table and per round and per player (with a PIN), none telling
another; a player's from their id, not their place in the list."""

from __future__ import annotations

import stat
from pathlib import Path

from baska_cli.tournament.draw import Draw
from baska_cli.tournament.hall.keys import draw_mark, hall_keys, secret_path
from baska_cli.tournament.personal.identity import identities
from baska_cli.tournament.players import Entrant

SEATED = tuple(tuple(f"P{t}.{s}" for s in range(1, 5)) for t in range(1, 101))


def draw(round_number: int, tables: tuple[tuple[str, ...], ...] = SEATED) -> Draw:
    """A round's draw of these tables (100 of them, unless given)."""
    return Draw(round_number, tables, (), ())


def test_keys_are_kept_and_differ_per_table_and_round(tmp_path: Path) -> None:
    keys = hall_keys(str(tmp_path))
    again = hall_keys(str(tmp_path))
    assert keys.organiser == again.organiser and keys.table(draw(1), 1) == again.table(draw(1), 1)
    every = {keys.organiser} | {keys.table(draw(r), t) for r in (1, 2, 3) for t in range(1, 101)}
    assert len(every) == 1 + 300
    assert all(len(key) == 22 and key.isascii() for key in every)
    assert stat.S_IMODE(Path(secret_path(str(tmp_path))).stat().st_mode) == 0o600


def test_a_tables_key_is_bound_to_its_draw(tmp_path: Path) -> None:
    keys = hall_keys(str(tmp_path))
    first = draw(1, (("Ania", "Bartek", "Celina", "Darek"), ("Ewa", "Feliks", "Grzegorz", "Hal")))
    again = draw(1, (("Ania", "Bartek", "Celina", "Darek"), ("Ewa", "Feliks", "Grzegorz", "Hal")))
    other = draw(1, (("Ania", "Bartek", "Celina", "Ewa"), ("Darek", "Feliks", "Grzegorz", "Hal")))
    assert [keys.table(first, t) for t in (1, 2)] == [keys.table(again, t) for t in (1, 2)]
    assert {keys.table(first, t) for t in (1, 2)}.isdisjoint(keys.table(other, t) for t in (1, 2))
    sitting_out = Draw(1, first.tables, ("Zenon",), ())
    assert draw_mark(sitting_out) != draw_mark(first) == draw_mark(again)


def test_another_secret_makes_other_keys(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    a, b = hall_keys(str(tmp_path / "a")), hall_keys(str(tmp_path / "b"))
    assert a.organiser != b.organiser and a.table(draw(1), 1) != b.table(draw(1), 1)


def test_players_keys_and_pins_are_kept_and_tell_nothing_of_another(tmp_path: Path) -> None:
    keys, again = hall_keys(str(tmp_path)), hall_keys(str(tmp_path))
    idents = [f"id {n}" for n in range(10000, 10400)] + ["name Ania", "name Łukasz.Ż"]
    players = {keys.player(i) for i in idents}
    assert players == {again.player(i) for i in idents} and len(players) == len(idents)
    assert all(len(key) == 22 and key.isascii() for key in players)
    tables = {keys.organiser} | {keys.table(draw(r), t) for r in (1, 2, 3) for t in range(1, 101)}
    assert players.isdisjoint(tables)
    pins = [keys.pin(i) for i in idents]
    assert pins == [again.pin(i) for i in idents]
    assert all(len(p) == 4 and p.isdigit() for p in pins)
    assert len(set(pins)) > 350  # 402 PINs of 10,000: few alike, none made from another
    assert all(keys.pin(i) not in keys.player(i) for i in idents[:50])
    (tmp_path / "other").mkdir()
    other = hall_keys(str(tmp_path / "other"))
    assert other.player("name Ania") != keys.player("name Ania")
    assert sum(other.pin(i) == keys.pin(i) for i in idents) < 10


def test_a_players_key_follows_their_id_not_their_place(tmp_path: Path) -> None:
    first = [Entrant("Ania", id="101"), Entrant("Bartek"), Entrant("Celina", id="7")]
    keys = hall_keys(str(tmp_path))
    one = identities(keys, first)
    other = identities(keys, [Entrant("Zenon"), *reversed(first)])
    for player in first:
        assert one.key(player) == other.key(player) and one.pin(player) == other.pin(player)
        assert other.by_key(one.key(player)) == player.name
    # the key follows the id of the players file; without one, the name the tables use
    assert (
        one.key(first[0])
        == keys.player("id 101")
        == identities(keys, [Entrant("Ania.K", id="101")]).key(Entrant("Ania.K", id="101"))
    )
    assert one.key(first[1]) == keys.player("name Bartek")
    assert one.proof("Ania", one.pin(first[0])) == "pin"
    assert one.proof("Ania", one.key(first[0])) == "key"
    assert one.proof("Ania", one.pin(first[1])) is None and one.proof("Zenon", "1234") is None
    assert one.by_key("x" * 22) is None
