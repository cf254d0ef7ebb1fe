"""Remembered voices (issue 40 item 5): a person's voice print, made once from their speech in one recording, and
the rule that gives a later recording's speakers the names of the remembered voices they match.

A voice print is the unit-length mean of CAM++ embeddings (the diarizer's own, so prints and a recording's speakers
are comparable) of at most PIECE_SECONDS of that person's speech each. A recording's speaker is compared through
the voice prints behind its label (:func:`speakers.profiles`: one embedding per window's local speaker, weighted by
its seconds of speech alone).

Voice prints are biometric data: the worker keeps none, it only answers them to the caller who asked.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Sequence, Tuple

import numpy as np

from . import diarize as diarize_mod
from .speakers import EMBED_SECONDS, most_alike_pairs

# Less speech than this says too little about a voice to name anyone with it later.
PRINT_MIN_SECONDS = 3.0
# More adds little to the mean and costs an embedding per PIECE_SECONDS.
PRINT_MAX_SECONDS = 60.0
PIECE_SECONDS = EMBED_SECONDS
MIN_PIECE_SECONDS = 1.0  # a shorter stretch of speech says too little about a voice (it is left out)
# Cosine similarity between a remembered voice and a recording's speaker above which they are one person. Chosen on
# bench/speakers/remembered_voices.py's development recordings (enrolled readers against other readers), with the
# prints given to the diarizer's clustering as the API gives them (0.75 without: anchored labels hold a stranger less
# often, so a lower bar names no more strangers there): see bench/README.md, "Remembered voices". Kept on 2026-12-07
# with the local speakers split where a print says they hold two people (dev tied from 0.65 to 0.75).
SAME_PERSON = 0.70
# A speaker with less speech alone behind its label is never named: its voice print is too noisy to tell.
MIN_NAMED_SECONDS = 2.0


class TooLittleSpeech(ValueError):
    """The spans hold less than PRINT_MIN_SECONDS of speech to make a voice print from."""


def voice_print(pieces: Sequence[np.ndarray], embedder: Callable[[np.ndarray], np.ndarray]) -> Tuple[np.ndarray, float]:
    """The voice print of one person from their speech (``pieces``: 16 kHz audio, one per span): each piece cut into
    stretches of at most PIECE_SECONDS, those of MIN_PIECE_SECONDS or more embedded, the embeddings averaged
    (weighted by their length) to unit length; with the seconds of speech behind it. At most PRINT_MAX_SECONDS are
    used, longest pieces first. Raises :class:`TooLittleSpeech` under PRINT_MIN_SECONDS."""
    rate = diarize_mod.SAMPLE_RATE
    size, least = int(PIECE_SECONDS * rate), int(MIN_PIECE_SECONDS * rate)
    stretches = [piece[i : i + size] for piece in pieces for i in range(0, len(piece), size)]
    stretches = sorted((s for s in stretches if len(s) >= least), key=len, reverse=True)
    chosen: List[np.ndarray] = []
    seconds = 0.0
    for stretch in stretches:
        if seconds >= PRINT_MAX_SECONDS:
            break
        chosen.append(stretch)
        seconds += len(stretch) / rate
    if seconds < PRINT_MIN_SECONDS:
        raise TooLittleSpeech(
            f"{seconds:.1f} s of speech in stretches of {MIN_PIECE_SECONDS:.0f} s or more; a voice print needs at least "
            f"{PRINT_MIN_SECONDS:.0f} s"
        )
    total = np.sum([embedder(s) * (len(s) / rate) for s in chosen], axis=0)
    return total / max(float(np.linalg.norm(total)), 1e-12), seconds


def speaker_voices(profiles: Dict[str, Any]) -> Dict[str, Tuple[np.ndarray, float]]:
    """Each label's voice in one recording's profiles (:func:`speakers.profiles`): its tracks' embeddings weighted by
    their seconds of speech alone, at unit length, with those seconds."""
    sums: Dict[str, np.ndarray] = {}
    seconds: Dict[str, float] = {}
    for track in profiles["tracks"]:
        vector = np.asarray(track["embedding"], dtype=np.float64)
        vector = vector / max(float(np.linalg.norm(vector)), 1e-12)
        weight = max(float(track["seconds"]), 1e-3)
        label = track["speaker"]
        sums[label] = sums.get(label, 0.0) + vector * weight
        seconds[label] = seconds.get(label, 0.0) + float(track["seconds"])
    return {label: (v / max(float(np.linalg.norm(v)), 1e-12), seconds[label]) for label, v in sums.items()}


def name_speakers(
    profiles: Dict[str, Any],
    voices: Sequence[Tuple[str, Sequence[float]]],
    threshold: float = SAME_PERSON,
    min_seconds: float = MIN_NAMED_SECONDS,
) -> Dict[str, str]:
    """Label -> id of the remembered voice it is, for the labels that are one: greedy on cosine similarity, most
    alike pair first, above ``threshold`` only; a label gets one voice at most and a voice one label at most (one
    person is not two speakers of one recording, and two speakers are not one remembered person). Labels with less
    than ``min_seconds`` of speech alone behind them are not named."""
    heard = {label: v for label, (v, s) in speaker_voices(profiles).items() if s >= min_seconds}
    if not heard or not voices:
        return {}
    labels = list(heard)
    prints = np.stack([np.asarray(v, dtype=np.float64) for _id, v in voices])
    prints = prints / np.maximum(np.linalg.norm(prints, axis=1, keepdims=True), 1e-12)
    sim = np.stack([heard[label] for label in labels]) @ prints.T
    return {labels[row]: voices[column][0] for row, column in most_alike_pairs(sim, threshold)}
