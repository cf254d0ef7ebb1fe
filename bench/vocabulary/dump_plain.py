"""Plain decodes (no glossary) of the vocabulary bench's clips, with their words, for tuning and checking the
correction after decoding without the model (bench/vocabulary/correct_offline.py). Heavy: run under the lock.

  flock /tmp/heavy.lock worker/.venv/bin/python bench/vocabulary/dump_plain.py 254 plain.json

Voices past the bench's first 60 ("beyond") are more read speech for insertions, in neither half.
"""
import json, sys, tempfile
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import run as R
from scrivo_speech.models import resolve_model
from scrivo_speech.config import cpu_count
from scrivo_speech.transcriber import Transcriber
model = resolve_model("base", R.ROOT / "worker" / ".data", allow_download=False)
t = Transcriber(model.path, threads=cpu_count())
out = {"sentences": [], "voices": [], "refs": []}
with tempfile.TemporaryDirectory() as tmp:
    for i, (text, said) in enumerate(R.sentences()):
        clip = R.speak(text, R.VOICES[i % len(R.VOICES)], Path(tmp), f"s{i}")
        r = t.transcribe(str(clip), language="en")
        out["sentences"].append({"i": i, "said": said, "text": text, "segments": r["segments"]})
voices = sorted((R.AUDIO / "librispeech-voices").glob("*.flac"))
for k, clip in enumerate(voices[: int(sys.argv[1])]):
    r = t.transcribe(str(clip), language="en")
    out["voices"].append({"k": k, "name": clip.name, "duration": r["duration"], "segments": r["segments"]})
refs = dict(R.REFERENCES)
for line in (R.AUDIO / "librispeech-sherpa" / "trans.txt").read_text().splitlines():
    if line.strip():
        key, text = line.split(maxsplit=1)
        refs[f"librispeech-sherpa/{key}.wav"] = text
for name, ref in refs.items():
    r = t.transcribe(str(R.AUDIO / name), language="en")
    out["refs"].append({"name": name, "ref": ref, "segments": r["segments"]})
Path(sys.argv[2]).write_text(json.dumps(out))
print("done")
