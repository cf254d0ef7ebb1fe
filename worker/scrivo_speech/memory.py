"""Giving the memory a request freed back to the system (issue 45's soak).

Each request runs on a thread of its own (ThreadingHTTPServer), and decodes, resamples and transcribes audio of a
different length each time (numpy, CTranslate2, onnxruntime). glibc's malloc keeps what those free in the arenas
of the threads that freed it, cut up by the next request's different sizes, so the worker's resident memory climbed
in steps over an hour of pieces and clips without holding anything more. ``malloc_trim(0)`` after each request
returns the free pages of every arena to the system; ``SCRIVO_SPEECH_ARENAS`` (default 2) caps glibc's arenas, so
request threads share a few heaps instead of one each. Both are no-ops where glibc is not the allocator (macOS,
musl).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from typing import Any, Optional

_M_ARENA_MAX = -8  # glibc's mallopt parameter number


def _glibc() -> Optional[Any]:
    name = ctypes.util.find_library("c")
    if not name:
        return None
    try:
        libc = ctypes.CDLL(name)
        # Only glibc has both.
        libc.malloc_trim.argtypes = [ctypes.c_size_t]
        libc.mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
        return libc
    except (OSError, AttributeError):
        return None


_LIBC = _glibc()


def limit_arenas(env: Optional[dict[str, str]] = None) -> Optional[int]:
    """Caps malloc's arenas (before the request threads start); answers the cap, or None where it cannot."""
    raw = (env if env is not None else os.environ).get("SCRIVO_SPEECH_ARENAS", "").strip() or "2"
    arenas = int(raw)
    if _LIBC is None or arenas <= 0:
        return None
    return arenas if _LIBC.mallopt(_M_ARENA_MAX, arenas) == 1 else None


def release_freed_memory() -> bool:
    """Returns the pages malloc holds free to the system; True when some were."""
    if _LIBC is None:
        return False
    return bool(_LIBC.malloc_trim(0))
