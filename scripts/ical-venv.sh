#!/usr/bin/env bash
# Creates (once) a throwaway Python venv outside the repository with icalendar and
# recurring-ical-events, the independent reading of repeating events that
# ICalendarOracleTests compares the importer with (COFFEESHOP_ICAL_PYTHON), and prints that
# Python's path.
# Usage: scripts/ical-venv.sh    (cache: $COFFEESHOP_PEERS_HOME, default ~/.cache/coffeeshop-peers)
exec "$(dirname "$0")/python-venv.sh" ical-venv recurring_ical_events "icalendar==6.3.1" "recurring-ical-events==3.8.0"
