"""Plays every path of every dialog tree in a compiled Ink story with Blade Ink's runtime (PyPI
bink), the way a game would: from each tree's start knot, every sequence of choices until the
story ends. Prints one JSON summary; its "problems" list is empty when every path ends, every
topic not yet asked is still offered (each choice taken removes exactly that one from the
start's offer) and none already asked, and every line carries the speaker tag its text names.
Its "digest" is a SHA-256 of every path's lines, tags and choices, so two compilations of one
story can be compared for playing alike.

Usage: play_ink.py STORY.json START_KNOT...
"""
import hashlib
import json
import sys

from bink.story import Story

MAXIMUM_CHOICES = 40


def play(story, start, taken):
    """The lines, tags and choices of the path that takes `taken`, and what is offered at its end."""
    story.reset_state()
    story.choose_path_string(start)
    lines, chosen = [], []
    while True:
        while story.can_continue():
            text = story.cont().strip()
            lines.append((text, list(story.get_current_tags())))
        offered = list(story.get_current_choices())
        if len(chosen) == len(taken):
            return lines, chosen, offered
        chosen.append(offered[taken[len(chosen)]])
        story.choose_choice_index(taken[len(chosen) - 1])


def main():
    with open(sys.argv[1], encoding="utf-8-sig") as file:
        story = Story(file.read())
    summary = {"trees": 0, "paths": 0, "lines": 0, "problems": []}
    digest = hashlib.sha256()
    for start in sys.argv[2:]:
        summary["trees"] += 1
        first_offer = play(story, start, [])[2]
        pending = [[]]
        while pending:
            taken = pending.pop()
            lines, chosen, offered = play(story, start, taken)
            repeated = [text for text in offered if text in chosen]
            if repeated:
                summary["problems"].append(f"{start} after {chosen}: offered again {repeated}")
            if offered and sorted(offered + chosen) != sorted(first_offer):
                summary["problems"].append(f"{start} after {chosen}: offered {offered}, not the rest of {first_offer}")
            if offered:
                if len(taken) >= MAXIMUM_CHOICES:
                    summary["problems"].append(f"{start}: no end after {MAXIMUM_CHOICES} choices")
                else:
                    pending += [taken + [index] for index in range(len(offered))]
                continue
            summary["paths"] += 1
            summary["lines"] += len(lines)
            digest.update(json.dumps([start, chosen, lines]).encode("utf-8"))
            for text, tags in lines:
                speaker = text.split(":", 1)[0]
                if f"speaker:{speaker}" not in tags:
                    summary["problems"].append(f"{start}: '{text}' has tags {tags}")
    summary["digest"] = digest.hexdigest()
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
