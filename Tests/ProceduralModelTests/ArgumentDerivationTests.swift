@testable import GuidedGeneration
import JSONSchema
@testable import ProceduralModel
import Testing

@Suite struct ArgumentDerivationTests {
    static let instructions = "You are a barista. Today is 2026-11-23."

    static let contactPicker = try! GenerationSchema(jsonSchema: """
        {"type": "object", "properties": {
            "generation": {"type": "string", "enum": ["babyBoomers", "genX", "millennials", "genZ"],
                           "description": "The age generation of the contact"}
        }, "required": ["generation"], "additionalProperties": false}
        """)

    static let eventsByParts = try! GenerationSchema(jsonSchema: """
        {"type": "object", "properties": {
            "day": {"type": "integer", "minimum": 1, "maximum": 31},
            "month": {"type": "integer", "minimum": 1, "maximum": 12},
            "year": {"type": "integer", "minimum": 2000, "maximum": 2100}
        }, "required": ["day", "month", "year"]}
        """)

    static let eventsByDate = try! GenerationSchema(jsonSchema: """
        {"type": "object", "properties": {
            "date": {"type": "string", "format": "date", "description": "The day to look up"},
            "guests": {"type": "integer", "minimum": 1, "maximum": 8, "description": "Number of guests"}
        }, "required": ["date"]}
        """)

    func derive(_ schema: GenerationSchema, _ prompt: String, siblings: [String: GeneratedContent] = [:]) -> ArgumentDerivation.Result {
        ArgumentDerivation.derive(for: schema, prompt: prompt, instructions: Self.instructions, siblings: siblings)
    }

    @Test(arguments: [
        ("Find me someone from generation X", "genX"),
        ("Do you know a gen Z person?", "genZ"),
        ("I'd like to meet a millennial", "millennials"),
        ("Any baby boomers around?", "babyBoomers"),
        ("Introduce me to an old boomer", "babyBoomers"),
        ("Someone Gen-X please", "genX"),
        ("a genz kid", "genZ"),
    ])
    func enumArgumentsComeFromPromptWords(_ prompt: String, _ expected: String) {
        let result = derive(Self.contactPicker, prompt)
        #expect(result.content["generation"]?.stringValue == expected)
        #expect(result.isComplete)
        #expect(Self.contactPicker.violations(of: result.content).isEmpty)
    }

    @Test(arguments: [
        "Who is around today?",
        "Find someone from generation",
        "I need x-ray glasses",
    ])
    func unnamedOrAmbiguousChoicesAreLeftToTheCaller(_ prompt: String) {
        let result = derive(Self.contactPicker, prompt)
        #expect(result.arguments.isEmpty)
        #expect(result.missingRequired == ["generation"])
        #expect(!result.isComplete)
    }

    @Test func enumArgumentFallsBackToASameNamedSibling() {
        let result = derive(Self.contactPicker, "Who could I talk to?", siblings: ["generation": GeneratedContent("Gen-Z")])
        #expect(result.content["generation"]?.stringValue == "genZ")
        #expect(result.isComplete)
        let invalid = derive(Self.contactPicker, "Who could I talk to?", siblings: ["generation": GeneratedContent("boomerang")])
        #expect(invalid.arguments.isEmpty)
        let promptWins = derive(Self.contactPicker, "a millennial", siblings: ["generation": GeneratedContent("genX")])
        #expect(promptWins.content["generation"]?.stringValue == "millennials")
    }

    @Test(arguments: [
        ("Any events tomorrow?", 24, 11, 2026),
        ("What's on next Friday?", 27, 11, 2026),
        ("Anything on the day after tomorrow?", 25, 11, 2026),
        ("Events on December 31st?", 31, 12, 2026),
        ("in 40 days", 2, 1, 2027),
    ])
    func datePartsFillDayMonthYear(_ prompt: String, _ day: Int, _ month: Int, _ year: Int) {
        let result = derive(Self.eventsByParts, prompt)
        #expect(result.content["day"]?.numberValue == Double(day))
        #expect(result.content["month"]?.numberValue == Double(month))
        #expect(result.content["year"]?.numberValue == Double(year))
        #expect(result.isComplete)
        #expect(Self.eventsByParts.violations(of: result.content).isEmpty)
    }

    @Test func datePartsOutsideTheBoundsAreNotDerived() {
        let result = derive(Self.eventsByParts, "What happened on 1999-12-31?")
        #expect(result.derivedNames == ["day", "month"])
        #expect(result.missingRequired == ["year"])
        #expect(!result.isComplete)
    }

    /// "What's going on?" asks about the day the instructions name; with no such day nothing
    /// is derived.
    @Test func aPromptWithoutADateAsksAboutTheReferenceDay() {
        let result = derive(Self.eventsByParts, "What's going on?")
        #expect(result.arguments.map(\.value) == [GeneratedContent(23), GeneratedContent(11), GeneratedContent(2026)])
        #expect(result.isComplete)
        let unanchored = ArgumentDerivation.derive(for: Self.eventsByParts, prompt: "Do you have 3 coffees for 12 people?", instructions: nil)
        #expect(unanchored.arguments.isEmpty)
        #expect(unanchored.missingRequired == ["day", "month", "year"])
    }

    @Test(arguments: [
        ("Is there anything tomorrow for two guests?", "2026-11-24", 2),
        ("What's on this Sunday? We are 4", "2026-11-29", 4),
        ("Table on 24/12/2026 please", "2026-12-24", nil),
        ("Events yesterday with 12 guests", "2026-11-22", nil),
    ] as [(String, String, Int?)])
    func dateStringAndNumberArguments(_ prompt: String, _ date: String, _ guests: Int?) {
        let result = derive(Self.eventsByDate, prompt)
        #expect(result.content["date"]?.stringValue == date)
        #expect(result.content["guests"]?.numberValue == guests.map(Double.init))
        #expect(result.isComplete)
        #expect(Self.eventsByDate.violations(of: result.content).isEmpty)
    }

    @Test func numbersNearTheFieldNameWin() throws {
        let schema = try GenerationSchema(jsonSchema: """
            {"type": "object", "properties": {
                "sugars": {"type": "integer", "minimum": 0, "maximum": 5},
                "cups": {"type": "integer", "minimum": 1, "maximum": 10}
            }, "required": ["sugars", "cups"]}
            """)
        let result = derive(schema, "Three cups of tea, with two sugars in each")
        #expect(result.content["cups"]?.numberValue == 3)
        #expect(result.content["sugars"]?.numberValue == 2)
        #expect(result.isComplete)
        #expect(schema.violations(of: result.content).isEmpty)
    }

    @Test func referenceDateFallsBackToToday() {
        let today = CalendarDate(year: 2028, month: 2, day: 28)
        let result = ArgumentDerivation.derive(for: Self.eventsByDate, prompt: "tomorrow?", instructions: "You are a guide.", today: today)
        #expect(result.content["date"]?.stringValue == "2028-02-29")
        let none = ArgumentDerivation.derive(for: Self.eventsByDate, prompt: "tomorrow?", instructions: "You are a guide.")
        #expect(none.missingRequired == ["date"])
    }

    @Test func choicesWithDescriptionsAndDefinitionsAreRead() throws {
        let schema = try GenerationSchema(jsonSchema: """
            {"type": "object", "properties": {
                "era": {"$ref": "#/$defs/Era"},
                "weekday": {"type": "string", "enum": ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]},
                "month": {"type": "string"}
            }, "required": ["era", "weekday", "month"],
            "$defs": {"Era": {"anyOf": [
                {"const": "b1", "description": "Baby boomers, born 1946 to 1964"},
                {"const": "b2", "description": "Generation X, born 1965 to 1980"}
            ]}}}
            """)
        let result = derive(schema, "Someone of generation X, free next Wednesday")
        #expect(result.content["era"]?.stringValue == "b2")
        #expect(result.content["weekday"]?.stringValue == "Wed")
        #expect(result.content["month"]?.stringValue == "November")
        #expect(result.isComplete)
        #expect(schema.violations(of: result.content).isEmpty)
    }

    @Test func choiceWordScores() {
        #expect(ChoiceWordMatcher.score(["gen", "x"], in: ["generation", "x"]) == 1)
        #expect(ChoiceWordMatcher.score(["gen", "x"], in: ["x", "and", "generation"]) == 0.5)
        #expect(ChoiceWordMatcher.score(["baby", "boomers"], in: ["boomer"]) == 0.5)
        #expect(ChoiceWordMatcher.score(["millennials"], in: ["a", "millennial"]) == 1)
        #expect(ChoiceWordMatcher.score(["gen", "z"], in: ["genz"]) == 1)
        #expect(ChoiceWordMatcher.score(["tea"], in: ["coffee"]) == 0)
    }
}
