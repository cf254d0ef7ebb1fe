"""Each embedded unit's true speaker (bench/speech/der_diarizer.py --show): the reference speaker in most of the
unit's speech-alone frames, the share of its frames that speaker has, and its seconds alone."""

import numpy as np

from scrivo_speech import diarize as dz


def unit_truth(st, ref):
    truth = {}
    for w in st['windows']:
        alone = w.act & (w.act.sum(axis=1, keepdims=True) == 1)
        for i, u in enumerate(w.tracks):
            if u < 0 or u not in st['vectors']: continue
            fr = np.flatnonzero(alone[:, i]); votes = {}
            for f in fr:
                t = dz.frame_start(w.frame0 + f) + 0.03
                for a,b,s in ref:
                    if a <= t < b: votes[s] = votes.get(s,0)+1
            tot = len(fr)
            best = max(votes, key=votes.get) if votes else None
            truth[u] = (best, votes.get(best,0)/max(tot,1), round(st['solo'][u],1))
    return truth
