"""`baska play` at a Polish table: Łucja, Żaneta, Zbigniew and Ścibor, BASKA_LANG=pl, the
completion of their names, Polish answers and commands, and the evening in tmux at 80x24."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from baska_cli.ledger.view import read
from baska_cli.play.evening import Scorekeeper
from tests.clikit import invoke
from tests.playkit import new_ledger, run_typed
from tests.tmuxkit import play_command, screen_after, tmux

POLISH = "Łucja,Żaneta,Zbigniew,Ścibor"


def test_completion_offers_what_the_parser_reads(tmp_path: Path) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from baska_cli.cli.completion import LineCompleter

    completer = LineCompleter(Scorekeeper(new_ledger(tmp_path, players=POLISH)))

    def complete(text: str) -> list[str]:
        found = completer.get_completions(Document(text), CompleteEvent(completion_requested=True))
        return [c.text for c in found]

    assert complete("zo ż") == ["Żaneta"]
    assert complete("zo z") == ["Zbigniew"]  # (`z` reads as Zbigniew)
    assert complete("zo za") == ["Żaneta"]
    assert complete("zw łu+ś") == ["Ścibor"]
    assert complete("+zb") == ["Zbigniew"]  # plb has no zb: the word is a player


def test_polish_answers_commands_and_goodbye(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from baska_cli import i18n

    path = new_ledger(tmp_path, deals=2, players=POLISH)
    with i18n.speaking("pl"):
        keys = "zo ś 80\rzo ś 80\rx\rtak\rcofnij\rcofnij\rcofnij\rkoniec\r"
        shown = run_typed(path, keys, monkeypatch)
    assert [line for line in shown if not line.startswith("  ")] == [
        "1> zo ś 80",
        "rozdanie 1: zo Ścibor 80",
        "2> zo ś 80",
        "Odpowiedz „t” (tak) albo „n” (nie).",  # `x` is no answer: asked again
        "rozdanie 2: zo Ścibor 80",
        "Rozegrano wszystkie 2 zaplanowane rozdania: wieczór skończony.",
        "---------  --------  ------  -------------------",
        "3> cofnij",
        "rozdanie 2 „zo Ścibor 80” cofnięte",
        "2> cofnij",  # a second undo: said plainly
        "Nie ma już czego cofnąć: rozdanie 2 właśnie cofnięto. Żeby zmienić rozdanie 1,",
        "2> cofnij",
        "Nie ma już czego cofnąć: rozdanie 2 właśnie cofnięto. Żeby zmienić rozdanie 1,",
        "2> koniec",
        "Do zobaczenia; każde rozdanie jest zapisane.",
    ]


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)"
)
def test_a_polish_evening_in_tmux_at_80_by_24(tmp_path: Path) -> None:
    path = new_ledger(tmp_path, deals=2, players=POLISH)
    assert invoke("score", "-l", path, "zo ś 80").exit_code == 0  # the evening is reopened
    session = f"baska-pl-{tmp_path.name}"
    command = play_command(path, tmp_path, "pl", linger=True)

    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    try:
        screen = screen_after(session, [], "2>")
        assert "ostatnie: rozdanie 1 „zo Ścibor 80”" in screen  # where the evening stands
        assert "  suma     Łucja   -5   Żaneta   -5   Zbigniew   -5   Ścibor  +15" in screen
        screen = screen_after(session, ["zw łż 6"], "→ zw łż 6…")  # no error while 61 is typed
        assert "oczek" not in screen
        screen = screen_after(session, ["C-c"], "2> zw łż 6^C")  # the dropped line, marked
        screen = screen_after(session, ["zq ż", "Tab"], "2> zq Żaneta")
        screen = screen_after(session, [], "chodziło o „zw” (zwykła)?")
        assert "me, zb" not in screen
        screen = screen_after(session, ["C-u", "zw łż 61", "Enter"], "wieczór skończony")
        assert "miejsce  gracz" in screen
        screen = screen_after(session, ["q", "Enter"], "Do zobaczenia")
        assert all(len(line) <= 80 for line in screen.splitlines())
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True, check=False)
    assert read(path).tally.totals == (-4, -4, -6, 14)
