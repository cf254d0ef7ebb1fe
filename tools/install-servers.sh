#!/usr/bin/env bash
# Builds the real servers the adapter conformance suites run against, from the Go module proxy, pinned:
#   MinIO (S3)                      github.com/minio/minio@v0.0.0-20260212201848-7aac2a2c5b7c
#   FerretDB v1.24.0 (MongoDB wire protocol over SQLite), through the wrapper in tools/ferretdb
#   stripe-mock v0.203.0 (Stripe's official API mock, for the Stripe payments adapter and billing tests)
# Binaries go to $SCRIVO_SERVERS_BIN (default ~/.cache/scrivo/servers), named by version, so a second run (and
# every fresh clone on the same machine) takes seconds. Cold, on 2 cores: about 5 min for MinIO, 6 for FerretDB,
# 10 s for stripe-mock.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BIN="${SCRIVO_SERVERS_BIN:-$HOME/.cache/scrivo/servers}"
MINIO_VERSION="v0.0.0-20260212201848-7aac2a2c5b7c"
STRIPE_MOCK_VERSION="v0.203.0"
say() { printf '[servers] %s\n' "$*"; }

# Go's own installer puts it in /usr/local/go, which a non-login shell may not have on its PATH.
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then export PATH="/usr/local/go/bin:$PATH"; fi
if ! command -v go >/dev/null 2>&1; then
  say "ERROR: Go is needed to build MinIO, FerretDB and stripe-mock (Debian: apt-get install golang, or go.dev/dl)." >&2
  exit 1
fi
mkdir -p "$BIN"

minio="$BIN/minio-$MINIO_VERSION"
if [ -x "$minio" ]; then
  say "MinIO $MINIO_VERSION already built"
else
  say "building MinIO $MINIO_VERSION from the Go module proxy (first time: about 5 minutes)"
  tmp="$(mktemp -d)"
  GOBIN="$tmp" GOFLAGS=-mod=mod go install "github.com/minio/minio@$MINIO_VERSION"
  mv "$tmp/minio" "$minio"
  rm -rf "$tmp"
fi
ln -sf "$minio" "$BIN/minio"

# The wrapper's source and lock name the binary: a change to either builds it again.
stamp="$(cat "$ROOT/tools/ferretdb/main.go" "$ROOT/tools/ferretdb/go.mod" "$ROOT/tools/ferretdb/go.sum" | sha256sum | cut -c1-12)"
ferretdb="$BIN/ferretdb-v1.24.0-$stamp"
if [ -x "$ferretdb" ]; then
  say "FerretDB v1.24.0 already built"
else
  say "building FerretDB v1.24.0 (SQLite backend) from the Go module proxy (first time: about 6 minutes)"
  (cd "$ROOT/tools/ferretdb" && go build -mod=readonly -o "$ferretdb.tmp" . && mv "$ferretdb.tmp" "$ferretdb")
fi
ln -sf "$ferretdb" "$BIN/ferretdb"
stripe_mock="$BIN/stripe-mock-$STRIPE_MOCK_VERSION"
if [ -x "$stripe_mock" ]; then
  say "stripe-mock $STRIPE_MOCK_VERSION already built"
else
  say "building stripe-mock $STRIPE_MOCK_VERSION from the Go module proxy (first time: about 10 seconds)"
  tmp="$(mktemp -d)"
  GOBIN="$tmp" GOFLAGS=-mod=mod go install "github.com/stripe/stripe-mock@$STRIPE_MOCK_VERSION"
  mv "$tmp/stripe-mock" "$stripe_mock"
  rm -rf "$tmp"
fi
ln -sf "$stripe_mock" "$BIN/stripe-mock"
say "ready in $BIN"
