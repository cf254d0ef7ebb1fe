"""Custom vocabulary by correction after decoding (issue 44, term_correction): a term is written where the words
heard are spelt or sound close to it, and nowhere else. No model: the segments are written here as the worker
shapes them (text, and words with times)."""

from __future__ import annotations

from typing import Any, Dict, List, Tuple

from scrivo_speech.term_correction import correct, terms_of

# Everyday words, as the worker learns them from Whisper's vocabulary (term_correction.everyday_words).
EVERYDAY = {
    "please", "send", "the", "report", "to", "before", "friday", "more", "during", "bright", "will", "we", "migrated",
    "service", "in", "march", "and", "i", "spoke", "about", "budget", "said", "there", "was", "no", "one", "win",
    "eva", "she", "had", "your", "dark", "suit", "greasy", "wash", "water", "all", "year", "it", "is", "a", "day",
}
GLOSSARY = "Siobhan Quaglieri, Kubernetes, Kettering, Moreau, Brightwell, Lindqvist, PostgreSQL, Aoife, Przybylski: shi-bill-ski"


def everyday(word: str) -> bool:
    return word.strip(".,!?").lower() in EVERYDAY


def segment(*words: Tuple[str, float]) -> Dict[str, Any]:
    """A segment of these (word, probability) at 0.5 s a word, its text the words with spaces."""
    out: List[Dict[str, Any]] = []
    for k, (text, probability) in enumerate(words):
        out.append({"start": 0.5 * k, "end": 0.5 * k + 0.4, "text": text, "probability": probability})
    return {"start": 0.0, "end": 0.5 * len(words), "text": " ".join(w for w, _ in words), "speaker": None, "words": out}


def test_a_misspelt_name_is_written_as_the_glossary_spells_it_over_the_same_time():
    heard = segment(("Please", 0.9), ("send", 0.95), ("the", 0.99), ("report", 0.9), ("to", 0.9), ("Shivan", 0.4),
                    ("Quagglyry", 0.3), ("before", 0.9), ("Friday.", 0.9))
    fixed = correct(heard, terms_of(GLOSSARY), everyday)
    assert fixed["text"] == "Please send the report to Siobhan Quaglieri before Friday."
    assert [w["text"] for w in fixed["words"]][5:7] == ["Siobhan", "Quaglieri"]
    assert [(w["start"], w["end"]) for w in fixed["words"]] == [(w["start"], w["end"]) for w in heard["words"]]


def test_a_term_heard_as_several_words_becomes_one_over_their_span_and_keeps_the_punctuation():
    heard = segment(("We", 0.9), ("migrated", 0.9), ("to", 0.9), ("Post", 0.5), ("GreSQL,", 0.4), ("in", 0.9),
                    ("March.", 0.9))
    fixed = correct(heard, terms_of(GLOSSARY), everyday)
    assert fixed["text"] == "We migrated to PostgreSQL, in March."
    term = fixed["words"][3]
    assert (term["text"], term["start"], term["end"]) == ("PostgreSQL,", 1.5, 2.4)
    assert len(fixed["words"]) == 6


def test_a_name_heard_close_to_its_sounds_like_is_written_as_spelt():
    heard = segment(("I", 0.9), ("spoke", 0.9), ("to", 0.9), ("Shibilski", 0.3), ("about", 0.9), ("the", 0.9),
                    ("budget.", 0.9))
    assert correct(heard, terms_of(GLOSSARY), everyday)["text"] == "I spoke to Przybylski about the budget."


def test_a_term_in_the_wrong_case_is_written_the_glossarys_way():
    heard = segment(("We", 0.9), ("migrated", 0.9), ("to", 0.9), ("kubernetes", 0.8))
    assert correct(heard, terms_of(GLOSSARY), everyday)["text"] == "We migrated to Kubernetes"


def test_everyday_words_that_resemble_a_term_are_left_alone():
    for words in (["There", "was", "more", "to", "it"], ["During", "the", "day"], ["Win", "and", "Eva", "said", "no"]):
        heard = segment(*((w, 0.95) for w in words))
        assert correct(heard, terms_of(GLOSSARY + ", Nguyen"), everyday) is heard


def test_speech_that_says_no_term_gains_none():
    for words in (
        "She had your dark suit in greasy wash water all year.".split(),
        "And so my fellow Americans ask not what your country can do for you".split(),
    ):
        heard = segment(*((w, 0.9) for w in words))
        assert correct(heard, terms_of(GLOSSARY), everyday) is heard


def test_a_short_term_is_only_written_where_spelt_the_same():
    assert correct(segment(("Eve", 0.4), ("said", 0.9)), terms_of("Aoife, Eva"), everyday)["text"] == "Eve said"
    assert correct(segment(("aoife", 0.4), ("said", 0.9)), terms_of("Aoife"), everyday)["text"] == "Aoife said"


def test_the_glossary_takes_sounds_like_after_a_colon_and_each_term_once():
    terms = terms_of("Scrivo: scree-vo, scrivo, Kubernetes\nPrzybylski")
    assert [t.text for t in terms] == ["Scrivo", "Kubernetes", "Przybylski"]
    assert len(terms[0].forms) == 2 and terms[0].forms[1].letters == "screevo"
