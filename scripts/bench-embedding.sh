#!/usr/bin/env bash
# Builds the C library and contentpack in release mode and runs Benchmarks/EmbeddingBench:
# generate latency through the C library and through `serve --stdio` (p50/p99), memory per
# context, and the library's size.
# Usage: scripts/bench-embedding.sh [calls]    (default 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product CoffeeShop >&2
swift build -c release --product contentpack >&2
products="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
cc -O2 -std=c11 -I include Benchmarks/EmbeddingBench/bench.c -L "$products" -lCoffeeShop -Wl,-rpath,"$products" -o "$work/bench"
"$work/bench" "$products/contentpack" "${1:-1000}"
library="$products/libCoffeeShop.so"
echo "library size                       $(du -k "$library" | cut -f1) KB ($(basename "$library"), stripped: $(strip -o "$work/stripped.so" "$library" && du -k "$work/stripped.so" | cut -f1) KB)"
