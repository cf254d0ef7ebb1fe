"""memory.py: what a request freed goes back to the system (issue 45's soak: the speech worker's steps of RSS)."""

from __future__ import annotations

import ctypes.util
from pathlib import Path

import pytest

from scrivo_speech import memory


def _rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


glibc = pytest.mark.skipif(
    memory._LIBC is None or not Path("/proc/self/status").exists() or ctypes.util.find_library("c") is None,
    reason="glibc's malloc on Linux only",
)


@glibc
def test_release_gives_back_the_free_pages_a_request_left_between_live_blocks() -> None:
    # What a request leaves: many mid-sized blocks (under the mmap threshold, so on the heap) freed, with a few kept
    # alive above them, so nothing is at the heap's top for free() to trim by itself.
    blocks = [bytearray(64 * 1024) for _ in range(3000)]
    kept = blocks[::50]
    del blocks
    before = _rss_mb()
    assert memory.release_freed_memory() is True
    after = _rss_mb()
    assert before - after > 100, (before, after)
    assert len(kept) == 60


def test_arenas_follow_the_setting() -> None:
    assert memory.limit_arenas({"SCRIVO_SPEECH_ARENAS": "0"}) is None
    if memory._LIBC is not None:
        assert memory.limit_arenas({}) == 2
        assert memory.limit_arenas({"SCRIVO_SPEECH_ARENAS": "4"}) == 4
