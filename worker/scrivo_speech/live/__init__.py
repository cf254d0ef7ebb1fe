"""Live captions: streaming recognition of a growing 16 kHz mono PCM stream.

:mod:`.recognizer` is the interface, :mod:`.vosk_engine` and :mod:`.whisper_engine` the two engines,
:mod:`.session` picks one per session (language detection on the first voiced seconds) and
:mod:`.route` serves ``POST /live`` (chunked PCM in, NDJSON events out).
"""
