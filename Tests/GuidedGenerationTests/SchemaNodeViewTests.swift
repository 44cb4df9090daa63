import Foundation
import Testing
@testable import GuidedGeneration

/// `GenerationSchema.Node`: the compiled schema read by its properties, items, types, choices and
/// descriptions, with references followed — the one way models read a schema's shape.
@Suite struct SchemaNodeViewTests {
    @Test func propertiesItemsAndTypesFollowReferences() throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "required": ["question", "answers"],
             "properties": {
                "question": {"type": "string", "description": "The riddle", "format": "uuid"},
                "answers": {"type": "array", "items": {"$ref": "#/$defs/Answer"}},
                "level": {"$ref": "#/$defs/a~1b"}},
             "$defs": {
                "Answer": {"type": "object", "properties": {"text": {"type": "string"}, "isCorrect": {"type": "boolean"}}},
                "a/b": {"$ref": "#/$defs/Level"},
                "Level": {"type": "integer", "minimum": 1}}}
            """#)
        let root = schema.root
        #expect(root.properties.map(\.name) == ["question", "answers", "level"])
        #expect(root.required == ["question", "answers"])
        #expect(root.typeNames == ["object"])
        let question = try #require(root.properties.first?.node)
        #expect(question.description == "The riddle" && question.format == "uuid" && question.typeNames == ["string"])
        let answer = try #require(root.properties[1].node.items)
        #expect(answer.properties.map(\.name) == ["text", "isCorrect"])
        #expect(answer.properties.map(\.node.typeNames) == [["string"], ["boolean"]])
        // An escaped definition name (`~1` is `/`) and a chain of references both resolve.
        #expect(root.properties[2].node.typeNames == ["integer"])
        #expect(root.properties[2].node.items == nil && root.properties[2].node.properties.isEmpty)
    }

    @Test func choicesComeFromEnumConstOrConstantBranches() throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "properties": {
                "size": {"enum": ["small", "large"]},
                "kind": {"const": "tea"},
                "mood": {"anyOf": [{"const": "calm", "description": "At ease"}, {"$ref": "#/$defs/Loud"}]},
                "mixed": {"anyOf": [{"const": 1}, {"type": "string"}]},
                "free": {"type": "number"}},
             "$defs": {"Loud": {"enum": ["rowdy", "brash"], "title": "Noisy"}}}
            """#)
        let nodes = Dictionary(uniqueKeysWithValues: schema.root.properties.map { ($0.name, $0.node) })
        func values(_ name: String) -> [String] { nodes[name]?.choices.map(\.value.jsonString) ?? [] }
        #expect(values("size") == [#""small""#, #""large""#])
        #expect(values("kind") == [#""tea""#])
        #expect(values("mood") == [#""calm""#, #""rowdy""#, #""brash""#])
        #expect(nodes["mood"]?.choices.map(\.description) == ["At ease", "Noisy", "Noisy"])
        #expect(values("mixed").isEmpty, "a branch that is not a constant makes the field free")
        #expect(values("free").isEmpty && nodes["free"]?.typeNames == ["number"])
    }

    @Test func generableTypesReadTheSameWay() throws {
        struct Order: Generable {
            enum Size: String, Codable, CaseIterable { case small, large }
            let drink: String
            let size: Size
            let extras: [String]
        }
        let root = try Order.generationSchema.root
        #expect(root.properties.map(\.name) == ["drink", "size", "extras"])
        #expect(root.properties[1].node.choices.map(\.value.jsonString) == [#""small""#, #""large""#])
        #expect(root.properties[2].node.items?.typeNames == ["string"])
    }
}
