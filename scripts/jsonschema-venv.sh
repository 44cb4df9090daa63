#!/usr/bin/env bash
# Creates (once) a throwaway Python venv outside the repository with Python jsonschema, the
# independent validator MatcherIndependentCheckTests hands the matcher's random walks to
# (COFFEESHOP_JSONSCHEMA_PYTHON), and prints that Python's path.
# Usage: scripts/jsonschema-venv.sh    (cache: $COFFEESHOP_PEERS_HOME, default ~/.cache/coffeeshop-peers)
set -euo pipefail
home="${COFFEESHOP_PEERS_HOME:-$HOME/.cache/coffeeshop-peers}"
venv="$home/jsonschema-venv"
if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import jsonschema" 2> /dev/null; then
    mkdir -p "$home"
    python3 -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check "jsonschema==4.26.0" >&2
fi
echo "$venv/bin/python"
