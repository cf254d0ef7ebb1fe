"""Waiting for a speech worker started by a benchmark: its URL once it listens and has loaded its model."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path


def wait_until_ready(process: subprocess.Popen, log: Path, timeout: float = 300) -> str:
    """The worker's URL, read from its own log lines ("listening", then "model_loaded"); raises with the log when
    the process ends or the time runs out first."""
    deadline = time.monotonic() + timeout
    url = None
    while time.monotonic() < deadline:
        for line in log.read_text().splitlines():
            if '"model_loaded"' in line and url:
                return url
            if '"listening"' in line:
                url = json.loads(line)["url"]
        if process.poll() is not None:
            break
        time.sleep(0.1)
    raise RuntimeError(f"worker did not start:\n{log.read_text()}")
