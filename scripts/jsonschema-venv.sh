#!/usr/bin/env bash
# Creates (once) a throwaway Python venv outside the repository with Python jsonschema, the
# independent validator MatcherIndependentCheckTests hands the matcher's random walks to
# (COFFEESHOP_JSONSCHEMA_PYTHON), and prints that Python's path.
# Usage: scripts/jsonschema-venv.sh    (cache: $COFFEESHOP_PEERS_HOME, default ~/.cache/coffeeshop-peers)
exec "$(dirname "$0")/python-venv.sh" jsonschema-venv jsonschema "jsonschema==4.26.0"
