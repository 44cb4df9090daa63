#!/usr/bin/env bash
# The HTTP backend's figures against a real llama.cpp server (SmolLM2-135M, two slots):
#   1. the client's overhead per request next to curl sending the same request (guided-bench --only http);
#   2. structured NPCs per second from `contentpack export --model URL` with --jobs 1 and 2.
# Usage: scripts/bench-server.sh [COUNT]   (default 24 NPCs per run; uses $COFFEESHOP_LLM_URL when
# set, otherwise starts and stops scripts/llama-server.sh; needs GNU time at /usr/bin/time)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-24}"
swift build -c release --product contentpack >/dev/null
swift build -c release --product guided-bench >/dev/null
work="$(mktemp -d)"
started=""
trap 'rm -rf "$work"; if [ -n "$started" ]; then scripts/llama-server.sh stop; fi' EXIT
if [ -z "${COFFEESHOP_LLM_URL:-}" ]; then
    started=yes
    while IFS= read -r setting; do export "$setting"; done <<< "$(scripts/llama-server.sh start)"
fi
url="$COFFEESHOP_LLM_URL"

.build/release/guided-bench --only http --url "$url" --model-name smollm2 --http-requests 30
printf '\n| Structured NPCs from the server | Count | Wall time | NPCs/s | Procedural fallbacks |\n|---|---:|---:|---:|---:|\n'
for jobs in 1 2; do
    /usr/bin/time -f '%e' -o "$work/time" .build/release/contentpack export --kind npc --count "$count" --seed 1 --jobs "$jobs" \
        --out "$work/pack-$jobs/" --model "$url" --model-name smollm2 --fallback procedural --quiet
    wall="$(cat "$work/time")"
    fallbacks="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["fallbackItems"])' "$work/pack-$jobs/audit.json")"
    printf '| --jobs %s | %s | %s s | %.2f | %s |\n' "$jobs" "$count" "$wall" "$(echo "$count / $wall" | bc -l)" "$fallbacks"
done
