"""What the server holds (web/capacity.py) and the event streams it admits (web/streams.py's
Admission): the descriptors shared between files, connections and streams; at most so many
streams from one address and in all, each refusal a 503 in the request's language."""

from __future__ import annotations

import sys

import pytest

from baska_cli.i18n import _, speaking
from baska_cli.web.capacity import RESERVE, WINDOWS, current, of, raise_limit
from baska_cli.web.requests import Refused
from baska_cli.web.streams import Admission

resource = pytest.importorskip("resource")  # (no open-file limit on Windows)


@pytest.mark.parametrize("descriptors", [256, 1024, 20000, 1 << 20])
def test_the_descriptors_are_shared_with_room_kept_for_files(descriptors: int) -> None:
    capacity = of(descriptors)
    assert descriptors - capacity.connections >= max(RESERVE, descriptors // 8)
    assert capacity.streams == capacity.connections // 2  # the other half: the requests


def test_the_open_file_limit_is_raised_to_the_hard_one() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    try:
        resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
        raised = raise_limit()
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] == hard or hard > 1 << 20
        assert raised == current() and raised.descriptors > 256
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_streams_are_capped_per_address_and_in_all() -> None:
    admission = Admission(of(256))  # (64 streams, 32 from one address)
    for _n in range(32):
        admission.admit("10.0.0.1")
    with speaking("pl"), pytest.raises(Refused) as one:
        admission.admit("10.0.0.1")
    assert one.value.status == 503
    with speaking("pl"):
        assert str(one.value) == _("too many live pages open from this device; close some")
    for _n in range(32):
        admission.admit("10.0.0.2")
    with pytest.raises(Refused) as full:
        admission.admit("10.0.0.9")
    assert "as many live pages as it can" in str(full.value)
    admission.leave("10.0.0.1")
    admission.admit("10.0.0.9")  # one left: room for one
    assert admission.open == {"10.0.0.1": 31, "10.0.0.2": 32, "10.0.0.9": 1}
    for client, count in list(admission.open.items()):
        for _n in range(count):
            admission.leave(client)
    assert not admission.open


def test_a_system_without_descriptor_limits_gets_the_fixed_capacity(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pyodide in a browser (`baska app`) has no `resource` module: the server's app is made
    all the same, with the capacity of a system without such limits."""
    monkeypatch.setitem(sys.modules, "resource", None)  # (import resource: ImportError)
    assert current() == of(WINDOWS)
