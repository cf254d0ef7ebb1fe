"""Whisper's own speech-to-English on the Spanish sentences of parallel.json, spoken by espeak-ng.

Prints JSON {"hypotheses": [...], "seconds": ..., "audioSeconds": ...}. Run with the speech worker's Python:
  worker/.venv/bin/python bench/translation/whisper_translate.py
"""
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT / "worker"))
from faster_whisper import WhisperModel  # noqa: E402
from scrivo_speech.models import resolve_model  # noqa: E402


def main() -> None:
    pairs = json.loads((HERE / "parallel.json").read_text())["es-en"]
    model = WhisperModel(
        str(resolve_model("base", data_dir=ROOT / "worker" / ".data").path),
        device="cpu", compute_type="int8", cpu_threads=2,
    )
    hypotheses, seconds, audio = [], 0.0, 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for i, (spanish, _) in enumerate(pairs):
            raw, wav = Path(tmp) / f"{i}.raw.wav", Path(tmp) / f"{i}.wav"
            subprocess.run(["espeak-ng", "-v", "es", "-s", "150", "-w", str(raw), spanish], check=True)
            subprocess.run(["sox", str(raw), "-r", "16000", "-c", "1", "-b", "16", str(wav)], check=True)
            started = time.perf_counter()
            segments, info = model.transcribe(str(wav), language="es", task="translate", beam_size=5)
            hypotheses.append(" ".join(s.text.strip() for s in segments))
            seconds += time.perf_counter() - started
            audio += info.duration
    print(json.dumps({"hypotheses": hypotheses, "seconds": seconds, "audioSeconds": audio}))


if __name__ == "__main__":
    main()
