"""One long file in pieces (issue 29): transcribed whole by one worker call, and cut at pauses into ~2.5-minute
pieces that 1 or 2 one-thread speech workers take in parallel, joined with file-wide speaker labels.

    flock /work/wt/heavy.lock worker/.venv/bin/python bench/speech/pieces.py --minutes 20

The file: the shared English clips that have reference text (run.py's CLIPS: JFK, LibriSpeech readers 1089 and 1221,
the Leopard test reader, the DeepSpeech smoke clip: five people), each round in a new random order with pauses of
0.4-1.5 s, until ``--minutes``. Who speaks when: each clip's speech spans (Silero VAD) at its place in the file.

Runs, each against fresh worker processes (``python -m scrivo_speech.server``, SCRIVO_WHISPER_THREADS=1):

- ``whole``: one ``POST /asr?diarize=1`` with the whole file, one worker;
- ``pieces xN``: the file cut by :func:`cut_points` (the API's rule), every piece sent as
  ``POST /asr?diarize=1&speaker_profiles=1`` to whichever of N workers is free, then one ``POST /speakers/cluster``
  with every piece's voice prints; the pieces are joined (timestamps offset by the piece's start, labels mapped to
  the file-wide ones). Wall time from the first request to the joined transcript.

Scored: WER of each transcript against the reference text (tests/bench/wer.py) and DER without collar against the
reference turns (tests/bench/der.py; hypothesis turns from the words' speakers). Prints JSON lines.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple
from urllib.parse import urlsplit

import numpy as np

from worker_process import wait_until_ready

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WORKER = REPO / "worker"
sys.path.insert(0, str(WORKER))
sys.path.insert(0, str(HERE))

from run import CLIPS  # noqa: E402
from tests.bench.conversations import hypothesis_words, speaker_turns, write_wav  # noqa: E402
from tests.bench.der import der  # noqa: E402
from tests.bench.speaker_sets import read, spans  # noqa: E402
from tests.bench.wer import wer  # noqa: E402

RATE = 16000

# The cutting rule, mirroring the API's cutter (issue 29): a cut about every TARGET seconds, at the quietest
# QUIET seconds (mean frame RMS over 10 ms frames) within +-SEARCH seconds of the target.
TARGET = 150.0
SEARCH = 30.0
QUIET = 0.3
FRAME = 0.01


def cut_points(samples: np.ndarray, target: float = TARGET, search: float = SEARCH, quiet: float = QUIET) -> List[int]:
    """Sample indexes where the file is cut (mirrors the API's cutter: same rule, written in numpy here)."""
    hop = int(FRAME * RATE)
    frames = samples[: samples.size // hop * hop].reshape(-1, hop).astype(np.float64)
    rms = np.sqrt((frames**2).mean(axis=1))
    width = max(1, int(round(quiet / FRAME)))
    # Mean RMS of every `width` frames starting at frame i.
    window = np.convolve(rms, np.ones(width) / width, mode="valid")
    cuts: List[int] = []
    last = 0.0
    total = samples.size / RATE
    while total - last > target + search:
        aim = last + target
        lo = max(int((aim - search) / FRAME), int(last / FRAME) + 1)
        hi = min(int((aim + search) / FRAME), window.size - 1)
        best = lo + int(np.argmin(window[lo : hi + 1]))
        cut = (best + width / 2) * FRAME
        cuts.append(int(cut * RATE))
        last = cut
    return cuts


def assemble(audio_dir: Path, minutes: float, seed: int = 29) -> Tuple[np.ndarray, str, List[Tuple[float, float, str]]]:
    """The file, its reference text and reference turns."""
    trans = {}
    for line in (audio_dir / "librispeech-sherpa" / "trans.txt").read_text().splitlines():
        if line.strip():
            key, text = line.split(maxsplit=1)
            trans[key] = text
    clips = []
    for rel, ref in CLIPS:
        samples = read(audio_dir / rel)
        text = (audio_dir / "jfk" / "jfk.txt").read_text().strip() if ref is None else trans.get(ref, ref)
        speaker = rel.split("/")[-1].split("-")[0] if "librispeech" in rel else rel.split("/")[0]
        clips.append((samples, text, speaker, [(a / RATE, b / RATE) for a, b in spans(samples)]))
    rng = np.random.default_rng(seed)
    parts: List[np.ndarray] = []
    texts: List[str] = []
    turns: List[Tuple[float, float, str]] = []
    t = 0.0
    while t < minutes * 60:
        for k in rng.permutation(len(clips)):
            samples, text, speaker, speech = clips[k]
            turns += [(t + a, t + b, speaker) for a, b in speech]
            texts.append(text)
            pause = np.zeros(int(rng.uniform(0.4, 1.5) * RATE), dtype=np.float32)
            parts += [samples, pause]
            t += (samples.size + pause.size) / RATE
    return np.concatenate(parts), " ".join(texts), turns


class Worker:
    """One speech worker process on a free port."""

    def __init__(self, data_dir: Path, log: Path, threads: int = 1):
        env = {**os.environ, "SCRIVO_SPEECH_PORT": "0", "SCRIVO_WHISPER_THREADS": str(threads), "HF_HUB_OFFLINE": "1",
               "SCRIVO_DATA_DIR": str(data_dir), "PYTHONPATH": str(WORKER)}
        self.log = log
        out = open(log, "wb")
        self.process = subprocess.Popen([sys.executable, "-m", "scrivo_speech.server"], cwd=WORKER, env=env,
                                        stdout=out, stderr=out)
        out.close()
        self.url: Optional[str] = wait_until_ready(self.process, log)

    def post(self, path: str, body: bytes, content_type: str) -> Dict[str, Any]:
        assert self.url
        url = urlsplit(self.url)
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=3600)
        conn.request("POST", path, body=body, headers={"Content-Type": content_type})
        response = conn.getresponse()
        data = response.read()
        conn.close()
        if response.status != 200:
            raise RuntimeError(f"{path}: {response.status} {data[:300]!r}")
        return json.loads(data)

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=30)


def wav_bytes(samples: np.ndarray, tmp: Path) -> bytes:
    return write_wav(tmp / "piece.wav", samples).read_bytes()


def join(results: Sequence[Dict[str, Any]], offsets: Sequence[float], labels: Sequence[Dict[str, str]]) -> Dict[str, Any]:
    """The pieces' transcripts as one: times offset by each piece's start, speakers mapped to file-wide labels."""
    segments = []
    for result, offset, mapping in zip(results, offsets, labels):
        for s in result["segments"]:
            segments.append(dict(
                s,
                start=round(s["start"] + offset, 3),
                end=round(s["end"] + offset, 3),
                speaker=mapping.get(s["speaker"], s["speaker"]) if s.get("speaker") else None,
                words=[dict(w, start=round(w["start"] + offset, 3), end=round(w["end"] + offset, 3)) for w in s["words"]],
            ))
    return {"text": " ".join(s["text"] for s in segments), "segments": segments}


def score(result: Dict[str, Any], reference: str, turns: List[Tuple[float, float, str]]) -> Dict[str, Any]:
    hyp = hypothesis_words(result)
    found = speaker_turns(hyp)
    return {
        "wer": round(wer(reference, result["text"]) * 100, 2),
        "der": round(der(turns, found, collar=0.0)["der"] * 100, 2),
        "speakers": len({t[2] for t in found}),
    }


def run_pieces(
    workers: List[Worker], pieces: List[bytes], offsets: List[float]
) -> Tuple[Dict[str, Any], float, float, List[float]]:
    """All pieces through the workers (each takes the next piece when free), then one clustering call."""
    todo: "queue.Queue[int]" = queue.Queue()
    for i in range(len(pieces)):
        todo.put(i)
    results: List[Optional[Dict[str, Any]]] = [None] * len(pieces)
    took = [0.0] * len(pieces)
    errors: List[BaseException] = []

    def take(worker: Worker) -> None:
        while True:
            try:
                i = todo.get_nowait()
            except queue.Empty:
                return
            try:
                began = time.monotonic()
                results[i] = worker.post("/asr?language=en&diarize=1&speaker_profiles=1", pieces[i], "audio/wav")
                took[i] = time.monotonic() - began
            except BaseException as exc:  # noqa: BLE001 - reported after the join
                errors.append(exc)
                return

    started = time.monotonic()
    threads = [threading.Thread(target=take, args=(w,)) for w in workers]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    transcribed = time.monotonic()
    done = [r for r in results if r is not None]
    body = json.dumps({"pieces": [r["speakerProfiles"] for r in done]}).encode()
    answer = workers[0].post("/speakers/cluster", body, "application/json")
    joined = join(done, offsets, answer["labels"])
    finished = time.monotonic()
    return joined, finished - started, finished - transcribed, took


def modelled(took: Sequence[float], cluster_s: float, workers: int) -> float:
    """Wall time with ``workers`` one-thread workers that each have a core of their own: the pieces' measured
    times scheduled longest first on the least busy worker, then the clustering."""
    busy = [0.0] * workers
    for t in sorted(took, reverse=True):
        busy[busy.index(min(busy))] += t
    return max(busy) + cluster_s


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=20)
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--data-dir", default=str(WORKER / ".data"))
    parser.add_argument("--runs", nargs="*", default=["whole", "pieces1", "pieces2"])
    parser.add_argument("--target", type=float, default=TARGET, help="seconds between cuts (smoke runs only)")
    args = parser.parse_args()

    samples, reference, turns = assemble(Path(args.audio), args.minutes)
    cuts = cut_points(samples, target=args.target, search=min(SEARCH, args.target / 5))
    bounds = [0, *cuts, samples.size]
    tmp = Path(tempfile.mkdtemp(prefix="scrivo-pieces-"))
    pieces = [wav_bytes(samples[a:b], tmp) for a, b in zip(bounds, bounds[1:])]
    offsets = [a / RATE for a in bounds[:-1]]
    whole = wav_bytes(samples, tmp)
    audio_seconds = samples.size / RATE
    print(json.dumps({"audioSeconds": round(audio_seconds, 1), "pieces": len(pieces),
                      "pieceSeconds": [round((b - a) / RATE, 1) for a, b in zip(bounds, bounds[1:])],
                      "load": os.getloadavg()}), flush=True)

    outcomes: Dict[str, Dict[str, Any]] = {}
    for run in args.runs:
        count = 1 if run in ("whole", "pieces1") else 2
        workers = [Worker(Path(args.data_dir), tmp / f"{run}-worker{i}.log") for i in range(count)]
        try:
            load = os.getloadavg()[0]
            if run == "whole":
                started = time.monotonic()
                result = workers[0].post("/asr?language=en&diarize=1", whole, "audio/wav")
                wall, cluster_s, took = time.monotonic() - started, 0.0, []
            else:
                result, wall, cluster_s, took = run_pieces(workers, pieces, offsets)
        finally:
            for w in workers:
                w.stop()
        outcome = {"run": run, "workers": count, "wallSeconds": round(wall, 1), "rtf": round(wall / audio_seconds, 3),
                   "clusterSeconds": round(cluster_s, 2), "loadBefore": round(load, 2), **score(result, reference, turns)}
        if took:
            outcome["pieceWallSeconds"] = [round(t, 1) for t in took]
        if run == "pieces1":
            # What more cores give: each worker on a core of its own, no other load (see bench/README.md).
            outcome["modelledWallSeconds"] = {n: round(modelled(took, cluster_s, n), 1) for n in (1, 2, 4, 8, 16)}
        outcomes[run] = outcome
        print(json.dumps(outcome), flush=True)
        (tmp / f"{run}.json").write_text(json.dumps(result))
    print(json.dumps({"results": str(tmp)}), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
