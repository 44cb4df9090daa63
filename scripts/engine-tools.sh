#!/usr/bin/env bash
# Installs (once) the outside tools that check the C library and the exported packs the way
# engines do, and prints the settings the tests read, one VAR=value per line:
# - Debian packages: Mono (mcs, mono: the C# bindings, and ../shared/tools/ink/inklecate.exe),
#   valgrind (the C client's leak check), godot3-server (Godot's CSV importer), nodejs (an
#   ECMA-262 RegExp for the pattern engine's lookarounds: COFFEESHOP_NODE), qemu-user (runs the
#   built binaries on an emulated CPU without AVX2: PortableBinaryTests);
# - a throwaway venv outside the repository with Blade Ink's runtime (bink, plays compiled Ink)
#   and ANTLR's runtime for ../shared/tools/yarn-parse/check_yarn.py: COFFEESHOP_ENGINE_PYTHON.
# A tool that cannot be installed is reported on standard error; the tests that need it skip.
# Usage: scripts/engine-tools.sh    (cache: $COFFEESHOP_PEERS_HOME, default ~/.cache/coffeeshop-peers)
set -uo pipefail
packages=(mono-mcs mono-runtime libmono-corlib4.5-cil libmono-system4.0-cil libmono-system-core4.0-cil valgrind godot3-server nodejs qemu-user)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2> /dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo -n"
    if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"; } > /dev/null 2>&1; then
        echo "engine-tools: could not install ${missing[*]} from Debian's packages" >&2
    fi
fi
node="$(command -v node || command -v nodejs || true)"
[ -n "$node" ] && echo "COFFEESHOP_NODE=$node"
if ! python="$("$(dirname "$0")/python-venv.sh" engine-venv "bink, antlr4" bink "antlr4-python3-runtime==4.13.1")"; then
    echo "engine-tools: could not install bink and antlr4-python3-runtime from PyPI" >&2
    exit 0
fi
echo "COFFEESHOP_ENGINE_PYTHON=$python"
