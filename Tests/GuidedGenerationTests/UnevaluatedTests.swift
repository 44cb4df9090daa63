import Foundation
@testable import GuidedGeneration
import JSONSchema
import TestSupport
import Testing

/// `unevaluatedProperties` and `unevaluatedItems`, validated with the annotations of every
/// in-place subschema a value passes (the official suite's groups run in
/// `JSONSchemaTestSuiteTests`) and generated from what the merged positive parts evaluate.
@Suite struct UnevaluatedTests {
    @Test func generationKeepsToWhatTheSubschemasEvaluate() throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "required": ["kind"],
             "properties": {"kind": {"enum": ["cup", "bean"]}},
             "allOf": [{"if": {"properties": {"kind": {"const": "cup"}}},
                        "then": {"properties": {"size": {"enum": ["S", "M", "L"]}}, "required": ["size"]},
                        "else": {"properties": {"origin": {"type": "string", "maxLength": 8}}, "required": ["origin"]}}],
             "unevaluatedProperties": false}
            """#)
        let instances = try schema.validInstances(count: 60, seed: 4)
        for instance in instances {
            let keys = Set(instance.orderedKeys)
            #expect(keys == ["kind", "size"] || keys == ["kind", "origin"], "\(instance.jsonString)")
        }
        #expect(Set(instances.map { $0["kind"]?.stringValue }).count == 2)
    }

    @Test func itemsPastThePrefixTakeTheUnevaluatedSchema() throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type": "array", "minItems": 3, "maxItems": 5,
             "allOf": [{"prefixItems": [{"const": "header"}]}],
             "unevaluatedItems": {"type": "integer", "minimum": 0, "maximum": 9}}
            """#)
        for instance in try schema.validInstances(count: 40, seed: 2) {
            let items = try #require(instance.elements)
            #expect(items.first == GeneratedContent("header"))
            #expect(items.dropFirst().allSatisfy { ($0.numberValue ?? -1) >= 0 && ($0.numberValue ?? 10) <= 9 })
        }
    }

    /// A cousin's properties are not evaluated for a sibling's `unevaluatedProperties: false`, so a
    /// schema requiring one is refused, as a validator would reject every instance.
    @Test func cousinsDoNotCountAndNothingIsInvented() throws {
        #expect(throws: GenerationSchema.SchemaError.self) {
            try GenerationSchema(jsonSchema: #"""
                {"allOf": [{"type": "object", "properties": {"a": {"type": "string"}}, "unevaluatedProperties": false},
                           {"type": "object", "properties": {"b": {"type": "string"}}, "required": ["b"]}]}
                """#)
        }
        let open = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "properties": {"a": {"const": 1}}, "required": ["a"],
             "unevaluatedProperties": {"type": "boolean"}, "minProperties": 3}
            """#)
        for instance in try open.validInstances(count: 30, seed: 9) {
            for key in instance.orderedKeys where key != "a" {
                #expect(instance[key]?.boolValue != nil, "\(instance.jsonString)")
            }
        }
    }

    /// Every group of the suite's two files that compiles is generated from, and each instance is
    /// valid for our validator and, where installed, Python `jsonschema`.
    @Test func suiteSchemasGenerateValidInstances() throws {
        guard SharedData.isAvailable else {
            print("skipped: ../shared/data is absent")
            return
        }
        var pairs: [String] = []
        var compiled = 0
        var groups = 0
        for file in ["unevaluatedProperties.json", "unevaluatedItems.json"] {
            for group in try JSONSchemaTestSuiteTests.groups(in: file) {
                let document = try #require(group["schema"])
                groups += 1
                guard let schema = try? GenerationSchema(jsonSchema: document) else { continue }
                compiled += 1
                let instances: [GeneratedContent]
                do {
                    instances = try schema.validInstances(count: 8, seed: UInt64(groups))
                } catch {
                    Issue.record("\(file), '\(group["description"]?.stringValue ?? "")': \(error)")
                    continue
                }
                for instance in instances {
                    pairs.append(GeneratedContent(properties: [("schema", document), ("instance", instance)]).jsonString)
                }
            }
        }
        print("unevaluated groups: \(groups), generated from: \(compiled), instances: \(pairs.count)")
        #expect(compiled >= groups * 3 / 4)
        guard let python = PythonJSONSchema.python else {
            print("skipped the Python check: set COFFEESHOP_JSONSCHEMA_PYTHON")
            return
        }
        let (status, report) = try PythonJSONSchema.check(pairs, python: python)
        #expect(status == 0, "\(report)")
    }
}
