import Foundation
import GuidedGeneration
import JSONSchema
import Testing

/// A schema too long for a prompt is told as an outline of the reply's shape that fits the
/// budget; one that fits is shown whole.
@Suite struct SchemaOutlineTests {
    static func system(for schema: GenerationSchema) throws -> String {
        let request = LanguageModelRequest(transcript: Transcript(entries: [.prompt(.init(segments: [.text(.init(content: "Fill it in."))]))]),
                                           tools: [], schema: schema, options: GenerationOptions())
        return try #require(try GuidedTurnPlan(request: request).messages.first { $0.role == "system" }?.content)
    }

    @Test func aSmallSchemaIsShownWhole() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}"#)
        let system = try Self.system(for: schema)
        #expect(system.contains("follows this JSON Schema") && system.contains(#""properties":{"name":{"type":"string"}}"#), "\(system)")
    }

    /// A conversation that already shows a reply of the schema (a few-shot example) is told only
    /// what the example cannot show: what the described properties mean, at any depth, each
    /// once — not the schema's JSON; a reply that breaks the schema is no example.
    @Test func anExampleReplyLeavesOnlyTheFieldNotes() throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "description": "A customer",
             "properties": {"name": {"type": "string", "description": "A full name"},
                            "order": {"type": "object", "properties": {"drink": {"enum": ["latte", "mocha"]},
                                                                        "name": {"type": "string", "description": "Who it is for"}},
                                      "required": ["drink"]},
                            "mood": {"anyOf": [{"const": "calm"}, {"type": "object", "properties": {"complaint": {"type": "string", "description": "a complaint for the manager"}}}]}},
             "required": ["name", "order"]}
            """#)
        func system(example: String) throws -> String {
            let prompt = Transcript.Entry.prompt(.init(segments: [.text(.init(content: "Invent a customer."))]))
            let entries: [Transcript.Entry] = [prompt, .response(.init(assetIDs: [], segments: [.text(.init(content: example))])), prompt]
            let request = LanguageModelRequest(transcript: Transcript(entries: entries), tools: [], schema: schema, options: GenerationOptions())
            return try #require(try GuidedTurnPlan(request: request).messages.first { $0.role == "system" }?.content)
        }
        let shown = try system(example: #"{"name": "Ada Lovelace", "order": {"drink": "mocha"}}"#)
        #expect(shown == "Reply with JSON shaped like the replies above (the reply is held to its JSON Schema). "
                    + "Fields: name — A full name; complaint — a complaint for the manager.", "\(shown)")
        let broken = try system(example: #"{"name": "Ada Lovelace", "order": {"drink": "tea"}}"#)
        #expect(broken.contains("follows this JSON Schema") && broken.contains(#""enum":["latte","mocha"]"#), "\(broken)")
    }

    @Test func aHugeSchemaIsOutlinedWithinTheBudget() throws {
        // 400 properties with long descriptions, an enum of 300 values and a nested object: far
        // past the budget as JSON Schema.
        var properties: [String] = []
        for index in 0..<400 {
            let description = String(repeating: "A long explanation of field \(index). ", count: 6)
            properties.append(#""field\#(index)": {"type": "string", "description": "\#(description)"}"#)
        }
        let colours = (0..<300).map { #""colour\#($0)""# }.joined(separator: ", ")
        properties.append(#""colour": {"enum": [\#(colours)]}"#)
        properties.append(#""address": {"type": "object", "description": "Where they live", "properties": {"city": {"type": "string"}, "tags": {"type": "array", "items": {"type": "integer"}}}, "required": ["city"]}"#)
        let json = #"{"type": "object", "properties": {\#(properties.joined(separator: ", "))}, "required": ["address", "colour"]}"#
        let schema = try GenerationSchema(jsonSchema: json)
        #expect(schema.jsonSchema.jsonString.count > 100_000)
        let system = try Self.system(for: schema)
        #expect(system.count <= 6_200, "\(system.count)")
        #expect(system.contains("outline"))
        let outline = try #require(system.range(of: "{").map { String(system[$0.lowerBound...]) })
        let shape = try GeneratedContent(json: outline)
        #expect(Set(shape.orderedKeys.prefix(2)) == ["address", "colour"], "required properties first")
        #expect(shape["address"]?["city"]?.stringValue == "string")
        #expect(shape["address"]?["tags"] == GeneratedContent(elements: [GeneratedContent("integer")]))
        #expect(shape["colour"]?.stringValue == #"one of: "colour0", "colour1", "colour2", "colour3" (and 296 more)"#)
        #expect(shape["field0"]?.stringValue?.hasPrefix("string — A long explanation of field 0.") == true)
        #expect(shape["…"]?.stringValue?.hasSuffix("more properties") == true)
    }
}
