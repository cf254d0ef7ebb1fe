"""Speech recognition with faster-whisper, producing Scrivo's canonical transcript shape.

:meth:`Transcriber.events` yields the same objects that ``POST /transcribe`` streams as NDJSON:

* ``{"type": "info", "language", "languageProbability", "duration"}`` once, first;
* ``{"type": "progress", "progress", "segment"}`` after each segment;
* ``{"type": "result", "text", "language", "languageProbability", "duration", "segments", "chunks"}`` last.

With ``diarize=True`` every segment of the result carries ``"speaker"`` ("Speaker 1", "Speaker 2"…
in order of first appearance; see :mod:`diarize`); progress segments never do, because speakers
are only known once the whole recording has been heard. Without it ``speaker`` is ``None``.
With it the result also carries ``speakerTimeline``: who speaks when, two people at once included, under the
segments' labels (:mod:`timeline`).
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any, BinaryIO, Callable, Dict, Generator, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import audio as audio_mod
from . import decoding, guards, metrics, redecode, term_correction
from . import diarize as diarize_mod
from . import speakers as speakers_mod
from .engine import LANGUAGE_CODES, Engine, Segment, WhisperSpec, load_model
from .timeline import speaker_timeline

__all__ = ["LANGUAGE_CODES", "TASKS", "Cancelled", "Transcriber", "assign_speakers", "segment_dict"]

TASKS = ("transcribe", "translate")


class Cancelled(Exception):
    """The caller asked :meth:`Transcriber.events` to stop (``should_stop``)."""

DEFAULT_WINDOW_SECONDS = 300.0
DEFAULT_BEAM_SIZE = 1  # greedy; a chunk whose decoding stops early has its rest decoded again (decoding._unheard)
DEFAULT_BATCH_SIZE = 8
# The threads are shared between copies of the model (CTranslate2 replicas; the weights are loaded once), and
# each batch of chunks is split between them (decoding._in_parallel). Greedy decoding of a small batch kept two
# intra-op threads only 1.3x busy: on 2 cores, two 1-thread replicas generated a batch of 6 in 2.4-2.5 s
# against 3.2-3.6 s for one 2-thread model (bench/README.md, "Speed").
MODEL_REPLICAS = 2
# How a request's glossary (``hotwords``) is used: "hotwords" gives it to the decoder of every chunk (Whisper's
# hotwords), "correct" decodes without it and writes a term where the words heard are spelt or sound close to it
# (term_correction), "both" does the two. SCRIVO_TERMS chooses; bench/README.md, "Custom vocabulary", has them
# measured.
TERM_METHODS = ("hotwords", "correct", "both")
DEFAULT_TERM_METHOD = "hotwords"


def _r(value: float) -> float:
    return round(float(value), 3)


def assign_speakers(
    segments: List[Dict[str, Any]],
    turns: List[diarize_mod.Turn],
    labels: Optional[Dict[int, str]] = None,
    in_overlap: Optional[Dict[Tuple[float, float], int]] = None,
) -> List[Dict[str, Any]]:
    """Segments with ``speaker`` set from the diarized ``turns``.

    Each word gets the speaker whose turns overlap it most (a word no turn overlaps keeps the
    previous word's speaker). A segment whose words change speaker is split there, so one segment
    has one speaker; a segment without words gets the speaker overlapping its span most, or the
    nearest turn. Labels are "Speaker N", numbered by first appearance. No turns: ``None``.
    ``labels``, when given, is filled with turn speaker -> label (in order of first appearance).
    ``in_overlap`` gives the speaker of words said while two people talk at once, by (start, end)
    (:func:`speakers.speakers_in_overlap`): there the turns cannot tell which of the two said it.
    """
    if not turns:
        return [dict(segment, speaker=None) for segment in segments]

    def best(start: float, end: float) -> Optional[int]:
        votes: Dict[int, float] = {}
        for a, b, speaker in turns:
            if a < end and b > start:
                votes[speaker] = votes.get(speaker, 0.0) + min(b, end) - max(a, start)
        return max(votes, key=votes.__getitem__) if votes else None

    def nearest(start: float, end: float) -> int:
        return min(turns, key=lambda t: max(t[0] - end, start - t[1], 0.0))[2]

    if labels is None:
        labels = {}
    chosen = in_overlap or {}

    def of_word(word: Dict[str, Any]) -> Optional[int]:
        key = (float(word["start"]), float(word["end"]))
        return chosen[key] if key in chosen else best(word["start"], max(word["end"], word["start"] + 0.02))

    def label(speaker: int) -> str:
        if speaker not in labels:
            labels[speaker] = f"Speaker {len(labels) + 1}"
        return labels[speaker]

    out: List[Dict[str, Any]] = []
    for segment in segments:
        words = segment["words"]
        if not words:
            speaker = best(segment["start"], segment["end"])
            if speaker is None:
                speaker = nearest(segment["start"], segment["end"])
            out.append(dict(segment, speaker=label(speaker)))
            continue
        found = [of_word(w) for w in words]
        if all(f is None for f in found):
            found = [nearest(segment["start"], segment["end"])] * len(words)
        speaker_of: List[int] = []  # gaps take the previous word's speaker (the next one at the start)
        for i, known in enumerate(found):
            speaker_of.append(known if known is not None else speaker_of[i - 1] if i else next(f for f in found if f is not None))
        # Runs of words with one speaker; cut the text where each run's first word is found.
        runs: List[Tuple[int, int]] = []  # (first word index, speaker)
        for i, speaker in enumerate(speaker_of):
            if not runs or runs[-1][1] != speaker:
                runs.append((i, speaker))
        text = segment["text"]
        cuts: List[int] = []
        cursor = 0
        for i, w in enumerate(words):
            at = text.find(w["text"], cursor)
            if at < 0:
                cuts = []
                break
            cuts.append(at)
            cursor = at + len(w["text"])
        if len(runs) == 1 or not cuts:
            votes: Dict[int, float] = {}
            for w, speaker in zip(words, speaker_of):
                votes[speaker] = votes.get(speaker, 0.0) + max(w["end"] - w["start"], 0.02)
            out.append(dict(segment, speaker=label(max(votes, key=votes.__getitem__))))
            continue
        for k, (first, speaker) in enumerate(runs):
            last = runs[k + 1][0] if k + 1 < len(runs) else len(words)
            piece_words = words[first:last]
            a = cuts[first] if k else 0
            b = cuts[last] if last < len(words) else len(text)
            out.append(
                dict(
                    segment,
                    start=segment["start"] if k == 0 else piece_words[0]["start"],
                    end=segment["end"] if last == len(words) else piece_words[-1]["end"],
                    text=text[a:b].strip(),
                    speaker=label(speaker),
                    words=piece_words,
                )
            )
    return out


def _main_language(
    segments: List[Dict[str, Any]], given: Optional[str], first: List[Tuple[str, float]]
) -> Tuple[str, float]:
    """The recording's language: the one spoken longest (the given one when fixed), with the share
    of speech time in it as its probability."""
    if given is not None:
        return given, 1.0
    spoken: Dict[str, float] = {}
    for s in segments:
        spoken[s["language"]] = spoken.get(s["language"], 0.0) + max(s["end"] - s["start"], 0.0)
    total = sum(spoken.values())
    if not total:
        return (first[0][0], 0.0) if first else ("en", 0.0)
    code = max(spoken, key=spoken.__getitem__)
    return code, spoken[code] / total


def segment_dict(segment: Segment, offset: float = 0.0) -> Dict[str, Any]:
    words = []
    for word in segment.words or ():
        text = word.word.strip()
        if not text:
            continue
        words.append(
            {
                "start": _r(word.start + offset),
                "end": _r(word.end + offset),
                "text": text,
                "probability": _r(word.probability),
            }
        )
    return {
        "start": _r(segment.start + offset),
        "end": _r(segment.end + offset),
        "text": segment.text.strip(),
        "speaker": None,
        "words": words,
    }


def _guarded(item: decoding.Decoded, offset: float) -> Optional[Dict[str, Any]]:
    """The item's segment as the transcript shows it, or None when the guards leave it out (logged and counted:
    decoding has already given any stretch the first pass lost a second decode, so a drop here is final)."""
    piece = item.segment
    assert piece is not None, "the language announcement has no segment to show"
    # Loops first: a looped phrase's later copies look confident and would hide that the
    # first one was a guess on noise.
    segment = guards.remove_loops(segment_dict(piece, offset))
    reason = guards.verdict(segment, piece.avg_logprob, piece.no_speech_prob)
    if reason is not None:
        metrics.dropped(reason, segment["start"], segment["end"], segment["text"], item.second is not None)
        return None
    segment["language"] = item.language
    segment["confidence"] = _r(guards.confidence(segment, piece.avg_logprob))
    segment["lowConfidence"] = guards.is_low_confidence(segment, piece.avg_logprob)
    return segment


class Transcriber:
    """Holds one loaded model. Not thread-safe by design: callers serialise with :attr:`lock`."""

    def __init__(
        self,
        model_path: Union[str, Path],
        threads: Optional[int] = None,
        compute_type: str = "int8",
        window_seconds: float = DEFAULT_WINDOW_SECONDS,
        beam_size: int = DEFAULT_BEAM_SIZE,
        batch_size: int = DEFAULT_BATCH_SIZE,
    ):
        self.model_path = str(model_path)
        self.threads = threads or os.cpu_count() or 1
        self.compute_type = compute_type
        self.window_seconds = window_seconds
        self.beam_size = beam_size
        self.batch_size = batch_size
        replicas = max(1, min(MODEL_REPLICAS, self.threads))
        self.model: Engine = load_model(
            WhisperSpec(self.model_path, cpu_threads=max(1, self.threads // replicas), replicas=replicas, compute_type=compute_type)
        )
        self.multilingual = bool(self.model.model.is_multilingual)
        # Built here, once: every request decodes with the same options.
        self.decode_options = decoding.DecodeOptions.build(self.model, beam_size)
        self.lock = threading.Lock()
        self._diarizer: Optional[speakers_mod.Diarizer] = None
        self.term_method = os.environ.get("SCRIVO_TERMS", "") or DEFAULT_TERM_METHOD
        if self.term_method not in TERM_METHODS:
            raise ValueError(f"SCRIVO_TERMS must be one of {', '.join(TERM_METHODS)}")
        self._everyday: Optional[Callable[[str], bool]] = None

    @property
    def everyday(self) -> Callable[[str], bool]:
        """Whether a word is an everyday word, by the model's own vocabulary (term_correction.everyday_words)."""
        if self._everyday is None:
            self._everyday = term_correction.everyday_words(self.model.hf_tokenizer.get_vocab())
        return self._everyday

    @property
    def diarizer(self) -> speakers_mod.Diarizer:
        """Speaker segmentation + CAM++ embeddings, loaded on first use (~30 MB, well under 1 s)."""
        if self._diarizer is None:
            self._diarizer = speakers_mod.default_diarizer(threads=self.threads)
        return self._diarizer

    def events(
        self,
        path: Union[str, Path, BinaryIO],
        language: Optional[str] = None,
        task: str = "transcribe",
        vad: bool = True,
        duration: Optional[float] = None,
        diarize: bool = False,
        num_speakers: Optional[int] = None,
        speaker_bounds: Optional[speakers_mod.SpeakerBounds] = None,
        speaker_profiles: bool = False,
        should_stop: Optional[Callable[[], bool]] = None,
        initial_prompt: Optional[str] = None,
        hotwords: Optional[str] = None,
        voice_prints: Sequence[np.ndarray] = (),
        term_method: Optional[str] = None,
    ) -> Generator[Dict[str, Any], None, None]:
        """Transcribe the audio file at ``path`` (or a seekable binary file object); see the module
        docstring for the events.

        ``should_stop`` is asked before each window and after each segment: when it answers true (the client
        went away), the work ends there with :class:`Cancelled`, so a long file nobody waits for does not hold
        the model (windows of silence yield no event, so the caller could not stop it between events alone).

        ``num_speakers`` (with ``diarize``) is the number of people when the caller knows it; otherwise
        it is estimated, within ``speaker_bounds`` when given. ``speaker_profiles`` (with ``diarize``) adds ``speakerProfiles`` to the result: the
        voice prints behind the labels (:func:`speakers.profiles`), None when the diarizer has none. ``voice_prints``
        (with ``diarize``): the prints of people the caller remembers, given to the diarizer's clustering so that a remembered
        person is not merged with someone else (:func:`speakers.anchored_cluster`); naming them is the caller's.

        ``initial_prompt`` (a line about the recording) and ``hotwords`` (names and terms, comma-separated) are
        given to the decoder of every chunk (custom vocabulary). With ``term_method`` (else the worker's,
        SCRIVO_TERMS) "correct", the terms are not given to the decoder: a term is written where the words heard
        are close to it (:mod:`term_correction`), in the segments of progress and of the result alike; "both" does
        the two.

        ``duration`` (seconds) is measured with :func:`audio.probe` when not given. Raises
        :class:`audio.AudioDecodeError` for undecodable input (before the first event when the
        file can't be opened at all).
        """
        if task not in TASKS:
            raise ValueError(f"task must be one of {', '.join(TASKS)}")
        if language is not None and language not in LANGUAGE_CODES:
            raise ValueError(f"unknown language code {language!r}")
        if duration is None:
            duration = audio_mod.probe(path).duration
        total = max(float(duration), 1e-6)

        info_sent = False
        first_language: List[Tuple[str, float]] = []
        segments: List[Dict[str, Any]] = []
        # Voice prints are asked for the pieces of one file (issue 29): the rules about the whole file's speech are
        # then left to /speakers/cluster, which sees every piece (speakers.link_units, ``whole_file``).
        whole_file = not speaker_profiles
        speakers = self.diarizer.session(num_speakers, speaker_bounds, whole_file, voice_prints) if diarize else None

        stop = should_stop or (lambda: False)
        method = term_method or self.term_method
        if method not in TERM_METHODS:
            raise ValueError(f"term_method must be one of {', '.join(TERM_METHODS)}")
        terms = term_correction.terms_of(hotwords) if method in ("correct", "both") else []
        everyday = self.everyday if terms else (lambda word: False)
        decode_options = self.decode_options.prompted(initial_prompt, None if method == "correct" else hotwords)
        reached = 0.0
        for offset, samples in audio_mod.iter_windows(path, self.window_seconds):
            if stop():
                raise Cancelled("the client went away")
            if speakers is not None:
                speakers.feed(samples)
            decoded = decoding.decode(
                self.model,
                samples,
                language,
                task,
                vad,
                decode_options,
                self.batch_size,
            )
            for item in decoded:
                if stop():
                    raise Cancelled("the client went away")
                if item.segment is None:
                    first_language.append((item.language, item.language_probability))
                    if not info_sent:
                        info_sent = True
                        yield {"type": "info", "language": item.language, "languageProbability": _r(item.language_probability), "duration": _r(duration)}
                    continue
                segment = _guarded(item, offset)
                if segment is None:
                    continue
                segment = term_correction.correct(segment, terms, everyday)
                segments.append(segment)
                # The second decode of a stretch comes after the chunk's later segments: progress never goes back.
                reached = max(reached, min(1.0, max(0.0, segment["end"] / total)))
                yield {"type": "progress", "progress": round(reached, 4), "segment": dict(segment)}
            del samples

        segments.sort(key=lambda s: (s["start"], s["end"]))
        segments, repeated = guards.repeated_segments(segments)
        for segment in repeated:
            metrics.dropped("repeated", segment["start"], segment["end"], segment["text"], False)
        if repeated:
            again = [
                term_correction.correct(s, terms, everyday)
                for s in self._heard_again(path, repeated, segments, language, task)
            ]
            segments = sorted(segments + again, key=lambda s: (s["start"], s["end"]))
        main_language, main_probability = _main_language(segments, language, first_language)
        if not info_sent:  # no speech anywhere
            yield {"type": "info", "language": main_language, "languageProbability": 0.0, "duration": _r(duration)}
        profiles: Optional[Dict[str, Any]] = None
        timeline: List[Dict[str, object]] = []
        if speakers is not None:
            labels: Dict[int, str] = {}
            turns = speakers.finish()
            voices: Union[speakers_mod.Session, speakers_mod.WordSpanSpeakers] = speakers
            from_words = self._speakers_from_words(
                path, segments, turns, speakers, num_speakers, speaker_bounds, whole_file
            )
            in_overlap: Dict[Tuple[float, float], int] = {}
            if from_words is not None:
                turns, voices = from_words.turns, from_words
            else:
                in_overlap = self._speakers_in_overlap(path, segments, turns, speakers)
            segments = assign_speakers(segments, turns, labels, in_overlap)
            timeline = speaker_timeline(turns, labels)
            if speaker_profiles:
                profiles = speakers_mod.profiles(voices, labels)
        extra: Dict[str, Any] = {"speakerTimeline": timeline} if diarize else {}
        if speaker_profiles and diarize:
            extra["speakerProfiles"] = profiles
        yield {
            "type": "result",
            "text": " ".join(s["text"] for s in segments).strip(),
            "language": main_language,
            "languageProbability": _r(main_probability),
            "duration": _r(duration),
            "segments": segments,
            "chunks": [{"text": s["text"], "timestamp": [s["start"], s["end"]]} for s in segments],
            **extra,
        }

    def _speakers_from_words(
        self,
        path: Union[str, Path, BinaryIO],
        segments: List[Dict[str, Any]],
        turns: List[diarize_mod.Turn],
        session: speakers_mod.Session,
        num_speakers: Optional[int],
        speaker_bounds: Optional[speakers_mod.SpeakerBounds],
        whole_file: bool = True,
    ) -> Optional[speakers_mod.WordSpanSpeakers]:
        """Speakers from the words' own spans when the diarizer's turns cover under WORD_SPAN_TRIGGER of the words'
        time (reverberant rooms: the segmentation hears almost nothing and every word would go to one speaker); None
        otherwise, or without a voice embedder. The spans' audio is read again: the windows are gone by now."""
        if not isinstance(session, speakers_mod.EmbeddingSession):
            return None
        covered = speakers_mod.words_covered(segments, turns)
        if covered >= speakers_mod.WORD_SPAN_TRIGGER:
            return None
        spans = speakers_mod.word_spans(segments)
        pieces = audio_mod.read_spans(path, spans)
        found = speakers_mod.word_span_speakers(
            spans, pieces, session.embedder, num_speakers, speaker_bounds, whole_file
        )
        if not found.turns:
            return None
        metrics.speakers_from_word_spans(covered, len(spans), len(set(found.speaker_of.values())))
        return found

    def _speakers_in_overlap(
        self,
        path: Union[str, Path, BinaryIO],
        segments: List[Dict[str, Any]],
        turns: List[diarize_mod.Turn],
        session: speakers_mod.Session,
    ) -> Dict[Tuple[float, float], int]:
        """The speaker of each word said where the segmentation hears two people at once, by the voice of its audio
        (issue 26 item 3); empty without a voice embedder. The words' audio is read again: the windows are gone."""
        if not isinstance(session, speakers_mod.EmbeddingSession):
            return {}
        words = speakers_mod.overlapped_words(segments, turns)
        if not words:
            return {}
        pieces = audio_mod.read_spans(path, speakers_mod.overlap_spans(words))
        chosen = speakers_mod.speakers_in_overlap(words, pieces, speakers_mod.turn_voices(session), session.embedder)
        metrics.count("speakers.overlapWords", len(chosen))
        return chosen

    def _heard_again(
        self,
        path: Union[str, Path, BinaryIO],
        dropped: List[Dict[str, Any]],
        kept: List[Dict[str, Any]],
        language: Optional[str],
        task: str,
    ) -> List[Dict[str, Any]]:
        """The stretches whose segments the repetition guard dropped, out to the ``kept`` words around them, decoded
        again (redecode): what passes the guards there, a loop in the second decode itself included, is kept; a drop
        here is final."""
        spoken = language or next((s.get("language") for s in dropped if s.get("language")), None)
        stretches = redecode.widened(redecode.dropped_stretches(dropped), kept)
        found = []
        for item, offset in redecode.decode_again(self.model, path, stretches, spoken, task, "repeated"):
            segment = _guarded(item, offset)
            if segment is not None:
                found.append(segment)
        kept, looped = guards.repeated_segments(found)
        for segment in looped:
            metrics.dropped("repeated", segment["start"], segment["end"], segment["text"], True)
        return kept

    def transcribe(self, path: Union[str, Path, BinaryIO], **options: Any) -> Dict[str, Any]:
        """The final result object (``/asr`` shape) without the ``type`` key."""
        result: Dict[str, Any] = {}
        for event in self.events(path, **options):
            if event["type"] == "result":
                result = {k: v for k, v in event.items() if k != "type"}
        return result
