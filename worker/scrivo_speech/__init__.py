"""Scrivo speech worker: faster-whisper (CTranslate2) speech recognition behind a small HTTP API."""

__version__ = "0.1.0"
