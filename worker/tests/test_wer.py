from tests.bench.wer import normalize, number_to_words, wer


def test_normalize_strips_case_punctuation_and_spelling_variants():
    assert normalize("Mr. Quilter's DISHONOURED bosom, for ever!") == [
        "mister", "quilters", "dishonored", "bosom", "forever"
    ]


def test_numbers_are_spoken():
    assert number_to_words(1961) == "one thousand nine hundred sixty one"
    assert normalize("In 1961 and 2,000") == normalize("in one thousand nine hundred sixty one and two thousand")


def test_wer_counts_substitutions_insertions_deletions():
    assert wer("ask not what your country can do", "ask not what your country can do") == 0
    assert wer("a b c d", "a x c") == 0.5
    assert wer("", "") == 0
    assert wer("", "hello") == 1
