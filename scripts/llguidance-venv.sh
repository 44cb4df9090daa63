#!/usr/bin/env bash
# Creates (once) a throwaway Python venv outside the repository with llguidance, gguf and numpy,
# for guided-bench --only masks --llguidance PYTHON, and prints that Python's path.
# Usage: scripts/llguidance-venv.sh    (cache: $COFFEESHOP_PEERS_HOME, default ~/.cache/coffeeshop-peers)
exec "$(dirname "$0")/python-venv.sh" venv "llguidance, gguf, numpy" llguidance gguf numpy
