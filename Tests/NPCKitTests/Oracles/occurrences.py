"""Expands a calendar's events with recurring-ical-events (an RFC 5545 reading independent of
ours: RRULE, EXDATE, RDATE, RECURRENCE-ID) and prints every occurrence from FIRST to LAST, as
local date, time (HH:MM, or null all day) and title in ZONE, as a JSON list sorted by date, title
and time.

Usage: occurrences.py FILE.ics ZONE FIRST LAST
"""
import datetime
import json
import sys
import zoneinfo

import icalendar
import recurring_ical_events


def main():
    path, zone, first, last = sys.argv[1:5]
    local = zoneinfo.ZoneInfo(zone)
    with open(path, "rb") as file:
        calendar = icalendar.Calendar.from_ical(file.read())
    window = (datetime.date.fromisoformat(first) - datetime.timedelta(days=2),
              datetime.date.fromisoformat(last) + datetime.timedelta(days=3))
    found = []
    for event in recurring_ical_events.of(calendar).between(*window):
        start = event["DTSTART"].dt
        if isinstance(start, datetime.datetime):
            if start.tzinfo is not None:
                start = start.astimezone(local)
            date, time = start.date(), start.strftime("%H:%M")
        else:
            date, time = start, None
        if first <= date.isoformat() <= last:
            found.append([date.isoformat(), time, str(event["SUMMARY"])])
    print(json.dumps(sorted(found, key=lambda item: (item[0], item[2], item[1] or ""))))


if __name__ == "__main__":
    main()
