"""Speaking a meeting of meetings.json with a synthetic voice, and hearing it with Whisper base (the worker's
model): shared by make-transcripts.py, which makes the benchmark's transcripts, and compare-voices.py, which chose
the voices. Needs sox to resample to 16 kHz, and the engines used: flite, espeak-ng, festival (text2wave)."""
import subprocess
import sys
import wave
from pathlib import Path

import numpy as np

HERE = Path(__file__).parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "worker"))
from faster_whisper import WhisperModel  # noqa: E402
from scrivo_speech.models import resolve_model  # noqa: E402

RATE = 16000
# Half a second between lines, as people leave between turns.
PAUSE = np.zeros(int(0.5 * RATE), dtype=np.int16)


def synth_command(engine: str, voice: str, text: str, raw: Path) -> tuple[list[str], bytes | None]:
    """The engine's command line, and what it reads on stdin (festival reads the text there)."""
    if engine == "espeak":
        return ["espeak-ng", "-v", voice, "-s", "165", "-w", str(raw), text], None
    if engine == "flite":
        return ["flite", "-voice", voice, "-t", text, "-o", str(raw)], None
    if engine == "festival":
        return ["text2wave", "-eval", f"(voice_{voice})", "-o", str(raw)], text.encode()
    raise SystemExit(f"unknown speech engine {engine!r}: flite, espeak or festival")


def speak(engine: str, voice: str, text: str, out: Path) -> np.ndarray:
    """One line in one voice, as 16 kHz mono 16-bit samples."""
    raw = out.with_suffix(".raw.wav")
    command, stdin = synth_command(engine, voice, text, raw)
    subprocess.run(command, input=stdin, check=True)
    subprocess.run(["sox", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", str(out)], check=True)
    with wave.open(str(out)) as w:
        return np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)


def write_wav(pieces: list[np.ndarray], path: Path) -> None:
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(np.concatenate(pieces).tobytes())


def whisper_base() -> WhisperModel:
    """The worker's model, as the worker loads it on 2 cores."""
    model_path = resolve_model("base", data_dir=ROOT / "worker" / ".data").path
    return WhisperModel(str(model_path), device="cpu", compute_type="int8", cpu_threads=2)
