#!/usr/bin/env bash
# Creates (once) a throwaway Python venv outside the repository with llguidance, gguf and numpy,
# for guided-bench --only masks --llguidance PYTHON, and prints that Python's path.
# Usage: scripts/llguidance-venv.sh    (cache: $COFFEESHOP_PEERS_HOME, default ~/.cache/coffeeshop-peers)
set -euo pipefail
home="${COFFEESHOP_PEERS_HOME:-$HOME/.cache/coffeeshop-peers}"
if [ ! -x "$home/venv/bin/python" ] || ! "$home/venv/bin/python" -c "import llguidance, gguf, numpy" 2> /dev/null; then
    mkdir -p "$home"
    python3 -m venv "$home/venv" >&2
    "$home/venv/bin/pip" install --quiet --disable-pip-version-check llguidance gguf numpy >&2
fi
echo "$home/venv/bin/python"
