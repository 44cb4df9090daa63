#!/usr/bin/env bash
# Puts the C library and the parts of the Swift runtime it loads into one folder, stripped, for
# shipping with a game: the library finds them there through its run path ($ORIGIN).
# Usage: scripts/bundle-library.sh [LIBRARY] FOLDER
#   LIBRARY  the built library (default: .build/release/libCoffeeShop.so, from
#            `swift build -c release --product CoffeeShop`)
#   FOLDER   where the bundle goes (created; files already there are replaced)
# Prints each file with its size, and the total. Linux only (macOS ships the runtime itself).
set -euo pipefail
if [ $# -eq 1 ]; then library=".build/release/libCoffeeShop.so"; folder="$1"
elif [ $# -eq 2 ]; then library="$1"; folder="$2"
else echo "usage: scripts/bundle-library.sh [LIBRARY] FOLDER" >&2; exit 2; fi
[ -f "$library" ] || { echo "bundle-library: $library does not exist; build it with: swift build -c release --product CoffeeShop" >&2; exit 1; }
command -v strip > /dev/null || { echo "bundle-library: strip (binutils) is not installed" >&2; exit 1; }
mkdir -p "$folder"
cp "$library" "$folder/"
# The Swift runtime's libraries the library loads (the system's own, libc and libcurl among
# them, stay the player's system's).
runtime="$(dirname "$(command -v swift)")/../lib/swift/linux"
ldd "$library" | awk '$3 ~ /^\// {print $3}' | while read -r dependency; do
    case "$(readlink -f "$dependency")" in
        "$(readlink -f "$runtime")"/*) cp "$(readlink -f "$dependency")" "$folder/$(basename "$dependency")" ;;
    esac
done
strip --strip-unneeded "$folder"/*.so
du -b "$folder"/*.so | sort -rn | awk '{ total += $1; printf "%10d  %s\n", $1, $2 } END { printf "%10d  total\n", total }'
