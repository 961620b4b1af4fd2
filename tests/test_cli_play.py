"""cli/play.py: `baska play` from a pipe, at a "terminal" (prompt_toolkit's pipe input), a
recorded transcript replayed, and every message within 80 columns."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import time
from importlib import import_module
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from baska_cli.cli.play_screen import news_lines, toolbar
from baska_cli.ledger.view import read
from baska_cli.play.evening import Scorekeeper
from baska_cli.web.app import make_app
from tests.clikit import invoke
from tests.playkit import new_ledger, run_typed
from tests.tmuxkit import play_command, screen_after, tmux

DATA = Path(__file__).parent / "data"

play = import_module("baska_cli.cli.play")  # (the package names the command `play`)


def _hands(path: str) -> list[str]:
    """The ledger's hand rows as written."""
    lines = Path(path).read_text("utf-8").splitlines()
    return lines[lines.index(next(line for line in lines if line.startswith("#,"))) + 1 :]


# --- from a pipe -----------------------------------------------------------------------------


def test_a_pipe_records_each_line_and_reports_bad_ones(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    result = invoke("play", path, input="zw ac 61 k\n# a comment\n\nzwo a 70\nzo d 70\n+k\n")
    assert result.exit_code == 1
    assert result.stdout == (
        "hand 1: zw Ania+Celina 61 k  · Bartek deals, Celina leads · 15 of 16 deals left\n"
        "  hand   Ania   +2   Bartek   -2   Celina   +2   Darek   -2\n"
        "  total  Ania   +2   Bartek   -2   Celina   +2   Darek   -2\n"
        "hand 2: zo Darek 70  · Celina deals, Darek leads · 14 of 16 deals left\n"
        "  hand   Ania   -5   Bartek   -5   Celina   -5   Darek  +15\n"
        "  total  Ania   -3   Bartek   -7   Celina   -3   Darek  +13\n"
        'hand 2 "zo Darek 70" is now "zo Darek 70 k"\n'
        "  hand   Ania  -10   Bartek  -10   Celina  -10   Darek  +30\n"
        "  total  Ania   -8   Bartek  -12   Celina   -8   Darek  +28\n"
        "  next: Celina deals, Darek leads · 14 of 16 deals left\n"
    )
    assert result.stderr == (
        '-:4: "zwo" is not a contract; expected one of zw, we, ci, gr, zo, gd, zd, ba; '
        'did you mean "zo" (zolo)?\n'
    )
    assert _hands(path) == [
        '1,Ania,"zw Ania+Celina 61 k",2,-2,2,-2,2,-2,2,-2,',
        '2,Bartek,"zo Darek 70",(-5),(-5),(-5),(+15),,,,,amended',
        '2,Bartek,"zo Darek 70 k",-10,-10,-10,30,-8,-12,-8,28,',
    ]


def test_a_pipe_names_the_file_it_reads(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    hands = tmp_path / "hands.txt"
    hands.write_text("zw ac 61\nvoid 9\nquit\nzo d 70\n", "utf-8")
    with hands.open("rb") as stdin:
        done = subprocess.run(
            [sys.executable, "-m", "baska_cli", "play", path],
            stdin=stdin,
            capture_output=True,
            text=True,
            cwd=tmp_path,
            check=False,
        )
    assert done.returncode == 1
    assert done.stderr == (
        f"hands.txt:2: there is no hand 9 in {path}; its hands are numbered 1 to 1\n"
    )
    assert len(_hands(path)) == 1  # `quit` stopped before the last line


def test_a_pipe_refuses_a_deal_past_the_plan_unless_extra(tmp_path: Path) -> None:
    path = new_ledger(tmp_path, deals=1)
    result = invoke("play", path, input="zw ac 61\nzo d 70\nadj a+4 b-4\n")
    assert result.exit_code == 1
    assert result.stderr == (
        f"-:2: {path}: all 1 planned deals are played; this hand would be deal 2 (add --extra "
        "to record it anyway)\n"
    )
    assert invoke("play", path, "--extra", input="zo d 70\n").exit_code == 0
    assert [row.split(",")[2] for row in _hands(path)] == [
        '"zw Ania+Celina 61"',
        '"adj Ania+4 Bartek-4 Celina+0 Darek+0"',
        '"zo Darek 70"',
    ]


def test_play_starts_a_new_ledger_and_takes_the_environment(tmp_path: Path) -> None:
    path = str(tmp_path / "new.csv")
    result = invoke("play", path, "-p", "Ania,Bartek,Celina,Darek", "--deals", "8", input="")
    assert (result.exit_code, result.stdout) == (0, "")
    assert result.stderr == (
        f"{path}: Ania, Bartek, Celina, Darek (plb, 8 deals); Ania deals first, Bartek leads\n"
    )
    result = invoke("play", input="ba d\n", env={"BASKA_LEDGER": path})
    assert result.exit_code == 0
    assert result.stderr == f"ledger: {path} (from BASKA_LEDGER)\n"
    result = invoke("play", path, "--deals", "8", input="")
    assert (result.exit_code, result.stderr) == (
        2,
        "Error: --deals: only with --players, which starts a new ledger\n",
    )


def test_commands_typed_wrong_are_refused_quoting_them(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    result = invoke("play", path, input="void\namend 1\nvoid x\nundoo\nsheet 3\n+\n")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [
        '-:1: "void" needs the hand\'s number, e.g. "void 3"',
        '-:2: "amend 1" needs the correction, e.g. "amend 1 k"',
        '-:3: "x" is not a hand number; expected a whole number from 1',
        '-:4: "undoo" is neither a contract nor a command; did you mean "undo"?',
        '-:5: "sheet 3": sheet takes nothing after it',
        '-:6: "+" needs what changes in the last hand, e.g. "+k" (a contra) or "+70"',
    ]


# --- at a terminal, through prompt_toolkit's pipe input --------------------------------------


def test_typed_hands_corrections_and_ctrl_c(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_ledger(tmp_path)
    # Ctrl-C drops the half-typed "gr b"; "+k" (2 keys) adds the forgotten contra, which
    # doubles the stake: asked first, as on the phone
    shown = run_typed(path, "zw ac 61\rgr b\x03+k\ry\r", monkeypatch)
    assert shown == [
        "1> zw ac 61",
        "hand 1: zw Ania+Celina 61  · Bartek deals, Celina leads · 15 of 16 deals left",
        "  hand   Ania   +1   Bartek   -1   Celina   +1   Darek   -1",
        "  total  Ania   +1   Bartek   -1   Celina   +1   Darek   -1",
        "2> +k",
        'hand 1 "zw Ania+Celina 61" becomes "zw Ania+Celina 61 k": its stake',  # (the rest asks)
        'hand 1 "zw Ania+Celina 61" is now "zw Ania+Celina 61 k"',
        "  hand   Ania   +2   Bartek   -2   Celina   +2   Darek   -2",
        "  total  Ania   +2   Bartek   -2   Celina   +2   Darek   -2",
        "  next: Bartek deals, Celina leads · 15 of 16 deals left",
        "Goodbye; every hand is saved.",  # (at Ctrl-D, with the totals)
        "  total  Ania   +2   Bartek   -2   Celina   +2   Darek   -2",
    ]
    assert read(path).tally.totals == (2, -2, 2, -2)


def test_the_same_hand_twice_asks_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = new_ledger(tmp_path)
    shown = run_typed(path, "zo d 70\rzo d 70\rnie\rzo d 70\rt\r", monkeypatch)
    assert [line for line in shown if not line.startswith("  ")] == [
        "1> zo d 70",
        "hand 1: zo Darek 70  · Bartek deals, Celina leads · 15 of 16 deals left",
        "2> zo d 70",
        "not recorded",
        "2> zo d 70",
        "hand 2: zo Darek 70  · Celina deals, Darek leads · 14 of 16 deals left",
        "Goodbye; every hand is saved.",
    ]


def test_a_correction_asks_the_phones_question_in_its_words(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    keeper = Scorekeeper(path)
    keeper.enter("zw ac 61")
    asked: list[str] = []
    shown, _stop = play.handle(keeper, "+k", 80, lambda question: asked.append(question) or False)
    assert shown == ["not recorded"] and read(path).tally.totals == (1, -1, 1, -1)
    key, words = "q" * 22, {"words": "+k", "id": "c1"}
    with TestClient(make_app({path: key}, "en")) as client:
        headers = {"Authorization": f"Bearer {key}", "Origin": "http://testserver"}
        answer = client.post("/api/v1/last/correct", headers=headers, json=words)
    assert answer.status_code == 409
    assert answer.json() == {"question": "stake", "message": asked[0]}
    assert asked == [
        'hand 1 "zw Ania+Celina 61" becomes "zw Ania+Celina 61 k": its stake changes from 1 '
        "to 2; correct it?"
    ]


def test_a_deal_past_the_plan_asks_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = new_ledger(tmp_path, deals=1)
    shown = run_typed(path, "zw ac 61\rzo d 70\rn\rzo d 70\ryes\r", monkeypatch)
    assert [line for line in shown if not line.startswith(("  ", "-"))] == [
        "1> zw ac 61",
        "hand 1: zw Ania+Celina 61  · Bartek deals, Celina leads · all 1 deal played",
        "The 1 planned deal is played: the evening is complete.",  # then the standings
        "2> zo d 70",
        "not recorded",
        "2> zo d 70",
        "hand 2: zo Darek 70  · Celina deals, Darek leads · 1 deal over the plan",
        "Goodbye; every hand is saved.",
    ]


def test_another_terminal_appending_is_shown(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = new_ledger(tmp_path)
    keeper = Scorekeeper(path)
    assert invoke("score", "-l", path, "ba", "c").exit_code == 0  # the other terminal
    assert toolbar(keeper, "", 80).splitlines()[2] == "(changed elsewhere: read again at Enter)"
    assert news_lines(keeper.look(), 80) == [
        "The ledger was changed elsewhere (another terminal?): its last hand is now hand",
        '  1 "ba Celina".',
    ]
    assert keeper.look() is None
    assert keeper.next_number == 2


def test_the_toolbar_checks_the_line_as_it_is_typed(tmp_path: Path) -> None:
    keeper = Scorekeeper(new_ledger(tmp_path))

    def shown(typed: str) -> list[str]:
        return toolbar(keeper, typed, 80).splitlines()

    assert shown("zw ac 61 k") == [
        f"{keeper.path} · plb · Ania, Bartek, Celina, Darek"[:79] + "…"
        if len(f"{keeper.path} · plb · Ania, Bartek, Celina, Darek") > 80
        else f"{keeper.path} · plb · Ania, Bartek, Celina, Darek",
        "hand 1: Ania deals, Bartek leads · 16 of 16 deals left",
        "→ zw Ania+Celina 61 k: Ania +2  Bartek -2  Celina +2  Darek -2",
        " ",  # (the toolbar keeps its height)
    ]
    assert shown("zw ac 65")[2:] == [
        '"65": no side can take exactly 65 card points with this deck; the nearest',
        "  possible totals are 64 or 66",
    ]
    assert shown("zw ac 6")[2:] == ["→ zw ac 6…", " "]  # `6` on the way to `61`: no error yet
    assert shown("zw ac 6 ")[2].startswith('"6": no side can take exactly 6 card points')
    assert shown("+k")[2] == "there is no hand to correct yet"
    assert shown("und")[2] == (
        '"und" is not a contract; expected one of zw, we, ci, gr, zo, gd, zd, ba'
    )


def test_completion_of_contracts_players_and_commands(tmp_path: Path) -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from baska_cli.cli.completion import LineCompleter

    completer = LineCompleter(Scorekeeper(new_ledger(tmp_path)))

    def complete(text: str) -> list[str]:
        found = completer.get_completions(Document(text), CompleteEvent(completion_requested=True))
        return [c.text for c in found]

    assert complete("z") == ["zw", "zo", "zd"]  # plb has no zb
    assert complete("un") == ["undo"]
    assert complete("zw a") == ["Ania"]
    assert complete("zw ania+c") == ["Celina"]
    assert complete("zw ania+cel 61 k:b") == ["Bartek"]
    assert complete("+c") == ["Celina", "ci"]


def test_history_is_kept_per_ledger(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    one = play.history_file(str(tmp_path / "a" / "evening.csv"))
    other = play.history_file(str(tmp_path / "b" / "evening.csv"))
    assert one != other
    assert one.startswith(str(tmp_path / "state" / "baska" / "history" / "evening.csv-"))
    monkeypatch.delenv("XDG_STATE_HOME")
    assert play.history_file("e.csv").startswith(
        str(Path.home() / ".local" / "state" / "baska" / "history" / "e.csv-")
    )


# --- a recorded transcript, replayed ---------------------------------------------------------


def _transcript() -> tuple[str, list[str]]:
    """The keys typed in tests/data/play-transcript.txt and what `play` showed: lines
    starting `N> ` are typed lines, `?> ` an answer to a question (typed with Enter, not
    shown)."""
    keys: list[str] = []
    shown: list[str] = []
    for line in (DATA / "play-transcript.txt").read_text("utf-8").splitlines():
        if line.startswith("# ") and not shown:  # the opening comment
            continue
        if line.startswith("?> "):  # an answer to a question, then Enter
            keys.append(line[3:] + "\r")
            continue
        number, mark, typed = line.partition("> ")
        if mark and number.isdigit():
            keys.append(typed + "\r")
        shown.append(line)
    return "".join(keys), shown


def test_the_recorded_transcript_replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = "evening.csv"
    assert invoke("new", path, "-p", "Ania,Bartek,Celina,Darek", "--deals", "4").exit_code == 0
    keys, expected = _transcript()
    assert run_typed(path, keys, monkeypatch) == expected


# --- 80 columns ------------------------------------------------------------------------------

LONG = "Aleksandra-Maria,Bartłomiej-Jerzy,Celina-Katarzyna,Dariusz-Wojciech"


def test_every_message_fits_80_columns(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # the file's name, not a long temporary path, in the messages
    path = new_ledger(Path(), deals=2, players=LONG)
    keys = "\r".join(
        [
            "zw ale+cel 61 k:bar,ale,cel",
            "+kr",
            "we dar+bar 70/3 kr",
            "zo dar 70\ry",  # past the plan: asked (y and Enter)
            "zwo ale 3",
            "gr bar 65",
            "adj ale+400000 bar-400000",
            "void 1",
            "amend 1 ci cel 80\ry",  # the stake changes: asked (y and Enter)
            "explain 1",
            "e",
            "sheet",
            "standings",
            "help",
            "undoo",
            "u",
        ]
    )
    shown = run_typed(path, keys + "\r", monkeypatch)
    typed = re.compile(r"\d+> ")  # (the lines typed, as the test logs them)
    assert [line for line in shown if len(line) > 80 and not typed.match(line)] == []
    assert len(shown) > 80  # every command above said something
    keeper = Scorekeeper(path)
    for typed in ("", "zw ale+cel 61 k:bar,ale,cel", "zwo", "+k", "void", "zw ale+cel 65"):
        assert max(map(len, toolbar(keeper, typed, 80).splitlines())) <= 80


# --- a real pseudo-terminal ------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.skipif(
    shutil.which("tmux") is None, reason="tmux is not installed (.ci/run installs it)"
)
def test_play_in_tmux_at_80_by_24(tmp_path: Path) -> None:
    path = new_ledger(tmp_path)
    session = f"baska-play-{tmp_path.name}"
    command = play_command(path, tmp_path, "en")

    tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", command)
    try:
        screen = screen_after(session, [], "1>")
        assert "hand 1: Ania deals, Bartek leads · 16 of 16 deals left" in screen
        screen = screen_after(session, ["zw ac 61"], "→ zw Ania+Celina 61: Ania +1")
        screen = screen_after(session, ["Enter"], "2>")
        assert "  total  Ania   +1   Bartek   -1   Celina   +1   Darek   -1" in screen
        screen = screen_after(session, ["+k", "Enter"], "correct it? (y/n)")
        screen = screen_after(session, ["y", "Enter"], 'is now "zw Ania+Celina 61 k"')
        screen = screen_after(session, ["zw a", "Tab"], "2> zw Ania")
        screen_after(session, ["C-c"], "2>")
        tmux("send-keys", "-t", session, "C-d")
        for _ in range(50):
            time.sleep(0.1)
            if (
                session
                not in subprocess.run(
                    ["tmux", "ls"], capture_output=True, text=True, check=False
                ).stdout
            ):
                break
        assert all(len(line) <= 80 for line in screen.splitlines())
    finally:
        subprocess.run(["tmux", "kill-session", "-t", session], capture_output=True, check=False)
    assert read(path).tally.totals == (2, -2, 2, -2)
