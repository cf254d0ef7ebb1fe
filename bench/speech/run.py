"""Speed and accuracy side by side: the bare faster-whisper call with its defaults against the worker's
recognition path, on one long file assembled from the shared English clips, same model and threads.

    flock /work/wt/heavy.lock worker/.venv/bin/python bench/speech/run.py --minutes 10

- ``bare``: ``WhisperModel(path, device="cpu", compute_type="int8", cpu_threads=T).transcribe(file)``
  with every default (beam 5, no VAD, no word timestamps, condition on previous text), all segments consumed.
- ``worker``: ``Transcriber.transcribe(file)``: decode + VAD + a language per turn + batched decoding with word
  timestamps + the guards (what ``POST /asr`` runs), with the worker's default beam and batch sizes unless given.

Each engine runs in its own process (so its peak RSS is its own): wall time, real-time factor, WER
(normalised, tests/bench/wer.py), peak RSS. Prints JSON lines and a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
import wave
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
WORKER = REPO / "worker"
sys.path.insert(0, str(WORKER))

CLIPS = [  # (path under shared/audio, reference) — references from the shared audio's transcript files
    ("jfk/jfk.wav", None),
    ("librispeech-sherpa/1089-134686-0001.wav", "1089-134686-0001"),
    ("librispeech-sherpa/1221-135766-0001.wav", "1221-135766-0001"),
    ("librispeech-sherpa/1221-135766-0002.wav", "1221-135766-0002"),
    ("picovoice-leopard-tests/test.wav", "Mr. Quilter is the apostle of the middle classes and we are glad to welcome his gospel."),
    ("deepspeech-smoke/LDC93S1.wav", "She had your dark suit in greasy wash water all year."),
]


def assemble(audio_dir: Path, minutes: float, out: Path) -> str:
    """Clips in turn with 1 s pauses until ``minutes`` are reached; returns the reference text."""
    trans = {}
    for line in (audio_dir / "librispeech-sherpa" / "trans.txt").read_text().splitlines():
        if line.strip():
            key, text = line.split(maxsplit=1)
            trans[key] = text
    loaded = []
    for rel, ref in CLIPS:
        with wave.open(str(audio_dir / rel)) as w:
            samples = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)
        text = (audio_dir / "jfk" / "jfk.txt").read_text().strip() if ref is None else trans.get(ref, ref)
        loaded.append((samples, text))
    pause = np.zeros(16000, dtype=np.int16)
    parts, texts, total, k = [], [], 0, 0
    while total < minutes * 60 * 16000:
        samples, text = loaded[k % len(loaded)]
        parts += [samples, pause]
        texts.append(text)
        total += len(samples) + len(pause)
        k += 1
    with wave.open(str(out), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(16000)
        w.writeframes(np.concatenate(parts).tobytes())
    return " ".join(texts)


def child(args: argparse.Namespace) -> None:
    os.environ["HF_HUB_OFFLINE"] = "1"
    from scrivo_speech.models import resolve_model
    from tests.bench.wer import wer

    resolved = resolve_model("base", Path(args.data_dir), allow_download=False)
    reference = Path(args.reference).read_text()
    if args.engine == "bare":
        from faster_whisper import WhisperModel

        model = WhisperModel(str(resolved.path), device="cpu", compute_type="int8", cpu_threads=args.threads)
        started = time.monotonic()
        segments, _info = model.transcribe(args.file)
        text = "".join(s.text for s in segments)
    else:
        from scrivo_speech.transcriber import DEFAULT_BATCH_SIZE, DEFAULT_BEAM_SIZE, Transcriber

        args.beam = DEFAULT_BEAM_SIZE if args.beam is None else args.beam
        args.batch = DEFAULT_BATCH_SIZE if args.batch is None else args.batch
        transcriber = Transcriber(resolved.path, threads=args.threads, beam_size=args.beam, batch_size=args.batch)
        started = time.monotonic()
        text = transcriber.transcribe(args.file)["text"]
    seconds = time.monotonic() - started
    from scrivo_speech import metrics

    print(
        json.dumps(
            {
                "engine": args.engine if args.engine == "bare" else f"worker beam {args.beam} batch {args.batch}",
                "seconds": round(seconds, 1),
                "wer": round(wer(reference, text), 4),
                "peakRssMB": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
                # Second decodes and drops (issue 26): what the safety net cost on this file.
                "recognition": metrics.snapshot(),
            }
        )
    )


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=10)
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--data-dir", default=str(WORKER / ".data"))
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--engines", default="bare,worker", help="comma list of bare, worker")
    parser.add_argument("--beam", type=int, help="the worker's beam size (default: the worker's default)")
    parser.add_argument("--batch", type=int, help="the worker's batch size (default: the worker's default)")
    parser.add_argument("--engine", help=argparse.SUPPRESS)
    parser.add_argument("--file", help=argparse.SUPPRESS)
    parser.add_argument("--reference", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.engine:
        child(args)
        return 0
    work = Path(tempfile.mkdtemp(prefix="scrivo-speed-"))
    wav = work / f"english-{args.minutes:g}min.wav"
    (work / "reference.txt").write_text(assemble(Path(args.audio), args.minutes, wav))
    audio_seconds = wave.open(str(wav)).getnframes() / 16000
    rows = []
    for engine in args.engines.split(","):
        out = subprocess.run(
            [sys.executable, __file__, "--engine", engine, "--file", str(wav), "--reference", str(work / "reference.txt"),
             "--data-dir", args.data_dir, "--threads", str(args.threads)]
            + (["--beam", str(args.beam)] if args.beam is not None else [])
            + (["--batch", str(args.batch)] if args.batch is not None else []),
            check=True, capture_output=True, text=True, cwd=WORKER,
        ).stdout.strip().splitlines()[-1]
        row = json.loads(out)
        row["audioMinutes"] = round(audio_seconds / 60, 2)
        row["rtf"] = round(row["seconds"] / audio_seconds, 3)
        rows.append(row)
        print(json.dumps(row), flush=True)
    print("\n| engine | audio min | wall s | RTF | WER | peak RSS MB |\n|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['engine']} | {r['audioMinutes']} | {r['seconds']} | {r['rtf']} | {100 * r['wer']:.1f} % | {r['peakRssMB']} |")
    if len(rows) == 2:
        print(f"\nspeed-up: {rows[0]['seconds'] / rows[1]['seconds']:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
