// A console host of the C# bindings, run with Mono as Unity's Mono would call the library.
// Prints `label<TAB>value` lines that the test suite checks (CLibraryTests).
//
//     mcs -out:example.exe Samples/Unity/CoffeeShop.cs Samples/Unity/Example.cs
//     LD_LIBRARY_PATH=.build/debug mono example.exe
using System;
using System.Collections.Generic;
using CoffeeShop;

public static class Example
{
    public static int Main()
    {
        var asked = new List<string>();
        var calendar = new Tool(
            "getCalendarEvents", "Looks up the events on the calendar for a day",
            "{\"type\": \"object\", \"properties\": {\"day\": {\"type\": \"integer\"}, \"month\": {\"type\": \"integer\"}, \"year\": {\"type\": \"integer\"}}, \"required\": [\"day\", \"month\", \"year\"]}",
            arguments =>
            {
                asked.Add(arguments);
                if (asked.Count == 1) return ToolResult.Text("19:00 Pottery night at The Kiln.");
                if (asked.Count == 2) return ToolResult.Json("{\"time\": \"10:00\", \"event\": \"Bulb planting at the community garden\"}");
                throw new InvalidOperationException("the calendar is locked");
            });
        using (var shop = new Context())
        {
            Console.WriteLine("riddle\t" + shop.Generate("riddle", seed: 7, count: 1));
            Console.WriteLine("dice\t" + shop.GenerateSchema("{\"type\": \"integer\", \"minimum\": 1, \"maximum\": 6}", seed: 3, count: 5));
            using (var juno = shop.OpenSession("You are Juno, a barista. Today is 2026-11-23.", 1, calendar))
            {
                Console.WriteLine("reply\t" + juno.Prompt("What is going on tomorrow?"));
                Console.WriteLine("reply\t" + juno.Prompt("Any plans for Saturday?"));
                try
                {
                    juno.Prompt("What is on the calendar for Friday?");
                }
                catch (CoffeeShopException error)
                {
                    Console.WriteLine("failed tool\t" + error.Status + " " + error.Message);
                }
                int snapshots = 0;
                string last = null;
                string streamed = juno.Prompt("How is the coffee today?", onSnapshot: text => { snapshots++; last = text; });
                Console.WriteLine("streamed reply\t" + streamed);
                Console.WriteLine("snapshots\t" + snapshots + " " + (last == streamed ? "ending in the reply" : "ending elsewhere"));
                Console.WriteLine("structured reply\t" + juno.Prompt("Rate the coffee.",
                    "{\"type\": \"object\", \"properties\": {\"stars\": {\"type\": \"integer\", \"minimum\": 1, \"maximum\": 5}}, \"required\": [\"stars\"]}"));
                Console.WriteLine("transcript\t" + juno.Transcript());
            }
            Console.WriteLine("tool arguments\t" + string.Join(" ", asked));
            try
            {
                shop.Generate("dragon");
            }
            catch (CoffeeShopException error)
            {
                Console.WriteLine("unknown kind\t" + error.Status + " " + error.Message);
            }
        }
        try
        {
            new Context(model: "gopher://example");
        }
        catch (CoffeeShopException error)
        {
            Console.WriteLine("bad model\t" + error.Status + " " + error.Message);
        }
        return 0;
    }
}
