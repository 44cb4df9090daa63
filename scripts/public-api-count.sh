#!/usr/bin/env bash
# Public declarations per library module, from the compiler's symbol graphs: prints a Markdown
# table, module → count. A declaration counts once where it is written (extensions of another
# module's types count for the module that declares them); members the compiler supplies are left
# out: protocol defaults a type inherits (`::SYNTHESIZED::` symbols) and derived conformances
# (`init(rawValue:)` and `init(from:)` with no place in the sources). `package` and internal
# declarations are not counted. Executables (a main.swift), the C kernels and Tests/TestSupport are
# not Swift libraries and are left out.
# Usage: scripts/public-api-count.sh   (builds the package in debug; needs jq)
set -euo pipefail
cd "$(dirname "$0")/.."
graphs="$(swift build --show-bin-path)/../symbolgraph"
rm -rf "$graphs"
# It also tries the test modules, which have no graph to give, and then exits non-zero: each
# library's graph is checked for below instead.
swift package dump-symbol-graph --minimum-access-level public >/dev/null 2>&1 || true
printf '| Module | Public declarations |\n|---|---:|\n'
total=0
for folder in Sources/*/; do
    module="$(basename "$folder")"
    [[ -f "$folder/main.swift" ]] && continue
    find "$folder" -name '*.swift' | grep -q . || continue
    [[ -f "$graphs/$module.symbols.json" ]] || { echo "no symbol graph for $module" >&2; exit 1; }
    count=0
    for file in "$graphs/$module.symbols.json" "$graphs/$module"@*.symbols.json; do
        [[ -f "$file" ]] || continue
        count=$((count + $(jq '[.symbols[] | select((.identifier.precise | contains("::SYNTHESIZED::") | not) and has("location"))] | length' "$file")))
    done
    total=$((total + count))
    printf '| %s | %d |\n' "$module" "$count"
done
printf '| **Total** | **%d** |\n' "$total"
