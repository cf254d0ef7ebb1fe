"""The correction after decoding (worker/scrivo_speech/term_correction.py) applied to the plain decodes that
bench/vocabulary/dump_plain.py wrote: term recall by half, insertions by half (and on the voices beyond the bench's
60), WER on the six reference clips, and the correction's own time. No model is loaded (only its tokenizer), so
thresholds can be tried in seconds; the decode is the same one the worker makes with SCRIVO_TERMS=correct (the
decoder is not given the terms).

  worker/.venv/bin/python bench/vocabulary/correct_offline.py plain.json
"""
import json, sys, time
from pathlib import Path
HERE = Path(__file__).resolve()
sys.path[:0] = [str(HERE.parents[2] / "worker"), str(HERE.parents[2]), str(HERE.parent)]
from scrivo_speech import term_correction as tc
import run as R
from bench.wer import wer, normalize
from tokenizers import Tokenizer
from scrivo_speech.models import resolve_model
tok = Tokenizer.from_file(str(resolve_model("base", HERE.parents[2] / "worker" / ".data", allow_download=False).path / "tokenizer.json"))
common = tc.everyday_words(tok.get_vocab())
d = json.load(open(sys.argv[1]))
for mode in ("correct", "correct-sounds"):
    gl = R.ways(", ".join(R.TERMS))[mode]["hotwords"]
    terms = tc.terms_of(gl)
    spent = 0.0
    def text(segs):
        global spent
        t0 = time.perf_counter(); out = " ".join(tc.correct(s, terms, common)["text"] for s in segs).strip(); spent += time.perf_counter() - t0
        return out
    plain = lambda segs: " ".join(s["text"] for s in segs).strip()
    found = {"tune": [0, 0, 0], "check": [0, 0, 0]}; wrong = []
    for s in d["sentences"]:
        h = R.half_of(s["i"]); t = text(s["segments"]); p = plain(s["segments"])
        found[h][0] += sum(x in p for x in s["said"]); found[h][1] += sum(x in t for x in s["said"]); found[h][2] += len(s["said"])
        wrong += [x for x in R.TERMS if x in t and x not in s["said"]]
    ins = {"tune": [], "check": [], "beyond": []}; secs = {"tune": 0.0, "check": 0.0, "beyond": 0.0}; changed = 0; words = 0
    for v in d["voices"]:
        h = "beyond" if v["k"] >= 60 else R.half_of(v["k"]); t = text(v["segments"]); p = plain(v["segments"])
        secs[h] += v["duration"]
        ins[h] += [f"{x} in {v['name']}" for x in R.TERMS if x in t and x not in p]
        if v["k"] < 60:
            changed += round(wer(p, t) * max(1, len(normalize(p)))); words += len(normalize(p))
    w0 = [wer(r["ref"], plain(r["segments"])) for r in d["refs"]]; w1 = [wer(r["ref"], text(r["segments"])) for r in d["refs"]]
    n = {h: v[2] for h, v in found.items()}
    print(mode, "recall without", {h: round(v[0] / v[2], 3) for h, v in found.items()}, "all", round(sum(v[0] for v in found.values()) / 50, 3))
    print(mode, "recall with", {h: round(v[1] / v[2], 3) for h, v in found.items()}, "all", round(sum(v[1] for v in found.values()) / 50, 3), n)
    print(mode, "wrong terms in term sentences", wrong)
    print(mode, "insertions", {h: (len(v), round(secs[h] / 60, 1), round(len(v) / (secs[h] / 600), 2)) for h, v in ins.items()}, ins)
    b60 = len(ins["tune"]) + len(ins["check"]); m60 = (secs["tune"] + secs["check"]) / 60
    print(mode, f"bench 60 voices: {b60} in {m60:.1f} min = {b60 / (m60 / 10):.2f}/10min; words changed {changed}/{words}")
    print(mode, "WER", round(100 * sum(w0) / len(w0), 2), "->", round(100 * sum(w1) / len(w1), 2))
    print(mode, f"correction time {spent:.2f} s for {len(d['sentences']) + len(d['voices']) + len(d['refs'])} clips, {sum(secs.values())/60:.1f} min of read speech")
