"""Helpers for the tests of paths that are not regular files: an action that must not wait."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from pathlib import Path


def promptly(action: Callable[[], object], fifo: Path | None = None) -> BaseException | None:
    """Run `action` in a thread; it must end within 20 s (a named pipe opened for reading
    would wait for a writer: one is then opened, so that the thread ends). Its error."""
    caught: list[BaseException] = []

    def target() -> None:
        try:
            action()
        except BaseException as exc:  # (handed back to the test)
            caught.append(exc)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(20)
    if thread.is_alive() and fifo is not None:
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        thread.join(5)
    assert not thread.is_alive(), f"{action} opened a file and waited on it"
    return caught[0] if caught else None
