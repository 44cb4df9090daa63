import Foundation
import NPCKit
import ProceduralModel
import RegexAutomata
import Testing

private let riddleSource = """
    Riddle: question text, answers list of Answer
    Answer: text text, isCorrect bool
    """

private func fixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/levels/\(name)")
    return try String(contentsOf: url, encoding: .utf8)
}

@Suite("Level creator: encounter types")
struct LevelCreatorTests {
    @Test func riddleExampleGivesARiddleRecordWithOneCorrectAnswer() async throws {
        let riddle = try EncounterType(parsing: riddleSource)
        #expect(riddle.name == "Riddle")
        #expect(riddle.format == .notation)
        #expect(riddle.dynamicSchemas.count == 2)
        let stored = try ProceduralContent.builtIn.recordCollections.flatMap(\.records)
        let questions = Set(stored.compactMap { $0["question"]?.stringValue })
        for instance in try await riddle.instances(count: 12, seed: 2026) {
            try riddle.schema.validate(instance)
            #expect(questions.contains(try #require(instance["question"]?.stringValue)))
            let answers = try #require(instance["answers"]?.elements)
            #expect(answers.filter { $0["isCorrect"]?.boolValue == true }.count == 1)
            #expect(stored.contains(instance))
        }
    }

    /// The example of docs/api-guide.md's "Level creator" section, kept true.
    @Test func readmeExample() async throws {
        let riddle = try EncounterType(parsing: """
            # A riddle and its answers; the first line is the root.
            Riddle: question text "a riddle about coffee", answers list of 3 Answer
            Answer: text text, isCorrect bool
            """)
        let shop = try ContentLibrary.builtIn().model
        let questions = try await riddle.instances(count: 3, seed: 42, model: shop).map { try $0.value(String.self, forProperty: "question") }
        #expect(questions.first == "I hold whole cities but not one house, and rivers that never wet the wall behind the counter. What am I?")
        #expect(riddle.description == """
            Riddle: question text "a riddle about coffee", answers list of 3 Answer
            Answer: text text, isCorrect bool
            """)
        let saved = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(riddle)) as? [String: String]
        #expect(saved?["name"] == "Riddle" && saved?["source"]?.hasPrefix("# A riddle") == true)
    }

    @Test func everyKindBecomesItsSchema() throws {
        let quest = try EncounterType(parsing: try fixture("coffee-quest.level"))
        #expect(quest.name == "Quest")
        #expect(quest.dynamicSchemas.count == 4)
        let schema = quest.schema.jsonSchema
        let defs = try #require(schema["$defs"])
        let courier = try #require(defs["Courier"]?["properties"])
        #expect(courier["name"]?["description"]?.stringValue == "a full name")
        #expect(courier["badge"]?["pattern"]?.stringValue == #"^(?:[A-Z]{3}-\d{2})$"#)
        #expect(courier["level"]?["minimum"]?.numberValue == 1 && courier["level"]?["maximum"]?.numberValue == 10)
        #expect(courier["speed"]?["type"]?.stringValue == "number" && courier["speed"]?["maximum"]?.numberValue == 2.5)
        let stop = try #require(defs["Stop"]?["properties"])
        #expect(stop["drinks"]?["minItems"]?.numberValue == 2 && stop["drinks"]?["maxItems"]?.numberValue == 2)
        #expect(stop["drinks"]?["items"]?["enum"]?.elements?.compactMap(\.stringValue) == ["latte", "mocha", "chai", "flat white"])
        #expect(stop["paid"]?["type"]?.stringValue == "boolean")
        let reward = try #require(defs["Reward"])
        #expect(reward["required"]?.elements?.compactMap(\.stringValue) == ["coins", "tip", "tags"])
        #expect(reward["properties"]?["tags"]?["items"]?["type"]?.stringValue == "string")
        let root = try #require(schema["properties"] ?? defs["Quest"]?["properties"])
        #expect(root["stops"]?["minItems"]?.numberValue == 1 && root["stops"]?["maxItems"]?.numberValue == 3)
        #expect(root["description"] == nil && root["title"]?["description"]?.stringValue == "a short quest title")

        var random = SeededRandom(seed: 5)
        for _ in 0..<200 {
            let instance = quest.schema.generate(random: &random)
            try quest.schema.validate(instance)
            let badge = try #require(instance["courier"]?["badge"]?.stringValue)
            #expect(badge.wholeMatch(of: /[A-Z]{3}-\d{2}/) != nil)
        }
    }

    @Test func aJSONSchemaIsTheAlternativeForm() async throws {
        let source = #"""
            {"title": "Badge", "type": "object", "required": ["code", "level"],
             "properties": {"code": {"type": "string", "pattern": "^[A-Z]{3}$"}, "level": {"type": "integer", "minimum": 1, "maximum": 3}},
             "additionalProperties": false}
            """#
        let badge = try EncounterType(parsing: source)
        #expect(badge.format == .jsonSchema)
        #expect(badge.name == "Badge")
        #expect(badge.dynamicSchemas.isEmpty)
        #expect(badge.description == source)
        #expect(try EncounterType(jsonSchema: source, name: "Pass").name == "Pass")
        #expect(try EncounterType(jsonSchema: #"{"type": "string"}"#).name == "Encounter")
        for instance in try await badge.instances(count: 10, seed: 3) {
            try badge.schema.validate(instance)
            #expect(try #require(instance["code"]?.stringValue).wholeMatch(of: /[A-Z]{3}/) != nil)
        }
    }

    @Test func theNotationRendersBackAndReadsTheSame() throws {
        let quest = try EncounterType(parsing: try fixture("coffee-quest.level"))
        #expect(quest.description == #"""
            Quest: title text "a short quest title", courier Courier, stops list of 1...3 Stop, reward optional Reward
            Courier: name text "a full name", badge text matching /[A-Z]{3}-\d{2}/, level integer 1...10, speed number 0.5...2.5
            Stop: place text, drinks list of 2 one of latte|mocha|chai|"flat white", paid bool
            Reward: coins integer, tip number, note optional text, tags list of text
            """#)
        let again = try EncounterType(parsing: quest.description)
        #expect(again.description == quest.description)
        #expect(again.schema.jsonSchema == quest.schema.jsonSchema)
    }

    @Test func descriptionsAndChoicesWithSpecialCharactersRoundTrip() throws {
        let source = ##"Note: mood text "how \"they\" feel, roughly \\ #1", pick one of "a, b"|"x|y"|"#tag"|""|plain"##
        let note = try EncounterType(parsing: source)
        #expect(note.description == source)
        let mood = try #require(note.schema.jsonSchema["properties"]?["mood"])
        #expect(mood["description"]?.stringValue == #"how "they" feel, roughly \ #1"#)
        #expect(note.schema.jsonSchema["properties"]?["pick"]?["enum"]?.elements?.compactMap(\.stringValue) == ["a, b", "x|y", "#tag", "", "plain"])
    }

    @Test func edgeCasesReadAndGenerate() async throws {
        let cases: [(source: String, first: String)] = [
            ("N: a text matching //", #"{"a":""}"#),
            (#"N: a text matching /\//"#, #"{"a":"/"}"#),
            ("N: a list of 0 text, b list of 0...0 N", #"{"a":[],"b":[]}"#),
            ("N: a integer 5...5, b number 0.1...0.1", #"{"a":5,"b":0.1}"#),
            ("N: a integer -9007199254740992...9007199254740992, b number -1e308...1e308", ""),
            ("Café: é text, Ünï bool", ""),
        ]
        for (source, first) in cases {
            let type = try EncounterType(parsing: source)
            let instances = try await type.instances(count: 3, seed: 1)
            #expect(first.isEmpty || instances[0].jsonString == first, "\(source)")
            #expect(instances.allSatisfy(type.schema.isValid), "\(source)")
            #expect(try EncounterType(parsing: type.description).description == type.description)
        }
    }

    @Test func codableStoresNameAndSourceAndRebuilds() throws {
        let riddle = try EncounterType(parsing: "# my riddle\n" + riddleSource)
        let data = try JSONEncoder().encode(riddle)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: String])
        #expect(object == ["name": "Riddle", "source": riddle.source])
        let decoded = try JSONDecoder().decode(EncounterType.self, from: data)
        #expect(decoded == riddle)
        #expect(decoded.description == riddle.description)
        #expect(decoded.schema.jsonSchema == riddle.schema.jsonSchema)

        let renamed = try JSONDecoder().decode(EncounterType.self, from: Data(#"{"name": "Brain teaser", "source": "Riddle: question text"}"#.utf8))
        #expect(renamed.name == "Brain teaser")
        let json = try JSONDecoder().decode(EncounterType.self, from: Data(#"{"name": "Level", "source": "{\"type\": \"integer\"}"}"#.utf8))
        #expect(json.format == .jsonSchema && json.name == "Level")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(EncounterType.self, from: Data(#"{"name": "Broken", "source": "Riddle: question txt"}"#.utf8))
        }
    }

    @Test func theSameSeedGivesTheSameInstancesAndEachAlone() async throws {
        let quest = try EncounterType(parsing: try fixture("coffee-quest.level"))
        let first = try await quest.instances(count: 6, seed: 99)
        let second = try await quest.instances(count: 6, seed: 99)
        #expect(first.map(\.jsonString) == second.map(\.jsonString))
        #expect(try await quest.instance(at: 4, seed: 99).jsonString == first[4].jsonString)
        let other = try await quest.instances(count: 6, seed: 100)
        #expect(other.map(\.jsonString) != first.map(\.jsonString))
        #expect(Set(first.map(\.jsonString)).count > 1)
        #expect(try await quest.instances(count: 0, seed: 1).isEmpty)
        #expect(try await quest.instances(count: -3, seed: 1).isEmpty)
    }
}

@Suite("Level creator: errors")
struct LevelCreatorErrorTests {
    private func error(_ source: String) -> EncounterTypeError? {
        do {
            _ = try EncounterType(parsing: source)
            return nil
        } catch {
            return error
        }
    }

    @Test func unknownKind() {
        #expect(error("# riddles\nRiddle: question text, answer txt") == .unknownKind("txt", line: 2, column: 31))
        #expect(error("# riddles\nRiddle: question text, answer txt")?.description.hasPrefix("line 2, column 31: unknown kind 'txt'; use text, integer") == true)
    }

    @Test func danglingReferenceNamesTheTypeAndTheLineUsingIt() {
        let found = error("# riddles\nRiddle: question text, answers list of Answr\nAnswer: text text")
        #expect(found == .danglingReference("Answr", usedBy: "Riddle.answers", line: 2, column: 40))
        #expect(found?.description == "line 2, column 40: no type named 'Answr' (used by Riddle.answers); define it on a line of its own")
    }

    @Test func duplicateTypeAndField() {
        #expect(error("Riddle: a text\n\nRiddle: b text") == .duplicateType("Riddle", line: 3, firstLine: 1))
        #expect(error("Riddle: a text, b bool, a integer") == .duplicateField("a", type: "Riddle", line: 1, column: 25))
    }

    @Test func emptyType() {
        #expect(error("Riddle: q text\nAnswer:   # nothing yet") == .emptyType("Answer", line: 2))
        #expect(error("") == .noTypes)
        #expect(error("# only a comment\n\n   \n") == .noTypes)
    }

    @Test func badRanges() {
        #expect(error("Npc: level integer 10...1") == .badRange("10...1", reason: "the lower bound 10 is above the upper bound 1", line: 1, column: 20))
        #expect(error("Npc: level integer 1..10") == .badRange("1..10", reason: "expected LOW...HIGH, as in 1...10", line: 1, column: 20))
        #expect(error("Npc: level integer 1.5...3") == .badRange("1.5...3", reason: "'1.5' is not a whole number", line: 1, column: 20))
        #expect(error("Npc: speed number 0.5...inf") == .badRange("0.5...inf", reason: "'inf' is not a finite decimal number", line: 1, column: 19))
        #expect(error("Npc: speed number 2.5...0.5") == .badRange("2.5...0.5", reason: "the lower bound 2.5 is above the upper bound 0.5", line: 1, column: 19))
        #expect(error("Npc: n integer 0...9007199254740993") == .badRange("0...9007199254740993",
            reason: "whole numbers are exact only within ±9007199254740992 (2^53)", line: 1, column: 16))
        #expect(error("Npc: tags list of -1 text") == .badRange("-1", reason: "a list count cannot be negative", line: 1, column: 19))
        #expect(error("Npc: tags list of 4...2 text") == .badRange("4...2", reason: "the lower bound 4 is above the upper bound 2", line: 1, column: 19))
    }

    @Test func badRegexComesFromTheEngine() {
        let found = error("Npc: code text matching /(A)\\1[A-Z]+/")
        guard case .badRegex(let pattern, let reason, 1, 25) = found else {
            Issue.record("expected a bad regex at 1:25, got \(String(describing: found))")
            return
        }
        #expect(pattern == "(A)\\1[A-Z]+")
        #expect(reason.contains("backreference"))
        guard case .badRegex(_, let unbalanced, 1, 25) = error("Npc: code text matching /a)(b/") else {
            Issue.record("a pattern that only balances inside the anchoring group is refused")
            return
        }
        #expect(unbalanced.contains("unmatched ')'"))
    }

    @Test func unsatisfiableSchemas() {
        #expect(error("Npc: code text matching /[^\\s\\S]/") == .unsatisfiable(reason: #"no text matches /[^\s\S]/ as a whole"#, line: 1, column: 25))
        let cycle = error("Mall: shops list of Shop\nShop: owner Person\nPerson: shops list of 1...2 Shop, name text")
        #expect(cycle == .unsatisfiable(
            reason: "type 'Shop' has no finite instance: Shop → Person → Shop needs itself forever; make a field optional or let a list be empty",
            line: 2, column: 1))
        // Bounds are exact decimals, so even a range far below Double's precision has instances.
        #expect(error("Npc: speed number 1e-300...2e-300") == nil)
        #expect(error("Node: next Node") != nil)
        #expect(error("Node: next optional Node, children list of 0...2 Node, name text") == nil)
        #expect(error("Node: children list of 1...2 Node") != nil)
    }

    @Test func syntaxErrorsPointAtTheirColumn() {
        #expect(error("riddle: q text") == .syntax(message: "a line starts with a type name beginning with an uppercase letter, found 'riddle'", line: 1, column: 1))
        #expect(error("Riddle q text") == .syntax(message: "expected ':' after the type name 'Riddle', found 'q'", line: 1, column: 8))
        #expect(error("Riddle: q") == .syntax(message: "expected a kind for field 'q': text, integer, number, bool, one of, list of, optional or a type name before the end of the line", line: 1, column: 10))
        #expect(error("Riddle: q text,") == .syntax(message: "expected a field after ',' before the end of the line", line: 1, column: 16))
        #expect(error("Riddle: q text bool") == .syntax(message: "unexpected 'bool' after field 'q'; separate fields with ','", line: 1, column: 16))
        #expect(error(#"Riddle: q text "unclosed"#) == .syntax(message: "unterminated quoted text; close it with '\"'", line: 1, column: 16))
        #expect(error("Riddle: q text matching /abc") == .syntax(message: "unterminated regex; close it with '/'", line: 1, column: 25))
        #expect(error("Riddle: q text matching abc")?.column == 25)
        #expect(error("Riddle: q one of a|b|a") == .syntax(message: "the choice 'a' is listed twice", line: 1, column: 22))
        #expect(error("Riddle: q list of optional text")?.column == 19)
        #expect(error("Riddle: q list text") == .syntax(message: "expected 'of' after 'list', found 'text'", line: 1, column: 16))
    }

    @Test func jsonSchemaProblemsCarryTheirPointer() {
        #expect(error(#"{"type": "object", "properties": {"a": {"type": "strin"}}}"#) == .jsonSchema(message: "unknown type 'strin'", pointer: "/properties/a/type"))
        #expect(error("{\"type\": \n [1, ]}") == .jsonSyntax(message: "trailing comma before ']'", line: 2, column: 6))
        guard case .jsonSchema(let message, "/properties/a/pattern") = error(#"{"properties": {"a": {"type": "string", "pattern": "(x)\\1"}}}"#) else {
            Issue.record("expected a pattern refusal at its pointer")
            return
        }
        #expect(message.contains("backreference"))
        #expect(error(#"{"type": "string", "minLength": 3, "maxLength": 1}"#)?.description.hasPrefix("JSON Schema refused at the root: no instance") == true)
    }
}

@Suite("Level creator: random notations")
struct LevelCreatorPropertyTests {
    @Test func validNotationsGiveValidInstancesAndRoundTrip() async throws {
        var generator = RandomNotationGenerator(seed: 1)
        for case_ in 0..<300 {
            let notation = generator.notation()
            let type: EncounterType
            do {
                type = try EncounterType(parsing: notation.text)
            } catch {
                Issue.record("case \(case_): \(error)\n\(notation.text)")
                continue
            }
            let again = try EncounterType(parsing: type.description)
            #expect(again.description == type.description)
            #expect(again.schema.jsonSchema == type.schema.jsonSchema)
            for instance in try await type.instances(count: 2, seed: UInt64(case_)) {
                #expect(type.schema.isValid(instance), "case \(case_): \(instance.jsonString)")
            }
        }
    }

    /// Each mutation breaks a valid notation in one known way; the error names the line.
    @Test func mutatedNotationsFailWithATypedErrorOnTheirLine() throws {
        var generator = RandomNotationGenerator(seed: 2)
        var random = SeededRandom(seed: 3)
        for case_ in 0..<300 {
            var notation = generator.notation()
            let target = random.int(in: 0...(notation.types.count - 1))
            let field = random.int(in: 0...(notation.types[target].fields.count - 1))
            let expected: (EncounterTypeError) -> Bool
            switch case_ % 8 {
            case 0:
                notation.types[target].fields[field].kind = "txet"
                notation.types[target].fields[field].isOptional = false
                expected = { if case .unknownKind("txet", _, _) = $0 { true } else { false } }
            case 1:
                notation.types[target].fields[field].kind = "Missing"
                expected = { if case .danglingReference("Missing", _, _, _) = $0 { true } else { false } }
            case 2:
                notation.types[target].fields.append(notation.types[target].fields[field])
                expected = { if case .duplicateField = $0 { true } else { false } }
            case 3:
                notation.types[target].fields = []
                expected = { if case .emptyType = $0 { true } else { false } }
            case 4:
                notation.types[target].fields[field].kind = "integer 9...\(random.int(in: -5...8))"
                expected = { if case .badRange = $0 { true } else { false } }
            case 5:
                notation.types[target].fields[field].kind = "text matching /[a-z]+)/"
                expected = { if case .badRegex = $0 { true } else { false } }
            case 6:
                notation.types[target].fields[field].kind = notation.types[target].name
                notation.types[target].fields[field].isOptional = false
                expected = { if case .unsatisfiable = $0 { true } else { false } }
            default:
                notation.types[target].fields[field].description = "unclosed"
                notation.types[target].fields[field].kind += " \"oops"
                expected = { if case .syntax = $0 { true } else { false } }
            }
            do {
                _ = try EncounterType(parsing: notation.text)
                Issue.record("case \(case_) was accepted:\n\(notation.text)")
            } catch {
                #expect(expected(error), "case \(case_): \(error)\n\(notation.text)")
                #expect(error.line == notation.line(ofType: target), "case \(case_): \(error)\n\(notation.text)")
                #expect(!error.description.contains("\n"))
            }
        }
    }

    /// Random edits (a character dropped, doubled or replaced) either still read, and then
    /// generate valid instances, or fail with a typed error on a line of the source.
    @Test func randomEditsNeverCrash() throws {
        var generator = RandomNotationGenerator(seed: 4)
        var random = SeededRandom(seed: 5)
        let noise: [Character] = [":", ",", "|", "\"", "/", "#", ".", "-", "x", "A", " ", "\n", "[", "("]
        for _ in 0..<400 {
            var characters = Array(generator.notation().text)
            let position = random.int(in: 0...(characters.count - 1))
            switch random.int(in: 0...2) {
            case 0: characters.remove(at: position)
            case 1: characters.insert(characters[position], at: position)
            default: characters[position] = noise[random.int(in: 0...(noise.count - 1))]
            }
            let source = String(characters)
            do {
                let type = try EncounterType(parsing: source)
                var instances = SeededRandom(seed: 6)
                #expect(type.schema.isValid(type.schema.generate(random: &instances)), "\(source)")
            } catch {
                let lines = source.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).count
                #expect(error == .noTypes || (1...lines).contains(error.line ?? 0), "\(error)\n\(source)")
            }
        }
    }
}
