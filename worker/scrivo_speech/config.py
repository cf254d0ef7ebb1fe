"""Settings read from the environment (all optional)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Optional


def cpu_count() -> int:
    """Cores this process may run on (respects CPU affinity / cgroup pinning)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - non-Linux
        return max(1, os.cpu_count() or 1)


def _int(env: Mapping[str, str], name: str, default: int, minimum: int = 0) -> int:
    raw = env.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name} must be an integer, got {raw!r}") from None
    if value < minimum:
        raise ValueError(f"{name} must be >= {minimum}, got {value}")
    return value


def lower_priority(niceness: int) -> int:
    """Runs this process at least `niceness`, so that the API beside it answers first when both want the cores.
    On Linux a niceness belongs to each thread, and imports start some (a math library's pool): every thread
    running now is set, and those started later inherit the level from the one that starts them. Never raises it
    back: a worker already started under `nice` keeps its level. Returns the niceness it runs at."""
    current = os.nice(0)
    if current < niceness:
        current = os.nice(niceness - current)
    try:
        threads = [int(name) for name in os.listdir("/proc/self/task")]
    except OSError:  # pragma: no cover - not Linux: the process has one niceness, set above
        threads = []
    for thread in threads:
        try:
            if os.getpriority(os.PRIO_PROCESS, thread) < current:
                os.setpriority(os.PRIO_PROCESS, thread, current)
        except OSError:  # the thread has ended meanwhile
            pass
    return current


def is_loopback(host: str) -> bool:
    """Addresses only this machine can reach."""
    return host in ("localhost", "::1", "[::1]") or host.startswith("127.")


@dataclass(frozen=True)
class Settings:
    model: str = "base"
    data_dir: Path = Path(".data")
    threads: int = 1
    compute_type: str = "int8"
    host: str = "127.0.0.1"
    port: int = 8765
    token: Optional[str] = None
    max_queue: int = 16
    max_body_bytes: int = 2 * 1024 * 1024 * 1024
    # Batch work beside the API on one machine: transcription yields the cores to requests people wait on.
    niceness: int = 10

    @classmethod
    def from_env(cls, env: Optional[Mapping[str, str]] = None) -> "Settings":
        env = os.environ if env is None else env
        settings = cls(
            model=env.get("SCRIVO_WHISPER_MODEL", "").strip() or "base",
            data_dir=Path(env.get("SCRIVO_DATA_DIR", "").strip() or ".data").expanduser(),
            threads=_int(env, "SCRIVO_WHISPER_THREADS", cpu_count(), minimum=1),
            host=env.get("SCRIVO_SPEECH_HOST", "").strip() or "127.0.0.1",
            port=_int(env, "SCRIVO_SPEECH_PORT", 8765, minimum=0),
            token=env.get("SCRIVO_SPEECH_TOKEN") or None,
            max_queue=_int(env, "SCRIVO_SPEECH_MAX_QUEUE", 16, minimum=0),
            max_body_bytes=_int(env, "SCRIVO_SPEECH_MAX_BYTES", 2 * 1024 * 1024 * 1024, minimum=1),
            niceness=_int(env, "SCRIVO_BACKGROUND_NICE", 10, minimum=0),
        )
        if settings.niceness > 19:
            raise ValueError(f"SCRIVO_BACKGROUND_NICE must be 0 to 19, got {settings.niceness}")
        # Anyone who reaches the port can make this machine transcribe for them: beyond loopback, only with a token.
        if not settings.token and not is_loopback(settings.host):
            raise ValueError(
                f"SCRIVO_SPEECH_TOKEN is required when SCRIVO_SPEECH_HOST={settings.host} listens beyond this "
                "machine: set the same SCRIVO_SPEECH_TOKEN for the worker and the API, or listen on 127.0.0.1"
            )
        return settings
