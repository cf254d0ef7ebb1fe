"""Where the worker's time goes: ``Transcriber.transcribe`` on the benchmark's file (run.py's assembly), with the
model's CTranslate2 calls and the worker's steps wrapped in timers (seconds summed over the replicas' threads,
so they can add up to more than the wall time) and counted.

    flock /work/wt/heavy.lock worker/.venv/bin/python bench/speech/parts.py --minutes 3
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Callable, Dict

HERE = Path(__file__).resolve().parent
WORKER = HERE.parents[1] / "worker"
sys.path.insert(0, str(WORKER))
sys.path.insert(0, str(HERE))


class _Timed:
    """The CTranslate2 model with its calls timed (the real object's methods are read-only)."""

    def __init__(self, model: Any, wrap: Callable[[Callable[..., Any], str], Callable[..., Any]]):
        self._model = model
        for name in ("encode", "detect_language", "generate", "align"):
            setattr(self, name, wrap(getattr(model, name), "ct2." + name))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--audio", default=str(HERE.parents[2] / "shared" / "audio"))
    args = parser.parse_args()
    os.environ["HF_HUB_OFFLINE"] = "1"
    import run as bench
    from scrivo_speech import decoding
    from scrivo_speech.models import resolve_model
    from scrivo_speech.transcriber import Transcriber
    from tests.bench.wer import wer

    wav = Path(tempfile.mkdtemp(prefix="scrivo-parts-")) / "english.wav"
    reference = bench.assemble(Path(args.audio), args.minutes, wav)
    transcriber = Transcriber(resolve_model("base", WORKER / ".data", allow_download=False).path, threads=args.threads)
    seconds: Dict[str, float] = collections.defaultdict(float)
    calls: Dict[str, int] = collections.Counter()

    def wrap(function: Callable[..., Any], label: str) -> Callable[..., Any]:
        def timed(*a: Any, **k: Any) -> Any:
            started = time.perf_counter()
            try:
                return function(*a, **k)
            finally:
                seconds[label] += time.perf_counter() - started
                calls[label] += 1

        return timed

    transcriber.model.model = _Timed(transcriber.model.model, wrap)
    for name, label in (("speech_spans", "vad"), ("_features", "log-mel"), ("_switching", "language check")):
        setattr(decoding, name, wrap(getattr(decoding, name), label))
    started = time.perf_counter()
    text = transcriber.transcribe(str(wav))["text"]
    total = time.perf_counter() - started
    parts = {label: {"seconds": round(seconds[label], 2), "calls": calls[label]} for label in seconds}
    print(json.dumps({"minutes": args.minutes, "wall": round(total, 2), "wer": round(wer(reference, text), 4), "parts": parts}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
