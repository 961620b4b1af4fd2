"""`baska serve`: the tables' pages on the players' phones, and the JSON API, for ledgers.

The web stack (Starlette, uvicorn, segno for the QR code) is imported here, when `serve`
runs, so that every other command starts as fast as without it.
"""

from __future__ import annotations

import contextlib
import ipaddress
import os
import shlex
import socket
import sys
from typing import TYPE_CHECKING

import click

from baska_cli.cli.common import FileProblem, UserInputError, argument, command, fail, option
from baska_cli.errors import BaskaError
from baska_cli.i18n import LANGUAGES, _, language, ngettext
from baska_cli.tournament.folder import tournament_of
from baska_cli.tournament.hall.keys import HALL_LOCK

if TYPE_CHECKING:
    from baska_cli.web.capacity import Capacity


def serve_lock_path(ledger: str) -> str:
    """The sidecar `.NAME.serve-lock` that one `baska serve` of the ledger holds."""
    folder, name = os.path.split(os.path.abspath(ledger))
    return os.path.join(folder, f".{name}.serve-lock")


def own_address() -> str | None:
    """This machine's address on its network (not the loopback), found without sending
    anything: a UDP socket connected (which sends nothing) to a private address says which
    of the machine's addresses would reach it."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("10.254.254.254", 9))
        found = probe.getsockname()[0]
        if not ipaddress.ip_address(found).is_loopback:
            return str(found)
    with contextlib.suppress(OSError):
        found = socket.gethostbyname(socket.gethostname())
        if not ipaddress.ip_address(found).is_loopback:
            return found
    return None


def _listen(host: str, port: int) -> socket.socket:
    """The server's socket, bound (a busy port or a wrong address: a usage error)."""
    from baska_cli.web.server import QUEUE

    try:
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        # (IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets that name it, and
        # without it a kept-alive connection waits 40 ms for each delayed ACK)
        sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(QUEUE)  # (a hall of phones connecting at once waits)
    except (OSError, OverflowError) as error:
        raise UserInputError(
            _("cannot listen on {host}:{port}: {reason}").format(
                host=host, port=port, reason=getattr(error, "strerror", None) or error
            )
        ) from None
    return sock


QR_TABLES = 4  # ledgers served at most for which the terminal shows QR codes


@command()
@argument("paths", metavar="FILE...", nargs=-1, required=True)
@option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    metavar="ADDRESS",
    help="Where to listen: 0.0.0.0 for the phones on the home network.",
)
@option(
    "--port",
    type=click.IntRange(0, 65535),
    metavar="PORT",
    default=8025,
    show_default=True,
    help="The port to listen on (0: any free one).",
)
@option(
    "--lang",
    "serve_lang",
    type=click.Choice(LANGUAGES),
    metavar="pl|en",
    help="The page's language where a phone asks for none (default: baska's).",
)
@option(
    "--app",
    "app_folder",
    metavar="DIR",
    help="Also serve at /app the web app for one phone that `baska app DIR` made.",
)
def serve(
    paths: tuple[str, ...], host: str, port: int, serve_lang: str | None, app_folder: str | None
) -> None:
    """Give each table a page on the players' phones, scoring its ledger FILE.

    Prints each table's link (its last part is the table's key) and, for up to four
    ledgers, a QR code of it. One server serves every ledger named, each table with its own
    key, kept beside the ledger in .FILE.serve-key, so the links still work after a restart.
    Ctrl-C stops the server; every hand is saved already.

    FILE may instead be a tournament's directory: then the server is the hall's. It prints
    the organiser's link and the public standings' (`baska tournament links DIR` gives each
    table's link of the round).

    \b
    Example:  baska serve evening.csv
              baska serve evening.csv --host 0.0.0.0
              baska serve table1.csv table2.csv table3.csv --host 0.0.0.0
              baska serve cup2026 --host 0.0.0.0
              baska serve evening.csv --host 0.0.0.0 --app baska-app
    """
    from filelock import FileLock, Timeout

    capacity = _capacity(app_folder)  # (before any file or socket is opened)
    if any(os.path.isdir(path) for path in paths):
        _one_tournament(paths)
        locks = [os.path.join(paths[0], HALL_LOCK)]
    else:
        _readable_ledgers(paths)
        locks = [serve_lock_path(path) for path in paths]
    with contextlib.ExitStack() as held:
        for path, lock_path in zip(paths, locks, strict=True):
            lock = FileLock(lock_path, mode=0o600)
            try:
                lock.acquire(blocking=False)
            except Timeout:
                raise FileProblem(
                    _("{path} is served already by another `baska serve`; stop it first").format(
                        path=path
                    )
                ) from None
            except OSError as error:
                raise FileProblem(str(error)) from None
            held.callback(lock.release)
        lang = serve_lang or language()
        if os.path.isdir(paths[0]):
            _serve_hall(paths[0], host, port, lang, capacity, app_folder)
        else:
            _serve(paths, host, port, lang, capacity, app_folder)


def _capacity(app_folder: str | None) -> Capacity:
    """The --app folder checked (an app `baska app` made, else refused), then the open-file
    limit raised: what the server holds."""
    from baska_cli.web.capacity import raise_limit
    from baska_cli.webapp.build import STAMP

    if app_folder is not None and not os.path.isfile(os.path.join(app_folder, STAMP)):
        raise UserInputError(
            _("--app {folder}: not an app made by `baska app`; make it: baska app {folder}").format(
                folder=shlex.quote(app_folder)
            )
        )
    return raise_limit()


def _readable_ledgers(paths: tuple[str, ...]) -> None:
    """Refuse a ledger named twice, missing or broken (nothing is made beside any)."""
    from baska_cli.ledger.view import read

    _refuse_twice(paths)
    for path in paths:
        folder = tournament_of(path)
        if folder is not None:
            raise FileProblem(
                _(
                    "{path} is a table of the tournament {folder}: `baska serve {folder}` "
                    "serves every table of it, each with its own key"
                ).format(path=path, folder=folder)
            )
        try:
            read(path)
        except BaskaError as error:
            fail(error)


def _one_tournament(paths: tuple[str, ...]) -> None:
    """Refuse a tournament's directory named with anything else, or one that is not."""
    from baska_cli.tournament.folder import load

    if len(paths) > 1:
        raise UserInputError(
            _("serve one tournament's directory alone, not with other files: {paths}").format(
                paths=" ".join(paths)
            )
        )
    try:
        load(paths[0])
    except BaskaError as error:
        fail(error)


def _refuse_twice(paths: tuple[str, ...]) -> None:
    """Refuse a ledger named twice (also under two names of one file)."""
    seen: dict[str, str] = {}
    for path in paths:
        real = os.path.realpath(path)
        if real in seen:
            raise UserInputError(
                _("{path} is named twice (also as {other}); name each ledger once").format(
                    path=path, other=seen[real]
                )
            )
        seen[real] = path


def _serve(
    paths: tuple[str, ...],
    host: str,
    port: int,
    lang: str,
    capacity: Capacity,
    app_folder: str | None = None,
) -> None:
    """Start the app on the ledgers and run it until Ctrl-C."""
    from baska_cli.web.app import make_app
    from baska_cli.web.security import table_key
    from baska_cli.web.server import run
    from baska_cli.web.writes import telling

    try:
        keys = {path: table_key(path) for path in paths}
        app = make_app(keys, lang, app_folder)
    except (BaskaError, OSError) as error:
        if isinstance(error, OSError):
            raise FileProblem(str(error)) from None
        fail(error)
    sock, base = _listen_at(host, port)
    links = [(f"{base}/t/{key}", "" if len(keys) == 1 else path) for path, key in keys.items()]
    shown = [("table", url, path) for url, path in links]
    _show(host, shown, len(keys) <= QR_TABLES, capacity, _app_line(base, app_folder))
    with telling(sys.stdout, language()):  # (a line per write, in the terminal's language)
        run(app, sock, capacity)
    if len(keys) == 1:
        click.echo(_("stopped; every hand is in {path}").format(path=paths[0]))
    else:
        click.echo(_("stopped; every hand is in its ledger"))


def _serve_hall(
    folder: str,
    host: str,
    port: int,
    lang: str,
    capacity: Capacity,
    app_folder: str | None = None,
) -> None:
    """Start the tournament's hall and run it until Ctrl-C; its address is kept in
    `DIR/.serve-url` for `tournament links` and the printed sheets."""
    from baska_cli.tournament.clock.service import hall_problems
    from baska_cli.tournament.hall.address import keep_base_url
    from baska_cli.web.app import make_hall_app
    from baska_cli.web.server import run
    from baska_cli.web.writes import telling

    try:
        app = make_hall_app(folder, lang, app_folder)
    except (BaskaError, OSError) as error:
        if isinstance(error, OSError):
            raise FileProblem(str(error)) from None
        fail(error)
    sock, base = _listen_at(host, port)
    try:
        keep_base_url(folder, base)
    except BaskaError as error:
        fail(error)
    key = app.state.hall.organiser_key
    links = [(_("organiser"), f"{base}/o/{key}", ""), (_("standings"), f"{base}/standings", "")]
    tables = _("each table's link: baska tournament links {folder}").format(
        folder=shlex.quote(folder)
    )
    app_line = _app_line(base, app_folder)
    _show(host, links, True, capacity, f"{tables}\n{app_line}" if app_line else tables)
    for problem in hall_problems(folder):
        click.echo(_("warning: {problem} (the hall's screens leave it out)").format(
            problem=problem))  # fmt: skip
    sys.stdout.flush()
    with telling(sys.stdout, language()):  # (a line per write, in the terminal's language)
        run(app, sock, capacity)
    click.echo(_("stopped; every hand is in its table's ledger"))


def _app_line(base: str, app_folder: str | None) -> str:
    """Where the app for one phone is served (`--app`), or nothing."""
    if app_folder is None:
        return ""
    return _(
        "the app for one phone: {url} (over plain http it works while this server answers)"
    ).format(url=f"{base}/app/")


def _holds(capacity: Capacity) -> None:
    """How many phones the server holds at once (each with its live page open), under
    the open-file limit it raised itself to."""
    click.echo(
        ngettext(
            "room for {phones} phone at once (open files: {limit})",
            "room for {phones} phones at once (open files: {limit})",
            capacity.streams,
        ).format(phones=capacity.streams, limit=capacity.descriptors)
    )


def _listen_at(host: str, port: int) -> tuple[socket.socket, str]:
    """The bound socket and the base of the links the phones open (`http://H:P`)."""
    sock = _listen(host, port)
    port = sock.getsockname()[1]
    shown = host
    if host in WILDCARDS:
        shown = own_address() or "127.0.0.1"
    if ":" in shown:
        shown = f"[{shown}]"
    return sock, f"http://{shown}:{port}"


WILDCARDS = ("0.0.0.0", "::", "")


def _show(
    host: str,
    links: list[tuple[str, str, str]],
    codes: bool,
    capacity: Capacity,
    after: str = "",
) -> None:
    """Each link as `what: URL  path`, under the links' QR codes side by side (with `codes`:
    two fit 80 columns, and the addresses stay on a 24-line screen under them), then where
    the server listens, `after`, how many phones it holds and how to stop it."""
    if codes:
        _codes([url for _what, url, _path in links])
    for what, url, path in links:
        click.echo(f"{what}: {url}  {path}" if path else f"{what}: {url}")
    if host in WILDCARDS:
        click.echo(
            ngettext(
                "listening on every address of this machine: the phones open the link above",
                "listening on every address of this machine: the phones open the links above",
                len(links),
            )
        )
    elif _is_loopback(host):
        click.echo(_("only this computer can open it; --host 0.0.0.0 lets the phones in"))
    if after:
        click.echo(after)
    _holds(capacity)
    click.echo(_("Ctrl-C stops the server"))
    sys.stdout.flush()


CODES_IN_A_ROW = 2  # QR codes side by side (each about 37 columns)


def _codes(urls: list[str]) -> None:
    """The QR codes of `urls`, a row of two at a time, each readable by a phone's camera."""
    import io

    import segno

    for start in range(0, len(urls), CODES_IN_A_ROW):
        drawn = []
        for url in urls[start : start + CODES_IN_A_ROW]:
            out = io.StringIO()
            segno.make(url, error="m").terminal(out=out, compact=True, border=2)
            drawn.append(out.getvalue().splitlines())
        width = [max(len(line) for line in code) for code in drawn]
        for row in range(max(len(code) for code in drawn)):
            cells = [
                (code[row] if row < len(code) else "").ljust(wide)
                for code, wide in zip(drawn, width, strict=True)
            ]
            click.echo("  ".join(cells).rstrip())


def _is_loopback(host: str) -> bool:
    """Whether `host` is a loopback address (127.0.0.1, ::1) or localhost."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
