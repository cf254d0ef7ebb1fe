"""The speech worker's resident memory over the same sequence of varying-length requests, sent several times
(issue 45 item 2, the soak): a leak keeps growing round after round, a plateau (allocator arenas, fragmentation)
stops after the first rounds.

    flock /tmp/heavy.lock worker/.venv/bin/python bench/speech/rss_sequence.py [--rounds 3] [--env NAME=VALUE ...]

The audio: the shared LibriSpeech readers (librispeech-voices, real speech) joined into one 16 kHz mono stream,
from which each request takes its own stretch, of the lengths in ``--lengths`` (seconds, varied like a long file's
pieces and the short clips between them). One fresh worker (``python -m scrivo_speech.server``, this checkout's
code, the product's defaults: model base, every core), one ``POST /asr`` at a time, as the job worker sends them.
After each request the worker's VmRSS and VmHWM are read from /proc. Prints one JSON line per request and a
summary line per round.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional
from urllib.parse import urlsplit

import numpy as np

from worker_process import wait_until_ready

HERE = Path(__file__).resolve().parent
REPOSITORY = HERE.parent.parent
WORKER = REPOSITORY / "worker"
AUDIO = Path(os.environ.get("SCRIVO_SHARED_AUDIO") or REPOSITORY.parent / "shared" / "audio")
RATE = 16_000


def speech_stream(seconds_needed: float) -> np.ndarray:
    """The LibriSpeech readers' clips, decoded by ffmpeg and joined, until there is enough."""
    clips = sorted((AUDIO / "librispeech-voices").glob("*.flac"))
    parts: List[np.ndarray] = []
    total = 0
    for clip in clips:
        raw = subprocess.run(
            ["ffmpeg", "-v", "error", "-i", str(clip), "-f", "s16le", "-ac", "1", "-ar", str(RATE), "-"],
            check=True, capture_output=True,
        ).stdout
        parts.append(np.frombuffer(raw, dtype=np.int16))
        total += len(parts[-1])
        if total >= seconds_needed * RATE:
            break
    joined = np.concatenate(parts)
    while len(joined) < seconds_needed * RATE:
        joined = np.concatenate([joined, joined])
    return joined


def wav(samples: np.ndarray) -> bytes:
    data = samples.astype("<i2").tobytes()
    header = b"RIFF" + (36 + len(data)).to_bytes(4, "little") + b"WAVEfmt " + (16).to_bytes(4, "little")
    header += (1).to_bytes(2, "little") + (1).to_bytes(2, "little") + RATE.to_bytes(4, "little")
    header += (RATE * 2).to_bytes(4, "little") + (2).to_bytes(2, "little") + (16).to_bytes(2, "little")
    return header + b"data" + len(data).to_bytes(4, "little") + data


def memory_mb(pid: int) -> Dict[str, float]:
    fields: Dict[str, float] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = round(int(value.split()[0]) / 1024, 1)
    return {"rssMb": fields["VmRSS"], "peakMb": fields["VmHWM"]}


class Worker:
    def __init__(self, env_extra: Dict[str, str], tmp: Path, code: Path):
        log = tmp / "worker.log"
        env = dict(os.environ, SCRIVO_SPEECH_HOST="127.0.0.1", SCRIVO_SPEECH_PORT="0", HF_HUB_OFFLINE="1",
                   SCRIVO_DATA_DIR=os.environ.get("SCRIVO_SPEECH_TEST_DATA", "/tmp/scrivo-speech-test-data"),
                   PYTHONPATH=str(code), **env_extra)
        with log.open("w") as out:
            self.process = subprocess.Popen([sys.executable, "-m", "scrivo_speech.server"], cwd=code, env=env,
                                            stdout=out, stderr=out)
        self.url: Optional[str] = wait_until_ready(self.process, log)

    def asr(self, body: bytes) -> Dict[str, Any]:
        assert self.url
        url = urlsplit(self.url)
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=3600)
        conn.request("POST", "/asr?language=en", body=body, headers={"Content-Type": "audio/wav"})
        response = conn.getresponse()
        data = response.read()
        conn.close()
        if response.status != 200:
            raise RuntimeError(f"/asr: {response.status} {data[:300]!r}")
        return json.loads(data)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--lengths", default="20,120,45,90,8,150,30,110,60,15")
    parser.add_argument("--env", action="append", default=[], help="NAME=VALUE for the worker's environment")
    parser.add_argument("--worker", default=str(WORKER), help="the worker's code (default: this checkout's)")
    args = parser.parse_args()
    lengths = [float(x) for x in args.lengths.split(",")]
    env_extra = dict(item.split("=", 1) for item in args.env)
    stream = speech_stream(sum(lengths))
    bodies: List[bytes] = []
    at = 0
    for seconds in lengths:
        bodies.append(wav(stream[at:at + int(seconds * RATE)]))
        at += int(seconds * RATE)
    with tempfile.TemporaryDirectory() as tmp:
        worker = Worker(env_extra, Path(tmp), Path(args.worker))
        try:
            pid = worker.process.pid
            print(json.dumps({"started": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "env": env_extra,
                              "worker": args.worker,
                              "lengths": lengths, **memory_mb(pid)}), flush=True)
            for round_ in range(1, args.rounds + 1):
                busy = 0.0
                for seconds, body in zip(lengths, bodies):
                    started = time.monotonic()
                    result = worker.asr(body)
                    took = time.monotonic() - started
                    busy += took
                    print(json.dumps({"round": round_, "seconds": seconds, "took": round(took, 2),
                                      "words": sum(len(s.get("words") or []) for s in result["segments"]),
                                      **memory_mb(pid)}), flush=True)
                print(json.dumps({"roundDone": round_, "busySeconds": round(busy, 1), **memory_mb(pid)}), flush=True)
        finally:
            worker.stop()


if __name__ == "__main__":
    main()
