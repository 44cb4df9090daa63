"""Uses the Python bindings the way a tool script would; prints `label<TAB>JSON` lines that the
test suite checks (CLibraryTests)."""
import json

from coffeeshop import CoffeeShopError, Context, GENERATION_FAILED, INVALID_ARGUMENT


def show(label, value):
    print(f"{label}\t{json.dumps(value, ensure_ascii=False, separators=(',', ':'))}")


calendar = {"type": "object", "properties": {"day": {"type": "integer"}, "month": {"type": "integer"},
                                             "year": {"type": "integer"}}, "required": ["day", "month", "year"]}
asked = []


def events(arguments):
    asked.append(arguments)
    if len(asked) == 1:
        return "19:00 Pottery night at The Kiln."
    if len(asked) == 2:
        return {"time": "10:00", "event": "Bulb planting at the community garden"}
    raise RuntimeError("the calendar is locked")


with Context() as shop:
    show("riddle", shop.generate("riddle", seed=7, count=1))
    show("dice", shop.generate_schema({"type": "integer", "minimum": 1, "maximum": 6}, seed=3, count=5))
    tools = {"getCalendarEvents": ("Looks up the events on the calendar for a day", calendar, events)}
    with shop.session("You are Juno, a barista. Today is 2026-11-23.", seed=1, tools=tools) as juno:
        show("reply", juno.prompt("What is going on tomorrow?"))
        show("reply", juno.prompt("Any plans for Saturday?"))
        try:
            juno.prompt("What is on the calendar for Friday?")
        except CoffeeShopError as error:
            show("failed tool", [error.status == GENERATION_FAILED, str(error)])
        snapshots = []
        show("streamed reply", juno.prompt("How is the coffee today?", on_snapshot=snapshots.append))
        show("snapshots", snapshots)
        show("structured reply", juno.prompt("Rate the coffee.", schema={
            "type": "object", "properties": {"stars": {"type": "integer", "minimum": 1, "maximum": 5}}, "required": ["stars"]}))
        show("transcript kinds", [entry["kind"] for entry in juno.transcript()["entries"]])
    show("tool arguments", asked)
    with shop.session("You are Mira, a lighthouse keeper on a windy island.", seed=1) as mira:
        show("persona", mira.prompt("What's your name?"))
    try:
        shop.generate("dragon")
    except CoffeeShopError as error:
        show("unknown kind", [error.status == INVALID_ARGUMENT, str(error)])
try:
    Context(model="gopher://example")
except CoffeeShopError as error:
    show("bad model", [error.status == INVALID_ARGUMENT, str(error)])
