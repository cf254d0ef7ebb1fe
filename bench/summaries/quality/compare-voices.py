"""Which synthetic voices Whisper base (the worker's model) hears best: speaks whole meetings of meetings.json in
one voice each and counts the script's words, and the reference's keywords and owners, that the transcript holds.

Run with the speech worker's Python, from the repository root:
  worker/.venv/bin/python bench/summaries/quality/compare-voices.py \\
    espeak:meeting,flite:slt,flite:rms,festival:kal_diphone product-launch,office-move,support-backlog
(engine:voice; espeak:meeting speaks each person in the meeting's own espeak-ng voice.)
Needs the Debian packages of the engines compared: espeak-ng, flite, festival with its festvox voices; and sox.
"""
import json
import re
import sys
import tempfile
from pathlib import Path

from meeting_audio import HERE, PAUSE, speak, whisper_base, write_wav


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def main() -> None:
    candidates, names = sys.argv[1].split(","), sys.argv[2].split(",")
    spec = json.loads((HERE / "meetings.json").read_text())
    model = whisper_base()
    for candidate in candidates:
        engine, voice = candidate.split(":")
        said = heard_words = keywords = heard_keywords = 0
        missed = []
        for meeting in (m for m in spec["meetings"] if m["name"] in names):
            with tempfile.TemporaryDirectory() as tmp:
                pieces = []
                for i, (person, text) in enumerate(meeting["lines"]):
                    own = meeting["voices"][person] if voice == "meeting" else voice
                    pieces += [speak(engine, own, text, Path(tmp) / f"{i}.wav"), PAUSE]
                path = Path(tmp) / "meeting.wav"
                write_wav(pieces, path)
                segments, _ = model.transcribe(str(path), language="en", beam_size=5)
                heard = " ".join(s.text for s in segments).lower()
            vocabulary = set(words(heard))
            for _, text in meeting["lines"]:
                for word in words(text):
                    said += 1
                    heard_words += word in vocabulary
            for item in meeting["reference"]["decisions"] + meeting["reference"]["actions"]:
                # An owner is counted too, though most meetings never say the name of who takes a task.
                for keyword in item["keywords"] + ([item["owner"]] if "owner" in item else []):
                    alternatives = keyword if isinstance(keyword, list) else [keyword]
                    keywords += 1
                    if any(a.lower() in heard for a in alternatives):
                        heard_keywords += 1
                    else:
                        missed.append(alternatives[0])
        print(f"{candidate}: script words heard {heard_words}/{said} ({100 * heard_words / said:.1f}%), "
              f"reference keywords and owners {heard_keywords}/{keywords}, missed {missed}", flush=True)


if __name__ == "__main__":
    main()
