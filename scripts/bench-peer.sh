#!/usr/bin/env bash
# Peer comparison: jsf + jsonschema (pinned, in a throwaway venv under $TMPDIR, removed on exit)
# against our release guided-bench on JSONSchemaBench and the NPC schema. A test-time tool only:
# not a package dependency, not run by .ci/run. Extra arguments go to scripts/bench_peer.py.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch="${SCRATCH_PATH:-.build}"
data="${BENCH_DATA:-$(cd .. && pwd)/shared/data/jsonschemabench}"
[[ -d "$data" ]] || { echo "bench-peer: no JSONSchemaBench data at $data (set BENCH_DATA)" >&2; exit 2; }

venv="$(mktemp -d "${TMPDIR:-/tmp}/bench-peer.XXXXXX")"
trap 'rm -rf "$venv"' EXIT
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check "jsf==0.11.2" "jsonschema[format-nongpl]==4.26.0"

swift build -c release --scratch-path "$scratch" --product guided-bench >&2
bin="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/guided-bench"
"$venv/bin/python" scripts/bench_peer.py --ours "$bin" --data "$data" "$@"
