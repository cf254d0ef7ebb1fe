"""Diarization alone on one long conversation of many real voices: seconds per audio second, DER without collar and
the speaker count (issue 26 item 4: under 0.05 s per audio second on 2 cores, the right count on 30-60 minutes).

    flock /work/wt/heavy.lock worker/.venv/bin/python bench/speakers/long.py --minutes 10 --voices 6
    flock /work/wt/heavy.lock worker/.venv/bin/python bench/speakers/long.py --minutes 10 --voices 6 --before HEAD~3

The file: ``--voices`` LibriSpeech readers of ../shared/audio/librispeech-voices (one utterance each, chosen by
``--seed``), each utterance cut at its pauses (Silero VAD, 300 ms) into phrases; turns of 1-4 consecutive phrases
of a reader other than the last one, at -6..+3 dB, with 0.2-1.2 s between turns, until ``--minutes``. Each reader's
12 s or so of speech comes round again and again (in other cuts and at other levels): easier to cluster than a real
meeting, where a voice is never the same recording twice. Reference turns: the phrases' speech spans where they
were put.

``--before REV``: also runs the diarizer of git revision REV (its speakers.py and diarize.py, loaded from git into
a package of their own) on the same file, the same models and threads: side by side in one run. ``--wav`` keeps the
file. Prints one JSON line per diarizer, then a Markdown table.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, List, Tuple

import numpy as np

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path[:0] = [str(REPO / "worker")]

from scrivo_speech import diarize as diarize_mod  # noqa: E402
from scrivo_speech import speakers  # noqa: E402
from tests.bench.conversations import read_audio, voices, write_wav  # noqa: E402
from tests.bench.der import der  # noqa: E402
from tests.bench.speaker_sets import spans  # noqa: E402

RATE = 16000


def assemble(audio_dir: Path, minutes: float, count: int, seed: int) -> Tuple[np.ndarray, List[Tuple[float, float, str]]]:
    rng = np.random.default_rng(seed)
    files = voices(audio_dir)
    chosen = [files[i] for i in rng.choice(len(files), size=count, replace=False)]
    readers = []
    for path in chosen:
        samples = read_audio(path)
        readers.append((path.stem.split("-")[0], samples, spans(samples)))
    parts: List[np.ndarray] = []
    turns: List[Tuple[float, float, str]] = []
    t, last = 0.0, -1
    while t < minutes * 60:
        who = int(rng.choice([k for k in range(count) if k != last]))
        name, samples, found = readers[who]
        size = int(rng.integers(1, min(4, len(found)) + 1))
        first = int(rng.integers(0, len(found) - size + 1))
        a = max(0, found[first][0] - RATE // 10)
        b = min(samples.size, found[first + size - 1][1] + RATE // 10)
        gain = 10 ** (rng.uniform(-6, 3) / 20)
        turns += [(t + (s - a) / RATE, t + (e - a) / RATE, name) for s, e in found[first : first + size]]
        pause = np.zeros(int(rng.uniform(0.2, 1.2) * RATE), dtype=np.float32)
        parts += [samples[a:b] * gain, pause]
        t += (b - a + pause.size) / RATE
        last = who
    return np.concatenate(parts).astype(np.float32), turns


class Counted:
    """The embedder, counting its calls and the seconds of speech it embeds."""

    def __init__(self, embedder: Any):
        self.embedder, self.calls, self.seconds = embedder, 0, 0.0

    def __call__(self, samples: np.ndarray) -> np.ndarray:
        self.calls += 1
        self.seconds += samples.size / RATE
        return self.embedder(samples)


def revision(rev: str, into: Path) -> Any:
    """speakers.py and diarize.py of git revision ``rev`` (and engine.py, which loads their models) as the package
    ``scrivo_speech_<hash>``."""
    commit = subprocess.check_output(["git", "rev-parse", "--short", rev], cwd=REPO, text=True).strip()
    package = into / f"scrivo_speech_{commit}"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text("")
    for name in ("diarize.py", "speakers.py", "engine.py"):
        try:
            text = subprocess.check_output(
                ["git", "show", f"{commit}:worker/scrivo_speech/{name}"], cwd=REPO, text=True, stderr=subprocess.DEVNULL
            )
        except subprocess.CalledProcessError:  # older revisions have no engine.py
            continue
        (package / name).write_text(text)
    sys.path.insert(0, str(into))
    return importlib.import_module(f"{package.name}.speakers"), commit


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--voices", type=int, default=6)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--before", default=None, help="git revision whose diarizer runs beside this one")
    parser.add_argument("--wav", default=None, help="write the file and its reference turns here (.wav, .rttm)")
    args = parser.parse_args()

    samples, reference = assemble(Path(args.audio), args.minutes, args.voices, args.seed)
    seconds_audio = samples.size / RATE
    if args.wav:
        wav = write_wav(Path(args.wav), samples)
        wav.with_suffix(".rttm").write_text(
            "".join(f"SPEAKER long 1 {a:.3f} {b - a:.3f} <NA> <NA> {s} <NA> <NA>\n" for a, b, s in reference)
        )
    model = speakers.find_embedding_model()
    if model is None:
        raise SystemExit("CAM++ model not found (SCRIVO_SPEAKER_MODEL)")

    variants = []
    if args.before:
        old, commit = revision(args.before, Path(tempfile.mkdtemp(prefix="scrivo-before-")))
        old_diarize = sys.modules[old.__name__.rsplit(".", 1)[0] + ".diarize"]
        segmenter = old_diarize.Segmenter(diarize_mod.DEFAULT_MODEL, threads=args.threads)
        variants.append((f"before ({commit})", old.EmbeddingDiarizer(segmenter, old.Embedder(model, threads=args.threads))))
    segmenter = diarize_mod.Segmenter(threads=args.threads)
    variants.append(("now", speakers.EmbeddingDiarizer(segmenter, speakers.Embedder(model, threads=args.threads))))

    rows = []
    for label, diarizer in variants:
        counted = diarizer.embedder = Counted(diarizer.embedder)
        started = time.monotonic()
        session = diarizer.session()
        step = 300 * RATE
        for i in range(0, samples.size, step):
            session.feed(samples[i : i + step])
        turns = session.finish()
        seconds = time.monotonic() - started
        hypothesis = [(a, b, f"S{s}") for a, b, s in turns]
        row = {
            "diarizer": label,
            "minutes": round(seconds_audio / 60, 1),
            "voices": args.voices,
            "speakers_found": len({s for *_, s in turns}),
            "der_no_collar": round(der(reference, hypothesis, collar=0.0)["der"], 4),
            "seconds": round(seconds, 1),
            "seconds_per_audio_second": round(seconds / seconds_audio, 4),
            "embedder_calls": counted.calls,
            "seconds_embedded": round(counted.seconds, 1),
            "units": session.track_count,
        }
        rows.append(row)
        print(json.dumps(row), flush=True)
    print("\n| diarizer | minutes | speakers (ref / found) | DER no collar | time s | s per audio s | CAM++ calls | s embedded | units |")
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['diarizer']} | {r['minutes']} | {r['voices']} / {r['speakers_found']} | {100 * r['der_no_collar']:.1f} % "
            f"| {r['seconds']} | {r['seconds_per_audio_second']:.3f} | {r['embedder_calls']} "
            f"| {r['seconds_embedded']} | {r['units']} |"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
