#!/usr/bin/env bash
# Creates (once) a throwaway Python venv outside the repository with numpy and gguf (llama.cpp's
# own GGUF reader and dequantizer), for scripts/reference-logits.py, the float64 forward pass that
# NumericsReferenceTests and guided-bench --only numerics compare the native runtime with
# (COFFEESHOP_NUMERICS_PYTHON), and prints that Python's path.
# Usage: scripts/numerics-venv.sh    (cache: $COFFEESHOP_PEERS_HOME, default ~/.cache/coffeeshop-peers)
exec "$(dirname "$0")/python-venv.sh" numerics-venv "numpy, gguf" "numpy==2.4.6" "gguf==0.19.0"
