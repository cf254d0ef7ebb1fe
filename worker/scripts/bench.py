"""Transcribe one file with the worker's pipeline and report wall time (and WER with a reference).

    worker/.venv/bin/python worker/scripts/bench.py FILE [--model base|PATH] [--runs 3]
        [--reference-file REF.txt | --reference "TEXT"] [--language en] [--json] [--bare]

Loads the model once, runs the transcription --runs times (the first run includes warm-up) and
prints one JSON line per run plus a summary. Uses SCRIVO_WHISPER_THREADS / SCRIVO_DATA_DIR like
the server. ``--bare`` calls faster-whisper's ``WhisperModel.transcribe`` directly on the file with
the same model, threads and decoding options as the worker (no windowing, no result shaping): the
baseline that bench/transcription compares the whole product against. Never downloads: HF_HUB_OFFLINE=1 is set unless already given.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scrivo_speech.config import Settings  # noqa: E402
from scrivo_speech.models import resolve_model  # noqa: E402
from scrivo_speech.transcriber import Transcriber  # noqa: E402
from tests.bench.wer import wer  # noqa: E402


def bare_transcribe(transcriber: Transcriber, path: Path, language, vad: bool) -> dict:
    """faster-whisper alone: decode the file, run the model, consume every segment and word."""
    pieces, info = transcriber.model.transcribe(
        str(path),
        language=language,
        beam_size=transcriber.beam_size,
        vad_filter=vad,
        word_timestamps=True,
        condition_on_previous_text=False,
    )
    segments = list(pieces)
    return {"text": "".join(s.text for s in segments).strip(), "language": info.language,
            "duration": info.duration, "segments": segments}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file", type=Path)
    parser.add_argument("--model", default=None)
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--reference", default=None)
    parser.add_argument("--reference-file", type=Path, default=None)
    parser.add_argument("--language", default=None)
    parser.add_argument("--no-vad", action="store_true")
    parser.add_argument("--diarize", action="store_true", help="also label speakers (diarize=1)")
    parser.add_argument("--json", action="store_true", help="print the last transcript as JSON")
    parser.add_argument("--bare", action="store_true", help="plain faster-whisper call, no Scrivo pipeline")
    args = parser.parse_args()

    settings = Settings.from_env()
    reference = args.reference
    if args.reference_file:
        reference = args.reference_file.read_text().strip()

    started = time.monotonic()
    resolved = resolve_model(args.model or settings.model, settings.data_dir, allow_download=False)
    transcriber = Transcriber(resolved.path, threads=settings.threads)
    load_s = time.monotonic() - started
    print(json.dumps({"model": resolved.name, "path": str(resolved.path), "source": resolved.source,
                      "threads": settings.threads, "loadSeconds": round(load_s, 2)}), flush=True)

    walls = []
    result = {}
    for run in range(1, args.runs + 1):
        t0 = time.monotonic()
        if args.bare:
            result = bare_transcribe(transcriber, args.file, args.language, not args.no_vad)
        else:
            result = transcriber.transcribe(
                args.file, language=args.language, vad=not args.no_vad, diarize=args.diarize
            )
        wall = time.monotonic() - t0
        walls.append(wall)
        line = {"run": run, "wallSeconds": round(wall, 2), "audioSeconds": result["duration"],
                "realTimeFactor": round(wall / max(result["duration"], 1e-6), 3),
                "language": result["language"], "segments": len(result["segments"])}
        if args.diarize:
            line["speakers"] = len({s["speaker"] for s in result["segments"]})
        if reference is not None:
            line["wer"] = round(wer(reference, result["text"]), 4)
        if result["duration"] < 60:
            line["text"] = result["text"]
        print(json.dumps(line, ensure_ascii=False), flush=True)
    summary = {"runs": len(walls), "medianWallSeconds": round(statistics.median(walls), 2)}
    if len(walls) > 1:
        summary["medianWallSecondsAfterFirst"] = round(statistics.median(walls[1:]), 2)
    print(json.dumps(summary), flush=True)
    if args.json and not args.bare:
        print(json.dumps(result, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
