#!/usr/bin/env bash
# The content-pack figures: wall time and peak memory of exporting NPCs as JSON Lines with the
# release build, for --jobs 1 and --jobs 2, and the speed-up between them.
# Usage: scripts/bench-export.sh [COUNT]   (default 1000000; needs GNU time at /usr/bin/time)
set -euo pipefail
cd "$(dirname "$0")/.."
count="${1:-1000000}"
swift build -c release --product contentpack >/dev/null
binary=.build/release/contentpack
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf '| NPCs as JSON Lines | Count | Wall time | Peak memory | Items/s |\n|---|---:|---:|---:|---:|\n'
declare -A seconds
for jobs in 1 2; do
    /usr/bin/time -f '%e %M' -o "$work/time" "$binary" export --kind npc --count "$count" --seed 1 --jobs "$jobs" \
        --out "$work/npc-$jobs.jsonl" --quiet
    read -r wall kilobytes < "$work/time"
    seconds[$jobs]="$wall"
    printf '| --jobs %s | %s | %s s | %s MB | %.0f |\n' "$jobs" "$count" "$wall" "$((kilobytes / 1024))" "$(echo "$count / $wall" | bc -l)"
done
cmp -s "$work/npc-1.jsonl" "$work/npc-2.jsonl" && same="identical" || same="DIFFERENT"
printf '\nSpeed-up from --jobs 1 to --jobs 2: %.2fx; outputs %s.\n' "$(echo "${seconds[1]} / ${seconds[2]}" | bc -l)" "$same"
