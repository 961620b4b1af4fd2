"""How much the server holds: its open-file limit raised to what the system allows, and the
share of it given to connections and to event streams (one a phone), with room kept for
the files a table's write opens."""

from __future__ import annotations

import sys
from dataclasses import dataclass

RESERVE = 128  # descriptors at least kept for files (ledgers, locks, the workers' reads) and
# for the connections accepted before those past the capacity are closed
PER_CLIENT = 32  # event streams one address may hold (a phone's page, a projector, tabs; a
# page of the hall holds two: its own and the banner's, static/banner.js)
WINDOWS = 4096  # connections on a system without per-process descriptor limits


@dataclass(frozen=True)
class Capacity:
    """The descriptors the process may open, the connections held at once (past them the
    connection idle longest is closed), the event streams in all (the phones held: each
    keeps one open, and a connection for its requests) and from one address."""

    descriptors: int
    connections: int
    streams: int
    per_client: int = PER_CLIENT


def of(descriptors: int) -> Capacity:
    """The shares of `descriptors`: an eighth (at least RESERVE) kept for files, the rest for
    connections, half of them at most holding an event stream."""
    reserve = max(RESERVE, descriptors // 8)
    connections = max(descriptors - reserve, 8)
    return Capacity(descriptors, connections, max(connections // 2, 1))


def current() -> Capacity:
    """The capacity under the process's open-file limit now (WINDOWS where the system
    has no such limit: Windows, a browser's WebAssembly)."""
    try:
        import resource
    except ImportError:
        return of(WINDOWS)

    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    return of(WINDOWS if soft == resource.RLIM_INFINITY else soft)


def raise_limit() -> Capacity:
    """Raise the process's open-file limit (soft) to its hard limit, as far as the system
    lets it, and the capacity then."""
    if sys.platform != "win32":
        import resource

        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        for wanted in (hard, 1 << 20, 1 << 16, 10240):  # (macOS refuses an unlimited one)
            if soft != resource.RLIM_INFINITY and (
                wanted == resource.RLIM_INFINITY or wanted > soft
            ):
                try:
                    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
                except (ValueError, OSError):
                    continue
                break
    return current()
