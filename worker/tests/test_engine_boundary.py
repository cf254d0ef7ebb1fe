"""The worker's layers (issue 42 item 5), checked on its source with ``ast`` (no model, no server):

* the engines (CTranslate2, faster-whisper, onnxruntime, Vosk) are imported by ``scrivo_speech/engine.py`` only, so
  every model is loaded the one way ``engine.load_model`` loads it and an upgrade of an engine is checked in one
  module (a module that truly must import one goes in ALLOWED, with the reason);
* every private faster-whisper name the worker relies on is pinned below, with the reason and a check that the
  installed faster-whisper (the version requirements.txt pins) still has it in the shape the worker uses;
* a request's query is parsed in ``scrivo_speech/request_schemas.py`` only, beside the server.

Each rule is shown to fail on a violation planted in a copy of the package.
"""

from __future__ import annotations

import ast
import inspect
import re
import shutil
from pathlib import Path
from typing import Callable, Dict, List, NamedTuple, Set, Tuple

import pytest

import scrivo_speech

PACKAGE = Path(scrivo_speech.__file__).resolve().parent
REQUIREMENTS = PACKAGE.parent / "requirements.txt"
ENGINES = ("ctranslate2", "faster_whisper", "onnxruntime", "vosk")
ENGINE_MODULE = "engine.py"
SCHEMA_MODULE = "request_schemas.py"
QUERY_PARSERS = ("parse_qs", "parse_qsl")

# Modules besides engine.py that may import an engine, each with the reason it must (relative path -> reason).
ALLOWED: Dict[str, str] = {}


class Pin(NamedTuple):
    reason: str
    # True when faster-whisper's own code reaches the name through the worker's objects (no import to find).
    reached_by_faster_whisper: bool
    still_there: Callable[[], None]


def _language_codes() -> None:
    import faster_whisper.tokenizer
    from faster_whisper.transcribe import WhisperModel

    from scrivo_speech import engine

    codes = faster_whisper.tokenizer._LANGUAGE_CODES
    assert isinstance(codes, tuple) and all(isinstance(c, str) and re.fullmatch(r"[a-z]{2,3}", c) for c in codes)
    assert {"en", "de", "es", "fr", "it", "ja", "ko", "pt"} <= set(codes)
    assert engine.LANGUAGE_CODES == codes, "engine.py fell back to no languages: every language would be refused"
    # What the worker stands in for: a multilingual model's supported_languages is this very list.
    assert "_LANGUAGE_CODES" in inspect.getsource(WhisperModel.supported_languages.fget)


def _split_segments() -> None:
    from faster_whisper.transcribe import BatchedInferencePipeline, WhisperModel

    assert list(inspect.signature(WhisperModel._split_segments_by_timestamps).parameters) == [
        "self", "tokenizer", "tokens", "time_offset", "segment_size", "segment_duration", "seek",
    ]
    # engine.batched_forward hands the pipeline a model whose encode() answers from an output computed before; the
    # pipeline must encode through the model it holds, and read everything else (this name too) from it.
    assert "self.model.encode(features)" in inspect.getsource(BatchedInferencePipeline.generate_segment_batched)
    assert "self.model._split_segments_by_timestamps(" in inspect.getsource(BatchedInferencePipeline.forward)


PINNED: Dict[str, Pin] = {
    "_LANGUAGE_CODES": Pin(
        "engine.LANGUAGE_CODES: the server checks a request's language before the model has loaded, and the public "
        "WhisperModel.supported_languages needs a loaded model",
        False,
        _language_codes,
    ),
    "_split_segments_by_timestamps": Pin(
        "engine.batched_forward runs BatchedInferencePipeline.forward on engine._Encoded, which passes every name but "
        "encode() on to the WhisperModel; forward calls this one on it",
        True,
        _split_segments,
    ),
}


# -- the checker --------------------------------------------------------------------------------------------------


def _top(name: str) -> str:
    return name.split(".", 1)[0]


def _imported_modules(tree: ast.AST) -> List[Tuple[int, str]]:
    """(line, module) for every import in ``tree``, at any depth, ``importlib.import_module("x")`` included."""
    found: List[Tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.append((node.lineno, node.module))
        elif (
            isinstance(node, ast.Call)
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and (
                (isinstance(node.func, ast.Attribute) and node.func.attr == "import_module")
                or (isinstance(node.func, ast.Name) and node.func.id in ("import_module", "__import__"))
            )
        ):
            found.append((node.lineno, node.args[0].value))
    return found


def _private_engine_names(tree: ast.AST) -> List[Tuple[int, str]]:
    """(line, name) for every underscore name the source takes from an engine's module."""
    found: List[Tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module and _top(node.module) in ENGINES:
            found += [(node.lineno, alias.name) for alias in node.names if alias.name.startswith("_")]
        elif isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__"):
            base = node.value
            while isinstance(base, ast.Attribute):
                base = base.value
            if isinstance(base, ast.Name) and base.id in ENGINES:
                found.append((node.lineno, node.attr))
    return found


def _query_parsing(tree: ast.AST) -> List[Tuple[int, str]]:
    found: List[Tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "urllib.parse":
            found += [(node.lineno, alias.name) for alias in node.names if alias.name in QUERY_PARSERS]
        elif isinstance(node, ast.Attribute) and node.attr in QUERY_PARSERS:
            found.append((node.lineno, node.attr))
    return found


def violations(package: Path) -> List[str]:
    """What in ``package`` (a copy of scrivo_speech's folder) breaks the layers, one line each."""
    out: List[str] = []
    for path in sorted(package.rglob("*.py")):
        module = path.relative_to(package).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=module)
        if module != ENGINE_MODULE and module not in ALLOWED:
            for line, name in _imported_modules(tree):
                if _top(name) in ENGINES:
                    out.append(f"{module}:{line}: imports {name} (engines are imported by {ENGINE_MODULE} only)")
        for line, name in _private_engine_names(tree):
            if name not in PINNED:
                out.append(f"{module}:{line}: uses the private {name} without a pin in tests/test_engine_boundary.py")
        if module != SCHEMA_MODULE:
            for line, name in _query_parsing(tree):
                out.append(f"{module}:{line}: parses a query with {name} (request checks live in {SCHEMA_MODULE})")
    return out


def private_names_in_use(package: Path) -> Set[str]:
    return {
        name
        for path in package.rglob("*.py")
        for _line, name in _private_engine_names(ast.parse(path.read_text(encoding="utf-8")))
    }


# -- the package as it is ----------------------------------------------------------------------------------------


def test_the_engines_are_imported_by_engine_py_alone_and_queries_parsed_by_request_schemas_alone():
    assert violations(PACKAGE) == []


def test_every_allowed_exception_names_a_module_and_its_reason():
    for module, reason in ALLOWED.items():
        assert (PACKAGE / module).is_file(), f"{module} is allowed an engine import but does not exist"
        assert reason.strip(), f"{module} is allowed an engine import without a reason"


def test_every_pin_is_of_a_name_still_in_use():
    in_use = private_names_in_use(PACKAGE)
    stale = [name for name, pin in PINNED.items() if not pin.reached_by_faster_whisper and name not in in_use]
    assert stale == [], f"pinned but no longer used: {stale} (drop the pin)"
    # A name faster-whisper reaches through engine._Encoded stays pinned while batched_forward hands one over.
    assert "_Encoded(" in (PACKAGE / ENGINE_MODULE).read_text(encoding="utf-8")


def test_the_pins_are_checked_against_the_faster_whisper_version_requirements_txt_pins():
    import faster_whisper

    pinned = re.search(r"^faster-whisper==(\S+)$", REQUIREMENTS.read_text(encoding="utf-8"), re.MULTILINE)
    assert pinned is not None, "faster-whisper is not pinned in requirements.txt"
    assert faster_whisper.__version__ == pinned.group(1)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_a_pinned_private_name_is_still_there_in_the_shape_the_worker_relies_on(name):
    pin = PINNED[name]
    assert pin.reason.strip()
    pin.still_there()


# -- planted violations ------------------------------------------------------------------------------------------


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    target = tmp_path / "scrivo_speech"
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns("__pycache__"))
    assert violations(target) == []
    return target


@pytest.mark.parametrize(
    "source, engine",
    [
        ("import onnxruntime as ort\n", "onnxruntime"),
        ("def load():\n    from faster_whisper import WhisperModel\n    return WhisperModel\n", "faster_whisper"),
        ("import ctranslate2.models\n", "ctranslate2.models"),
        ("from vosk import Model, KaldiRecognizer\n", "vosk"),
        ("import importlib\nvosk = importlib.import_module('vosk')\n", "vosk"),
    ],
)
def test_a_planted_engine_import_outside_engine_py_is_found(copy: Path, source: str, engine: str):
    (copy / "live" / "planted.py").write_text(source, encoding="utf-8")
    found = violations(copy)
    assert len(found) == 1 and found[0].startswith("live/planted.py:") and f"imports {engine} " in found[0], found


def test_a_planted_unpinned_private_name_is_found_even_in_engine_py(copy: Path):
    engine = copy / ENGINE_MODULE
    engine.write_text(
        engine.read_text(encoding="utf-8") + "\nfrom faster_whisper.transcribe import _planted_private\n", encoding="utf-8"
    )
    found = violations(copy)
    assert len(found) == 1 and found[0].startswith("engine.py:") and "_planted_private without a pin" in found[0], found


def test_a_planted_private_attribute_of_an_engine_module_is_found(copy: Path):
    (copy / "engine.py").write_text(
        (copy / "engine.py").read_text(encoding="utf-8") + "\nimport faster_whisper.audio\nX = faster_whisper.audio._planted\n",
        encoding="utf-8",
    )
    found = violations(copy)
    assert len(found) == 1 and "_planted without a pin" in found[0], found


def test_a_planted_query_parse_outside_request_schemas_is_found(copy: Path):
    server = copy / "server.py"
    server.write_text(
        server.read_text(encoding="utf-8") + "\nfrom urllib.parse import parse_qs\nQUERY = parse_qs('a=1')\n",
        encoding="utf-8",
    )
    found = violations(copy)
    assert len(found) == 1 and found[0].startswith("server.py:") and "parse_qs" in found[0], found


def test_an_allowed_module_may_import_an_engine(copy: Path, monkeypatch: pytest.MonkeyPatch):
    (copy / "planted.py").write_text("import vosk\n", encoding="utf-8")
    monkeypatch.setitem(ALLOWED, "planted.py", "a planted example")
    assert violations(copy) == []


def test_the_pins_themselves_fail_on_a_faster_whisper_without_the_name(monkeypatch: pytest.MonkeyPatch):
    import faster_whisper.tokenizer

    monkeypatch.setattr(faster_whisper.tokenizer, "_LANGUAGE_CODES", ["en"])
    with pytest.raises(AssertionError):
        PINNED["_LANGUAGE_CODES"].still_there()
    monkeypatch.delattr(faster_whisper.tokenizer, "_LANGUAGE_CODES")
    with pytest.raises(AttributeError):
        PINNED["_LANGUAGE_CODES"].still_there()


def test_a_local_named_like_an_engine_is_not_an_import():
    # live/session.py has a variable called vosk: the checker reads imports, not names.
    assert _imported_modules(ast.parse("vosk = None\nprint(vosk)\n")) == []
