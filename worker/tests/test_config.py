"""Listening settings: the port is open to this machine only, unless a token guards it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from scrivo_speech.config import Settings

WORKER = Path(__file__).resolve().parent.parent


def test_listens_on_loopback_without_a_token_by_default():
    settings = Settings.from_env({})
    assert settings.host == "127.0.0.1"
    assert settings.token is None


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.20", "speech.internal"])
def test_refuses_to_listen_beyond_loopback_without_a_token(host):
    with pytest.raises(ValueError, match="SCRIVO_SPEECH_TOKEN is required"):
        Settings.from_env({"SCRIVO_SPEECH_HOST": host})
    assert Settings.from_env({"SCRIVO_SPEECH_HOST": host, "SCRIVO_SPEECH_TOKEN": "s3cret"}).host == host


@pytest.mark.parametrize("host", ["127.0.0.1", "localhost", "::1"])
def test_loopback_needs_no_token(host):
    assert Settings.from_env({"SCRIVO_SPEECH_HOST": host}).host == host


def test_the_server_does_not_start_open_to_the_network():
    env = {**os.environ, "SCRIVO_SPEECH_HOST": "0.0.0.0", "SCRIVO_SPEECH_PORT": "0"}
    env.pop("SCRIVO_SPEECH_TOKEN", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(WORKER), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "scrivo_speech.server"], cwd=WORKER, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 2
    assert "SCRIVO_SPEECH_TOKEN is required when SCRIVO_SPEECH_HOST=0.0.0.0" in done.stderr


def test_runs_below_the_api_by_default_and_as_set():
    assert Settings.from_env({}).niceness == 10
    assert Settings.from_env({"SCRIVO_BACKGROUND_NICE": "0"}).niceness == 0
    with pytest.raises(ValueError, match="SCRIVO_BACKGROUND_NICE"):
        Settings.from_env({"SCRIVO_BACKGROUND_NICE": "20"})


def test_the_server_lowers_its_priority_before_it_loads_the_model():
    # The level is read from the listening line, so the worker's threads (started after it) run at it.
    env = {**os.environ, "SCRIVO_SPEECH_PORT": "0", "SCRIVO_BACKGROUND_NICE": "7"}
    env["SCRIVO_WHISPER_MODEL"] = "none-such"  # stops once listening: no model to load
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(WORKER), env.get("PYTHONPATH")]))
    done = subprocess.run(
        [sys.executable, "-m", "scrivo_speech.server"], cwd=WORKER, env=env, capture_output=True, text=True, timeout=60
    )
    listening = next(line for line in done.stderr.splitlines() if '"listening"' in line)
    assert f'"niceness": {max(7, os.nice(0))}' in listening


def test_every_thread_runs_at_the_level_not_only_the_calling_one():
    # A thread started before (as imports start them) is set too; in a child, so the tests keep their own level.
    code = (
        "import json, os, threading, time\n"
        "from scrivo_speech.config import lower_priority\n"
        "threading.Thread(target=time.sleep, args=(2,), daemon=True).start()\n"
        "level = lower_priority(9)\n"
        "threads = [int(t) for t in os.listdir('/proc/self/task')]\n"
        "print(json.dumps({'level': level, 'threads': [os.getpriority(os.PRIO_PROCESS, t) for t in threads]}))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(WORKER), os.environ.get("PYTHONPATH")]))}
    done = subprocess.run([sys.executable, "-c", code], cwd=WORKER, env=env, capture_output=True, text=True, timeout=60)
    seen = json.loads(done.stdout)
    assert seen["level"] == max(9, os.nice(0))
    assert len(seen["threads"]) >= 2
    assert set(seen["threads"]) == {seen["level"]}
