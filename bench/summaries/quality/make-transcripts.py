"""Speaks each quality meeting with espeak-ng, transcribes it with faster-whisper and writes
<name>.transcript.json (segments with speaker labels from the script's turns).

Run with the speech worker's Python, from the repository root:
  worker/.venv/bin/python bench/summaries/quality/make-transcripts.py [--again]
(--again also remakes the transcripts already there.)
"""
import json
import subprocess
import sys
import tempfile
import wave
from pathlib import Path

import numpy as np

HERE = Path(__file__).parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT / "worker"))
from faster_whisper import WhisperModel  # noqa: E402
from scrivo_speech.models import resolve_model  # noqa: E402

RATE = 16000
PAUSE = np.zeros(int(0.5 * RATE), dtype=np.int16)


def speak(text: str, voice: str, out: Path) -> np.ndarray:
    raw = out.with_suffix(".raw.wav")
    subprocess.run(["espeak-ng", "-v", voice, "-s", "165", "-w", str(raw), text], check=True)
    subprocess.run(["sox", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", str(out)], check=True)
    with wave.open(str(out)) as w:
        return np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)


def main() -> None:
    spec = json.loads((HERE / "meetings.json").read_text())
    model_path = resolve_model("base", data_dir=ROOT / "worker" / ".data").path
    model = WhisperModel(str(model_path), device="cpu", compute_type="int8", cpu_threads=2)
    for meeting in spec["meetings"]:
        target = HERE / f"{meeting['name']}.transcript.json"
        # A transcript once made is kept: the benchmark's input stays the same from run to run.
        if target.exists() and "--again" not in sys.argv:
            continue
        with tempfile.TemporaryDirectory() as tmp:
            pieces, turns, t = [], [], 0.0
            for i, (speaker, text) in enumerate(meeting["lines"]):
                audio = speak(text, meeting["voices"][speaker], Path(tmp) / f"{i}.wav")
                turns.append((t, t + len(audio) / RATE, speaker))
                pieces += [audio, PAUSE]
                t += (len(audio) + len(PAUSE)) / RATE
            path = Path(tmp) / "meeting.wav"
            with wave.open(str(path), "wb") as w:
                w.setnchannels(1)
                w.setsampwidth(2)
                w.setframerate(RATE)
                w.writeframes(np.concatenate(pieces).tobytes())
            segments, info = model.transcribe(str(path), language="en", beam_size=5)
            out = []
            for s in segments:
                # The speaker whose turn overlaps the segment most: what a perfect diarizer would say.
                overlap = lambda turn: min(turn[1], s.end) - max(turn[0], s.start)  # noqa: E731
                speaker = max(turns, key=overlap)[2]
                out.append({"id": len(out), "start": round(s.start, 2), "end": round(s.end, 2),
                            "text": s.text, "speaker": speaker, "words": []})
        target.write_text(json.dumps(out, indent=1) + "\n")
        print(f"{meeting['name']}: {len(out)} segments, {t:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
