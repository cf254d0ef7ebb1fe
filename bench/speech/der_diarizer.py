"""The diarizer alone on bench/speech/der_parts.py's dumped conversations (issue 40 item 3): no recognition.

    flock /tmp/heavy.lock env OMP_NUM_THREADS=2 worker/.venv/bin/python bench/speech/der_diarizer.py DUMP NAME ... [--show]

For each ``DUMP/NAME.wav`` (and its ``.pkl``: reference turns, the recognised segments) the diarizer of this tree
runs on the file, and prints speakers ref / found, the DER without collar of its turns (missed / false alarm /
confusion) and of the dumped words labelled from those turns (``assign_speakers`` without the choice by voice in
overlap: within a point or two of the product's labels). ``--show``: seconds of speech alone of each cluster by true
speaker. Environment: ``SPLIT_BELOW``, ``SPLIT_GAP``, ``SPLIT_PIECE`` set those constants of speakers.py; ``NOSPLIT=1`` turns the
split of a local speaker by voice off (the diarizer as before).
"""

import pickle, sys, time, json, numpy as np
from pathlib import Path
HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1] / 'worker'), str(HERE), str(HERE.parents[1] / 'bench' / 'speech')]
from tests.bench import conversations as cv
from tests.bench.der import der
from scrivo_speech import speakers as sp
from scrivo_speech.transcriber import assign_speakers
import der_parts as dp
folder = Path(sys.argv[1]); names = sys.argv[2:]
diarizer = sp.default_diarizer(threads=2)
import os
for k in ('SPLIT_BELOW', 'SPLIT_GAP', 'SPLIT_PIECE'):
    if k in os.environ: setattr(sp, k, float(os.environ[k]))
if os.environ.get('NOSPLIT'): sp.SPLIT_LOCAL_SPEAKERS = False
if os.environ.get('SCRIVO_SPLIT_LOCAL_SPEAKERS') == '1' and not os.environ.get('NOSPLIT'): sp.SPLIT_LOCAL_SPEAKERS = True
print('split', sp.SPLIT_LOCAL_SPEAKERS, sp.SPLIT_BELOW, sp.SPLIT_GAP, sp.SPLIT_PIECE)
keep = {}
_link = sp.EmbeddingSession._link_tracks
def _keep(self):
    r = _link(self); keep['s'] = self; return r
sp.EmbeddingSession._link_tracks = _keep

from der_units import unit_truth
SHOW = '--show' in sys.argv
names = [n for n in names if n != '--show']
rows = []
for name in names:
    d = pickle.load(open(folder / f'{name}.pkl', 'rb'))
    samples = cv.read_audio(folder / f'{name}.wav')
    t = time.monotonic(); turns = sp.diarize(samples, diarizer); secs = time.monotonic() - t
    ref = d['reference']
    T = dp.parts(ref, [(a, b, f'T{s}') for a, b, s in turns])
    W = dp.parts(ref, cv.speaker_turns(cv.hypothesis_words({'segments': assign_speakers([dict(x) for x in d['segments']], turns)})))
    found = len({s for *_, s in turns})
    if SHOW:
        ss = keep['s']; st = {'windows': ss.windows, 'vectors': ss.vectors, 'solo': ss.solo}
        tr_ = unit_truth(st, ref); from collections import defaultdict
        tab = defaultdict(float)
        for u, (who, pur, solo) in tr_.items():
            tab[(ss.speaker_of.get(u), who)] += solo
        print(sorted(((k, round(v,1)) for k, v in tab.items()), key=str))
    print(f"{name:20s} spk {len({t[2] for t in ref})}/{found}  turns {T['missed']:.0%}/{T['falseAlarm']:.0%}/{T['confusion']:.0%}={T['der']:.1%}  words-from-turns {W['missed']:.0%}/{W['falseAlarm']:.0%}/{W['confusion']:.0%}={W['der']:.1%}  {secs:.1f}s", flush=True)
