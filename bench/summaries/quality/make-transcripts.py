"""Speaks each quality meeting, transcribes it with faster-whisper (Whisper base, the worker's model) and writes
<name>.transcript.json (segments with speaker labels from the script's turns).

Run with the speech worker's Python, from the repository root:
  worker/.venv/bin/python bench/summaries/quality/make-transcripts.py [--again] [--synth=flite|espeak]
(--again also remakes the transcripts already there.)

--synth=flite (the default, the voices the committed transcripts were made with): Flite's four built-in English
voices, one per person in the meeting's order: slt (US female), rms (US male), awb (Scottish male), kal16 (US male).
Needs the Debian package flite 2.2-5 (bookworm; libflite1 2.2-5 comes with it): `apt-get install -y flite=2.2-5`.
Whisper base hears 96-98% of the script's words in these voices (3 meetings, measured 2026-11-27) against 89% in
espeak-ng's, which made it write "lunch" for "launch", "book the menu" for "book the venue" and "standing bags".
--synth=espeak: espeak-ng with the meeting's own "voices" in meetings.json (Debian espeak-ng 1.51+dfsg-10+deb12u2),
as the transcripts were made before.
Both need sox to resample to 16 kHz (Debian sox 14.4.2+git20190427-3.5).
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
# Four clearly different voices: a meeting has at most four people, and each needs a voice of their own.
FLITE_VOICES = ["slt", "rms", "awb", "kal16"]


def synth_command(synth: str, voice: str, text: str, raw: Path) -> list[str]:
    if synth == "espeak":
        return ["espeak-ng", "-v", voice, "-s", "165", "-w", str(raw), text]
    return ["flite", "-voice", voice, "-t", text, "-o", str(raw)]


def speak(synth: str, text: str, voice: str, out: Path) -> np.ndarray:
    raw = out.with_suffix(".raw.wav")
    subprocess.run(synth_command(synth, voice, text, raw), check=True)
    subprocess.run(["sox", str(raw), "-r", str(RATE), "-c", "1", "-b", "16", str(out)], check=True)
    with wave.open(str(out)) as w:
        return np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16)


def voices_of(meeting: dict, synth: str) -> dict[str, str]:
    if synth == "espeak":
        return meeting["voices"]
    return {person: FLITE_VOICES[i] for i, person in enumerate(meeting["voices"])}


def main() -> None:
    synth = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--synth=")), "flite")
    if synth not in ("flite", "espeak"):
        sys.exit(f"--synth must be flite or espeak, not {synth!r}")
    spec = json.loads((HERE / "meetings.json").read_text())
    model_path = resolve_model("base", data_dir=ROOT / "worker" / ".data").path
    model = WhisperModel(str(model_path), device="cpu", compute_type="int8", cpu_threads=2)
    for meeting in spec["meetings"]:
        target = HERE / f"{meeting['name']}.transcript.json"
        # A transcript once made is kept: the benchmark's input stays the same from run to run.
        if target.exists() and "--again" not in sys.argv:
            continue
        voices = voices_of(meeting, synth)
        with tempfile.TemporaryDirectory() as tmp:
            pieces, turns, t = [], [], 0.0
            for i, (speaker, text) in enumerate(meeting["lines"]):
                audio = speak(synth, text, voices[speaker], Path(tmp) / f"{i}.wav")
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
        target.write_text(json.dumps(out, indent=2) + "\n")
        print(f"{meeting['name']}: {len(out)} segments, {t:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
