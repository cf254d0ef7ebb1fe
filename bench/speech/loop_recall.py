"""A repetition loop forced on real speech, and what the worker keeps of it (issue 40, worker/tests/test_redecode.py).

The pyannote sample is transcribed plain, then with a prompt that makes Whisper base loop ("I was scared now." x30);
prints the recall of the plain transcript's words in the looped one, and the looped transcription's seconds.
WORKER_DIR is the worker to measure (this repository's by default, or a worktree's for a before/after):
    worker/.venv/bin/python bench/speech/loop_recall.py [WORKER_DIR]
"""

import json
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
worker = Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "worker"
sys.path.insert(0, str(worker))
sys.path.insert(1, str(REPO / "worker"))

from scrivo_speech.config import cpu_count  # noqa: E402
from scrivo_speech.models import resolve_model  # noqa: E402
from scrivo_speech.transcriber import Transcriber  # noqa: E402
from tests.bench.wer import normalize  # noqa: E402

LOOPING_PROMPT = "I was scared now. " * 30
model = resolve_model("base", REPO / "worker" / ".data", allow_download=False)
transcriber = Transcriber(model.path, threads=cpu_count())
call = str(REPO.parent / "shared" / "audio" / "pyannote-sample" / "sample.wav")
plain = transcriber.transcribe(call, language="en")["text"]
started = time.time()
looped = transcriber.transcribe(call, language="en", initial_prompt=LOOPING_PROMPT)["text"]
seconds = time.time() - started
# Counted here rather than imported from tests/ (test_redecode.recall): WORKER_DIR's tests/ come first on the path,
# and an older worktree's have no such helper.
said, heard = Counter(normalize(plain)), Counter(normalize(looped))
recall = sum(min(n, heard[w]) for w, n in said.items()) / max(1, sum(said.values()))
print(json.dumps({"worker": str(worker), "recallOfPlain": round(recall, 3), "seconds": round(seconds, 1), "looped": looped}))
