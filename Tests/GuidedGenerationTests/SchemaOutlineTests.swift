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
