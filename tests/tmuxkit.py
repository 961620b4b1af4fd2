"""`baska play` in a real terminal: a detached tmux session, keys sent, the screen read."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path


def play_command(path: str, home: Path, language: str, linger: bool = False) -> str:
    """The shell command that runs `baska play` on the ledger with its own HOME and state
    folder in `language`; with `linger`, the pane stays 5 s after play ends (so that its
    last words can be read)."""
    env = f"HOME={home} XDG_STATE_HOME={home}/state LANG=C.UTF-8 BASKA_LANG={language}"
    command = f"env {env} {sys.executable} -m baska_cli play {path}"
    return f"{command}; sleep 5" if linger else command


def tmux(*args: str) -> str:
    """Run a tmux command; what it printed."""
    done = subprocess.run(["tmux", *args], capture_output=True, text=True, check=True)
    return done.stdout


def screen_after(session: str, keys: list[str], wanted: str) -> str:
    """Send the keys, then the screen once it shows `wanted` (within 10 s), else fail."""
    tmux("send-keys", "-t", session, *keys)
    text = ""
    for _ in range(100):
        time.sleep(0.1)
        text = tmux("capture-pane", "-p", "-t", session)
        if wanted in text:
            return text
    raise AssertionError(f"{wanted!r} never shown:\n{text}")
