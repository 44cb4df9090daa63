#!/usr/bin/env bash
# Creates (once) a throwaway Python venv outside the repository, named NAME, with PACKAGES
# installed from PyPI, unless it already imports MODULES; prints that venv's Python's path.
# The *-venv.sh scripts name what each check needs.
# Usage: scripts/python-venv.sh NAME "MODULE[, MODULE…]" PACKAGE…
#        (cache: $COFFEESHOP_PEERS_HOME, default ~/.cache/coffeeshop-peers)
set -euo pipefail
name="${1:?usage: python-venv.sh NAME MODULES PACKAGE...}"
modules="${2:?usage: python-venv.sh NAME MODULES PACKAGE...}"
shift 2
home="${COFFEESHOP_PEERS_HOME:-$HOME/.cache/coffeeshop-peers}"
venv="$home/$name"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import $modules" 2> /dev/null; then
    mkdir -p "$home"
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check "$@" >&2
fi
echo "$venv/bin/python"
