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
import sys
import tempfile
from pathlib import Path

from meeting_audio import HERE, PAUSE, RATE, speak, whisper_base, write_wav

# Four clearly different voices: a meeting has at most four people, and each needs a voice of their own.
FLITE_VOICES = ["slt", "rms", "awb", "kal16"]


def voices_of(meeting: dict, synth: str) -> dict[str, str]:
    if synth == "espeak":
        return meeting["voices"]
    return {person: FLITE_VOICES[i] for i, person in enumerate(meeting["voices"])}


def main() -> None:
    synth = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--synth=")), "flite")
    if synth not in ("flite", "espeak"):
        sys.exit(f"--synth must be flite or espeak, not {synth!r}")
    spec = json.loads((HERE / "meetings.json").read_text())
    model = whisper_base()
    for meeting in spec["meetings"]:
        target = HERE / f"{meeting['name']}.transcript.json"
        # A transcript once made is kept: the benchmark's input stays the same from run to run.
        if target.exists() and "--again" not in sys.argv:
            continue
        voices = voices_of(meeting, synth)
        with tempfile.TemporaryDirectory() as tmp:
            pieces, turns, t = [], [], 0.0
            for i, (speaker, text) in enumerate(meeting["lines"]):
                audio = speak(synth, voices[speaker], text, Path(tmp) / f"{i}.wav")
                turns.append((t, t + len(audio) / RATE, speaker))
                pieces += [audio, PAUSE]
                t += (len(audio) + len(PAUSE)) / RATE
            path = Path(tmp) / "meeting.wav"
            write_wav(pieces, path)
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
