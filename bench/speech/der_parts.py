"""Where the conversation set's DER comes from (issue 26): missed speech, false alarm and speaker confusion apart.

    flock /work/wt/heavy.lock env OMP_NUM_THREADS=2 worker/.venv/bin/python bench/speech/der_parts.py [--only NAME ...]

The conversations of bench/speech/conversations.py (same specs, same seeds). For each one the worker runs as
``/asr?diarize=1`` does (``Transcriber.transcribe(file, diarize=True)``) and the script keeps what happened inside:
the diarizer's turns (what ``assign_speakers`` was given) and the recognised segments before they were labelled.
DER without collar, split into missed / false alarm / confusion (each a share of the reference speech), for:

- words now: the transcript's words, each word's span under its speaker (as the bench scores the product);
- diarizer turns: the diarizer's own turns (they may overlap), before any word is labelled;
- words, per word from turns: each word given the speaker of the turns that cover most of it, the earlier turn on a
  tie (what ``assign_speakers`` did before it chose by voice in overlap);
- words to the right speaker: share of the words' time (words matched to a reference word) given to the right
  person, all words and the words someone else talks over, for the turns alone (``assign_speakers`` without the
  choice by voice in overlap) and for the worker as it is;
- words, true speaker: each word given its true speaker (the reference word it matches, else the reference turn that
  covers most of it): the floor of any word-based hypothesis with these words.

Also: the reference speech with no recognised word at all (joined as the bench joins words: gaps < 0.5 s) and the
share of reference speech that is overlapped (two or more people). Everything is dumped to ``--out`` (a pickle per
conversation: reference, segments, turns, result) for experiments that need no new decoding.
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import sys
import time
from pathlib import Path
from typing import Any, Dict, List, Optional, Sequence, Tuple

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(REPO / "worker"))
sys.path.insert(0, str(HERE))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

import numpy as np  # noqa: E402

from conversations import SET, USERS  # noqa: E402
from tests.bench import conversations as cv  # noqa: E402
from tests.bench.der import der  # noqa: E402

Turn = Tuple[float, float, str]

# Not the bench's set: the choice by voice in overlap (speakers.speakers_in_overlap) was picked on SET, so it is checked
# on these too.
HELD_OUT = [
    cv.Spec("two-people", seed=101, speakers=2, seconds=40, overlap=0.15, backchannels=5, bursts=4),  # test_conversations.py
    cv.Spec("2p-seed-301", seed=301, speakers=2, seconds=40, overlap=0.2, backchannels=5),
    cv.Spec("2p-seed-302", seed=302, speakers=2, seconds=40, overlap=0.3, backchannels=5),
    cv.Spec("3p-seed-303", seed=303, speakers=3, seconds=45, overlap=0.2),
    cv.Spec("4p-seed-304", seed=304, speakers=4, seconds=50, overlap=0.2, backchannels=6),
]


def parts(reference: Sequence[Turn], hypothesis: Sequence[Turn]) -> Dict[str, float]:
    d = der(reference, hypothesis, collar=0.0)
    total = max(d["total"], 1e-9)
    return {"der": d["der"], "missed": d["missed"] / total, "falseAlarm": d["falseAlarm"] / total,
            "confusion": d["confusion"] / total}


def grid(turns: Sequence[Turn], frames: int) -> np.ndarray:
    g = np.zeros(frames, dtype=np.int32)
    for a, b, _s in turns:
        g[int(round(a * 100)) : int(round(b * 100))] += 1
    return g


def words_of(segments: Sequence[Dict[str, Any]]) -> List[cv.HypWord]:
    return cv.hypothesis_words({"segments": segments})


def per_word(words: Sequence[cv.HypWord], turns: Sequence[Tuple[float, float, int]]) -> List[cv.HypWord]:
    out: List[cv.HypWord] = []
    for a, b, text, _s in words:
        votes: Dict[int, float] = {}
        for ta, tb, s in turns:
            if ta < max(b, a + 0.02) and tb > a:
                votes[s] = votes.get(s, 0.0) + min(tb, max(b, a + 0.02)) - max(ta, a)
        speaker = f"T{max(votes, key=votes.__getitem__)}" if votes else (out[-1][3] if out else "T?")
        out.append((a, b, text, speaker))
    return out


def true_speaker(conversation: cv.Conversation, words: Sequence[cv.HypWord]) -> List[cv.HypWord]:
    """Each word given the speaker of the reference word it matches (:func:`cv.who_said`), else of the reference turn
    covering most of it, else of the nearest turn."""
    turns = conversation.turns()
    out: List[cv.HypWord] = []
    for (a, b, text, _s), said in zip(words, cv.who_said(conversation, words)):
        if said is not None:
            out.append((a, b, text, said[0]))
            continue
        votes: Dict[str, float] = {}
        for ta, tb, s in turns:
            if ta < b and tb > a:
                votes[s] = votes.get(s, 0.0) + min(tb, b) - max(ta, a)
        name = max(votes, key=votes.__getitem__) if votes else min(turns, key=lambda t: max(t[0] - b, a - t[1], 0.0))[2]
        out.append((a, b, text, name))
    return out


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--audio", default=str(REPO.parent / "shared" / "audio"))
    parser.add_argument("--data-dir", default=str(REPO / "worker" / ".data"))
    parser.add_argument("--only", nargs="*")
    parser.add_argument("--held-out", action="store_true",
                        help="conversations the overlap rule was not chosen on (new seeds, and tests/test_conversations.py's two-people)")
    parser.add_argument("--set", choices=["first", "users"], default="first",
                        help="users: bench/speech/conversations.py's USERS (issue 40), built from the words in --heard")
    parser.add_argument("--heard", default="/tmp/conversations/heard",
                        help="with --set users: the bare call's words per reader, remembered (cv.remembered)")
    parser.add_argument("--out", default="/tmp/der-parts")
    args = parser.parse_args()

    from faster_whisper import WhisperModel

    from scrivo_speech import transcriber as tr
    from scrivo_speech.models import resolve_model

    seen: Dict[str, Any] = {}
    assign = tr.assign_speakers

    def spy(segments: List[Dict[str, Any]], turns: List[Any], *rest: Any) -> List[Dict[str, Any]]:
        seen["segments"] = [dict(s) for s in segments]
        seen["turns"] = list(turns)
        seen["inOverlap"] = dict(rest[1]) if len(rest) > 1 and rest[1] else {}
        return assign(segments, turns, *rest)

    tr.assign_speakers = spy  # type: ignore[assignment]

    # The diarizer's own state (units, their embeddings and speech alone, windows) kept for re-clustering offline.
    from scrivo_speech import speakers as sp

    link = sp.EmbeddingSession._link_tracks

    def keep_state(session: Any) -> Dict[int, int]:
        seen["session"] = {"vectors": dict(session.vectors), "solo": dict(session.solo),
                           "cannotLink": set(session.cannot_link), "windows": list(session.windows),
                           "received": session.received}
        return link(session)

    sp.EmbeddingSession._link_tracks = keep_state  # type: ignore[method-assign]
    model = resolve_model("base", Path(args.data_dir), allow_download=False)
    hear = cv.bare_engine(WhisperModel(str(model.path), device="cpu", compute_type="int8", cpu_threads=2))
    worker = tr.Transcriber(model.path, threads=2)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rows = []
    sources = cv.remembered(hear, Path(args.heard)) if args.set == "users" else hear
    for spec in HELD_OUT if args.held_out else USERS if args.set == "users" else SET:
        if args.only and spec.name not in args.only:
            continue
        if spec.blocks:
            continue  # the 30-minute file: not here
        conversation = cv.build(Path(args.audio), spec, sources)
        path = cv.write_wav(out / f"{spec.name}.wav", conversation.samples)
        seen.clear()
        t = time.monotonic()
        result = worker.transcribe(str(path), diarize=True)
        seconds = time.monotonic() - t
        reference = conversation.turns()
        now = cv.hypothesis_words(result)
        before = words_of(seen["segments"])
        turns = [(a, b, f"T{s}") for a, b, s in seen["turns"]]
        frames = int(len(conversation.samples) / cv.SAMPLE_RATE * 100) + 2
        ref = grid(reference, frames)
        heard = grid(cv.speaker_turns([(a, b, x, "one") for a, b, x, _s in now]), frames) > 0
        speech = float((ref > 0).sum())
        row = {
            "name": spec.name,
            "seconds": round(len(conversation.samples) / cv.SAMPLE_RATE, 1),
            "speakers": spec.speakers,
            "found": len({w[3] for w in now}),
            "referenceSpeech": round(float(ref.sum()) / 100, 1),
            "overlap": round(float((ref > 1).sum()) / max(speech, 1), 3),
            "overlapOfReference": round(float(ref[ref > 1].sum()) / max(float(ref.sum()), 1), 3),
            "noWord": round(float(ref[~heard[: len(ref)]].sum()) / max(float(ref.sum()), 1), 3),
            "wordsNow": parts(reference, cv.speaker_turns(now)),
            "diarizerTurns": parts(reference, turns),
            "wordsPerWord": parts(reference, cv.speaker_turns(per_word(before, seen["turns"]))),
            "wordsTrueSpeaker": parts(reference, cv.speaker_turns(true_speaker(conversation, now))),
            # Who said each word: the product's labels, and the turns' alone (no choice by voice in overlap).
            "rightSpeaker": cv.right_speaker_share(conversation, now),
            "rightSpeakerTurnsOnly": cv.right_speaker_share(
                conversation, cv.hypothesis_words({"segments": assign([dict(x) for x in seen["segments"]], seen["turns"])})
            ),
            "workerSeconds": round(seconds, 1),
        }
        print(json.dumps(row), flush=True)
        rows.append(row)
        with open(out / f"{spec.name}.pkl", "wb") as f:
            pickle.dump({"spec": spec, "placed": conversation.placed, "reference": reference, "segments": seen["segments"],
                         "turns": seen["turns"], "inOverlap": seen["inOverlap"], "result": result,
                         "session": seen.get("session"), "words": conversation.words}, f)

    def cell(p: Dict[str, float]) -> str:
        return f"{p['missed']:.0%} / {p['falseAlarm']:.0%} / {p['confusion']:.0%} = **{p['der']:.0%}**"

    print("\n| conversation | ref speech s | overlapped (of ref speech) | no word at all | words now: missed / FA / confusion = DER "
          "| diarizer turns | words, per word from turns | words, true speaker (floor) | speakers ref / found "
          "| words to the right speaker, all / talked over: turns alone -> worker |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(f"| {r['name']} | {r['referenceSpeech']} | {r['overlapOfReference']:.0%} | {r['noWord']:.0%} | {cell(r['wordsNow'])} | "
              f"{cell(r['diarizerTurns'])} | {cell(r['wordsPerWord'])} | {cell(r['wordsTrueSpeaker'])} | {r['speakers']} / {r['found']} | "
              f"{r['rightSpeakerTurnsOnly']['all']:.0%} / {r['rightSpeakerTurnsOnly']['overlapped']:.0%} -> "
              f"{r['rightSpeaker']['all']:.0%} / {r['rightSpeaker']['overlapped']:.0%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
