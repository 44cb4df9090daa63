@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import TestSupport
import Testing

/// JSON Schema import across drafts, refusals, vendor keywords, and export that re-imports to an
/// equivalent schema.
@Suite struct JSONSchemaImportExportTests {
    static func schema(_ text: String) throws -> GenerationSchema {
        try GenerationSchema(jsonSchema: text)
    }

    static func valid(_ schema: GenerationSchema, _ json: String) throws -> Bool {
        schema.isValid(try GeneratedContent(json: json))
    }

    // MARK: - Earlier drafts

    @Test func draft4BooleanExclusiveBounds() throws {
        let schema = try Self.schema(#"""
        {"$schema": "http://json-schema.org/draft-04/schema#", "type": "number",
         "minimum": 5, "exclusiveMinimum": true, "maximum": 10, "exclusiveMaximum": false}
        """#)
        #expect(try !Self.valid(schema, "5"))
        #expect(try Self.valid(schema, "5.5"))
        #expect(try Self.valid(schema, "10"))
        #expect(try !Self.valid(schema, "10.5"))
        let exported = schema.jsonSchema
        #expect(exported["exclusiveMinimum"]?.numberValue == 5)
        #expect(exported["minimum"] == nil)
        #expect(exported["maximum"]?.numberValue == 10)
    }

    @Test func draft4IdAndDefinitions() throws {
        let schema = try Self.schema(#"""
        {"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://example.com/root.json",
         "type": "object",
         "properties": {"byAnchor": {"$ref": "#count"}, "byPointer": {"$ref": "#/definitions/name"},
                        "byURI": {"$ref": "http://example.com/name.json"}},
         "definitions": {
            "count": {"id": "#count", "type": "integer", "minimum": 0},
            "name": {"id": "name.json", "type": "string", "maxLength": 3}}}
        """#)
        #expect(try Self.valid(schema, #"{"byAnchor": 3, "byPointer": "abc", "byURI": "xy"}"#))
        #expect(try !Self.valid(schema, #"{"byAnchor": -1}"#))
        #expect(try !Self.valid(schema, #"{"byPointer": "abcd"}"#))
        #expect(try !Self.valid(schema, #"{"byURI": 7}"#))
    }

    @Test func draft7RefIgnoresItsSiblings() throws {
        let schema = try Self.schema(#"""
        {"$schema": "http://json-schema.org/draft-07/schema#",
         "definitions": {"small": {"type": "integer", "maximum": 3}},
         "properties": {"n": {"$ref": "#/definitions/small", "minimum": 100}}}
        """#)
        #expect(try Self.valid(schema, #"{"n": 2}"#))
        #expect(try !Self.valid(schema, #"{"n": 200}"#))
    }

    @Test(arguments: ["http://json-schema.org/draft-06/schema#", "http://json-schema.org/draft-07/schema#"])
    func dependenciesInBothForms(metaSchema: String) throws {
        let schema = try Self.schema(#"""
        {"$schema": "\#(metaSchema)", "type": "object",
         "dependencies": {"card": ["billing"], "vip": {"required": ["level"], "properties": {"level": {"type": "integer"}}}}}
        """#)
        #expect(try Self.valid(schema, #"{"card": 1, "billing": "x"}"#))
        #expect(try !Self.valid(schema, #"{"card": 1}"#))
        #expect(try Self.valid(schema, #"{"vip": true, "level": 2}"#))
        #expect(try !Self.valid(schema, #"{"vip": true}"#))
        #expect(try !Self.valid(schema, #"{"vip": true, "level": "high"}"#))
        #expect(try Self.valid(schema, #"{"level": "high"}"#))
        let exported = schema.jsonSchema
        #expect(exported["dependentRequired"]?["card"] != nil)
        #expect(exported["dependentSchemas"]?["vip"] != nil)
        #expect(exported["dependencies"] == nil)
    }

    @Test(arguments: ["http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2019-09/schema"])
    func arrayFormItemsWithAdditionalItems(metaSchema: String) throws {
        let schema = try Self.schema(#"""
        {"$schema": "\#(metaSchema)", "type": "array",
         "items": [{"type": "string"}, {"type": "integer"}], "additionalItems": {"type": "boolean"}}
        """#)
        #expect(try Self.valid(schema, #"["a", 1, true, false]"#))
        #expect(try Self.valid(schema, #"["a"]"#))
        #expect(try !Self.valid(schema, #"[1, 1]"#))
        #expect(try !Self.valid(schema, #"["a", 1, "more"]"#))
        let exported = schema.jsonSchema
        #expect(exported["prefixItems"]?.elements?.count == 2)
        #expect(exported["items"]?["type"]?.stringValue == "boolean")
        var random = SeededRandom(seed: 3)
        for _ in 0..<20 { #expect(schema.isValid(schema.generate(random: &random))) }
    }

    @Test func draft2019DefsAndAnchor() throws {
        let schema = try Self.schema(#"""
        {"$schema": "https://json-schema.org/draft/2019-09/schema",
         "$defs": {"code": {"$anchor": "code", "type": "string", "pattern": "^[A-Z]{3}$"}},
         "type": "array", "items": {"$ref": "#code"}}
        """#)
        #expect(try Self.valid(schema, #"["ABC", "XYZ"]"#))
        #expect(try !Self.valid(schema, #"["abc"]"#))
    }

    /// draft-07 schemas often give a definition an `$id` that is its own pointer; it names no new
    /// resource, so references to that pointer — and plain-name ids beside it — still resolve.
    @Test func draft7PointerFragmentIDsAndPlainNameIDs() throws {
        let schema = try Self.schema(#"""
        {"$schema": "http://json-schema.org/draft-07/schema#", "type": "object",
         "properties": {"env": {"$ref": "#/definitions/envVar"}, "size": {"$ref": "#size"}, "list": {"$ref": "#/definitions/list"}},
         "required": ["env", "size", "list"], "additionalProperties": false,
         "definitions": {"envVar": {"$id": "#/definitions/envVar", "type": "string", "pattern": "^[A-Z_]+$"},
                         "sized": {"$id": "#size", "type": "integer", "minimum": 3, "maximum": 5},
                         "list": {"$id": "#/definitions/list", "type": "array", "items": {"$ref": "#/definitions/envVar"}, "maxItems": 2}}}
        """#)
        #expect(try Self.valid(schema, #"{"env": "HOME", "size": 4, "list": ["A_B"]}"#))
        #expect(try !Self.valid(schema, #"{"env": "home", "size": 4, "list": []}"#))
        #expect(try !Self.valid(schema, #"{"env": "HOME", "size": 9, "list": []}"#))
        #expect(try !Self.valid(schema, #"{"env": "HOME", "size": 4, "list": ["a"]}"#))
        var random = SeededRandom(seed: 5)
        for _ in 0..<20 { #expect(schema.isValid(schema.generate(random: &random))) }
    }

    /// Heroku-style draft-04 schemas: a definition's `id` moves the base URI, yet its references
    /// are written from the document root. The resource has no such place, so the root's is used;
    /// where the resource does have it, the resource's still wins.
    @Test func fragmentReferencesInsideAMovedBaseFallBackToTheDocumentRoot() throws {
        let schema = try Self.schema(#"""
        {"$schema": "http://json-schema.org/draft-04/schema#", "type": "object",
         "properties": {"app": {"$ref": "#/definitions/app"}}, "required": ["app"],
         "definitions": {"app": {"id": "schemata/app", "type": "object", "required": ["id", "local"],
                                 "properties": {"id": {"$ref": "#/definitions/app/definitions/id"}, "local": {"$ref": "#/definitions/flag"}},
                                 "definitions": {"id": {"type": "string", "pattern": "^[0-9]+$"}, "flag": {"type": "boolean"}}},
                         "flag": {"type": "integer"}}}
        """#)
        #expect(try Self.valid(schema, #"{"app": {"id": "42", "local": true}}"#))
        #expect(try !Self.valid(schema, #"{"app": {"id": "x", "local": true}}"#))
        #expect(try !Self.valid(schema, #"{"app": {"id": "42", "local": 1}}"#), "the resource's own #/definitions/flag wins")
        var random = SeededRandom(seed: 5)
        for _ in 0..<20 { #expect(schema.isValid(schema.generate(random: &random))) }
    }

    // MARK: - Recursion

    @Test func recursiveReferenceValidatesAndGenerates() throws {
        let schema = try Self.schema(#"""
        {"$defs": {"node": {"type": "object", "required": ["name"], "additionalProperties": false,
                            "properties": {"name": {"type": "string", "maxLength": 5},
                                           "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}}}},
         "$ref": "#/$defs/node"}
        """#)
        #expect(try Self.valid(schema, #"{"name": "a", "children": [{"name": "b", "children": [{"name": "c"}]}]}"#))
        #expect(try !Self.valid(schema, #"{"name": "a", "children": [{"name": "b", "children": [{"nom": "c"}]}]}"#))
        var random = SeededRandom(seed: 11)
        for _ in 0..<50 {
            let tree = schema.generate(random: &random)
            #expect(schema.violations(of: tree).isEmpty, "\(tree.jsonString)")
        }
        let reimported = try GenerationSchema(jsonSchema: schema.jsonSchema)
        #expect(try !Self.valid(reimported, #"{"name": "a", "children": [{"name": "toolong"}]}"#))
    }

    @Test func recursionThroughTheRootPointer() throws {
        let schema = try Self.schema(##"{"type": "array", "maxItems": 2, "items": {"anyOf": [{"type": "integer"}, {"$ref": "#"}]}}"##)
        #expect(try Self.valid(schema, "[1, [2, [3]]]"))
        #expect(try !Self.valid(schema, #"[1, ["x"]]"#))
    }

    // MARK: - Refusals

    /// The keyword and pointer an unsupported-keyword refusal names.
    static func refusal(_ text: String) -> (keyword: String, pointer: String)? {
        do {
            _ = try GenerationSchema(jsonSchema: text)
        } catch let GenerationSchema.SchemaError.unsupportedKeyword(keyword, pointer, _) {
            return (keyword, pointer)
        } catch {
            Issue.record("unexpected error \(error)")
        }
        return nil
    }

    @Test(arguments: [
        (#"{"properties": {"a": {"$ref": "https://example.com/other.json"}}}"#, "$ref", "/properties/a/$ref"),
        (##"{"$defs": {"x": {"items": {"$ref": "other.json#/$defs/y"}}}, "$ref": "#/$defs/x"}"##, "$ref", "/$defs/x/items/$ref"),
        (##"{"$id": "https://example.com/root", "$ref": "list", "$defs": {"item": {"$dynamicAnchor": "item", "type": "integer"}, "list": {"$id": "list", "$dynamicAnchor": "item", "type": "array", "minItems": 1, "items": {"$dynamicRef": "#item"}}}}"##, "$dynamicRef", "/$defs/list/items/$dynamicRef"),
        (##"{"$schema": "https://json-schema.org/draft/2019-09/schema", "$recursiveAnchor": true, "items": {"$recursiveRef": "#"}}"##, "$recursiveRef", "/items/$recursiveRef"),
        (#"{"properties": {"p": {"type": "string", "pattern": "^(a)\\1$"}}}"#, "pattern", "/properties/p/pattern"),
        (#"{"patternProperties": {"(a)\\1": {}}}"#, "patternProperties", "/patternProperties/(a)\\1"),
    ])
    func refusesWhatItCannotHonourExactly(text: String, keyword: String, pointer: String) throws {
        let found = try #require(Self.refusal(text), "\(text) should be refused")
        #expect(found.keyword == keyword)
        #expect(found.pointer == pointer)
    }

    @Test func refusalMessagesNameKeywordAndPointer() {
        #expect(throws: GenerationSchema.SchemaError.self) { try Self.schema(##"{"$recursiveRef": "#"}"##) }
        do {
            _ = try Self.schema(#"{"properties": {"p": {"pattern": "(x)\\1"}}}"#)
            Issue.record("a backreference should be refused")
        } catch {
            #expect("\(error)".hasPrefix(#"unsupported 'pattern' at "/properties/p/pattern": "#), "\(error)")
        }
    }

    @Test func trueUnevaluatedKeywordsAreHarmless() throws {
        let schema = try Self.schema(#"{"unevaluatedProperties": true, "unevaluatedItems": true, "type": "object"}"#)
        #expect(try Self.valid(schema, #"{"anything": 1}"#))
    }

    // MARK: - Vendor keywords

    @Test func unknownKeywordsAreIgnored() throws {
        let plain = try Self.schema(#"{"type": "object", "properties": {"n": {"type": "integer", "maximum": 3}}, "required": ["n"]}"#)
        let decorated = try Self.schema(#"""
        {"type": "object", "x-foo": {"type": "string"}, "self": {"href": "/things/{id}"},
         "properties": {"n": {"type": "integer", "maximum": 3, "decription": "typo", "x-order": 1, "minimun": 100}},
         "required": ["n"], "links": [{"rel": "self"}]}
        """#)
        for json in [#"{"n": 2}"#, #"{"n": 5}"#, "{}", #"{"n": "2"}"#, "7"] {
            #expect(try Self.valid(plain, json) == Self.valid(decorated, json), "\(json)")
        }
        #expect(plain.jsonSchema == decorated.jsonSchema)
    }

    // MARK: - Export

    @Test func exportIsDraft2020AndStable() throws {
        let schema = try Self.schema(#"""
        {"$schema": "http://json-schema.org/draft-07/schema#", "title": "NPC", "type": "object",
         "definitions": {"level": {"type": "integer", "minimum": 1, "maximum": 10}},
         "properties": {"name": {"type": "string", "description": "A full name"}, "level": {"$ref": "#/definitions/level"}},
         "required": ["name", "level"]}
        """#)
        let exported = schema.jsonSchema
        #expect(exported["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        #expect(exported["$defs"]?["level"] != nil)
        #expect(exported["properties"]?["level"]?["$ref"]?.stringValue == "#/$defs/level")
        #expect(exported["properties"]?.orderedKeys == ["name", "level"])
        #expect(exported["properties"]?["name"]?["description"]?.stringValue == "A full name")
        let again = try GenerationSchema(jsonSchema: exported)
        #expect(again.jsonSchema.jsonString == exported.jsonString)
    }

    @Test(.enabled(if: SharedData.isAvailable, "../shared/data is absent: export round trip on MaskBench skipped"))
    func exportReimportsToAnEquivalentSchema() throws {
        let files = SharedData.files(in: "jsonschemabench/Github_easy").prefix(300)
        var compared = 0
        var problems: [String] = []
        for url in files {
            let file = try SharedData.json(url)
            guard let document = file["schema"], let original = try? GenerationSchema(jsonSchema: document) else { continue }
            let exported = original.jsonSchema
            let reimported: GenerationSchema
            do {
                reimported = try GenerationSchema(jsonSchema: exported)
            } catch {
                problems.append("\(url.lastPathComponent): export does not re-import: \(error)")
                continue
            }
            if reimported.jsonSchema.jsonString != exported.jsonString {
                problems.append("\(url.lastPathComponent): export is not stable")
            }
            // Draft 4's "an integer is written without a fraction" has no 2020-12 keyword, so the
            // export cannot carry it; the rest of the schema must survive unchanged.
            var reimportedGraph = reimported.graph
            reimportedGraph.integersAreLexical = original.graph.integersAreLexical
            let reimportedValidator = SchemaValidator(graph: reimportedGraph)
            for test in file["tests"]?.elements ?? [] {
                let data = try #require(test["data"])
                compared += 1
                if original.isValid(data) != reimportedValidator.isValid(data) {
                    problems.append("\(url.lastPathComponent): verdicts differ on \(data.jsonString.prefix(200))")
                }
            }
        }
        #expect(compared > 1_000)
        #expect(problems.isEmpty, "\(problems.count) problems, e.g. \(problems.prefix(5))")
    }

    /// A document that embeds several schemas under one `$defs` exports each with a prefix on
    /// its definition names, references included, and means the same.
    @Test func aDefinitionPrefixRenamesDefinitionsAndTheirReferences() throws {
        let schema = try GenerationSchema(jsonSchema: #"""
            {"type": "object", "properties": {"who": {"$ref": "#/$defs/a~1Contact"}, "many": {"type": "array", "items": {"$ref": "#/$defs/a~1Contact"}}},
             "$defs": {"a/Contact": {"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}}}
            """#)
        let prefixed = schema.jsonSchema(definitionPrefix: "tool0-")
        #expect(prefixed["$defs"]?.orderedKeys == ["tool0-a/Contact"])
        #expect(prefixed["properties"]?["who"]?["$ref"]?.stringValue == "#/$defs/tool0-a~1Contact")
        #expect(prefixed["properties"]?["many"]?["items"]?["$ref"]?.stringValue == "#/$defs/tool0-a~1Contact")
        let reimported = try GenerationSchema(jsonSchema: prefixed)
        let good = try GeneratedContent(json: #"{"who": {"name": "Ada"}, "many": [{"name": "Bo"}]}"#)
        let bad = try GeneratedContent(json: #"{"who": {}}"#)
        #expect(reimported.violations(of: good).isEmpty && schema.violations(of: good).isEmpty)
        #expect(!reimported.violations(of: bad).isEmpty && !schema.violations(of: bad).isEmpty)
        #expect(schema.jsonSchema(definitionPrefix: "") == schema.jsonSchema)
    }
}
