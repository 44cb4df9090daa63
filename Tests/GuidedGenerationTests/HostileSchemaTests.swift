@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

/// Hostile schemas and instances (issue "Schema engine and files: hostile input that never brings
/// anything down"): each is either served — every generated value valid — or refused with a
/// typed error naming where; none exhausts the stack or trips a force-unwrap.
@Suite struct HostileSchemaTests {
    // MARK: - Tiny numeric ranges with exclusions

    @Test func anIntegerRangeEmptiedByNotConstIsRefusedAtItsPointer() {
        let json = #"{"type": "integer", "minimum": 1, "maximum": 1, "not": {"const": 1}}"#
        #expect {
            try GenerationSchema(jsonSchema: json)
        } throws: { error in
            guard case GenerationSchema.SchemaError.unsatisfiable(let pointer, _) = error else { return false }
            return pointer == ""
        }
    }

    @Test func tinyRangesLeftWithOneValueAlwaysGenerateIt() throws {
        let integers = try GenerationSchema(jsonSchema: #"{"type": "integer", "minimum": 1, "maximum": 2, "not": {"const": 1}}"#)
        #expect(try integers.validInstances(count: 20, seed: 1).allSatisfy { $0 == GeneratedContent(2) })
        let steps = try GenerationSchema(jsonSchema:
            #"{"type": "number", "minimum": 0, "maximum": 0.001, "multipleOf": 0.001, "not": {"const": 0}}"#)
        #expect(try steps.validInstances(count: 20, seed: 1).allSatisfy { $0 == GeneratedContent(0.001) })
    }

    /// Random ranges of a few grid points with random values excluded: the schema is refused
    /// exactly when no point is left, and otherwise every instance is one of those left.
    @Test func randomTinyRangesWithExclusionsAreExact() throws {
        var random = SeededRandom(seed: 18)
        for _ in 0..<150 {
            let low = Int(random.below(7)) - 3
            let high = low + Int(random.below(3))
            // A step of 10^-scale × unit: the grid points are exact decimals.
            let (step, unit, scale) = [("1", 1, 0), ("0.5", 5, 1), ("0.001", 1, 3)][Int(random.below(3))]
            let perInteger = Int(BigInt.power10(scale).int64!) / unit
            let points = (low * perInteger...high * perInteger).map {
                GeneratedContent(exact: ExactDecimal(coefficient: BigInt($0 * unit), exponent: -scale))
            }
            let excluded = points.filter { _ in random.chance(0.6) }
            let type = step == "1" && random.chance(0.5) ? "integer" : "number"
            let exclusion = excluded.count == 1
                ? #"{"const": \#(excluded[0].jsonString)}"#
                : #"{"enum": \#(GeneratedContent(elements: excluded).jsonString)}"#
            let json = #"{"type": "\#(type)", "minimum": \#(low), "maximum": \#(high), "multipleOf": \#(step), "not": \#(exclusion)}"#
            let left = points.filter { !excluded.contains($0) }
            guard !left.isEmpty else {
                #expect(throws: GenerationSchema.SchemaError.self, "\(json)") { try GenerationSchema(jsonSchema: json) }
                continue
            }
            let schema = try GenerationSchema(jsonSchema: json)
            for value in try schema.validInstances(count: 8, seed: random.next()) {
                #expect(left.contains(value), "\(json): \(value.jsonString)")
            }
        }
    }

    // MARK: - Numbers at extreme scales

    @Test(arguments: [
        #"{"multipleOf": 1e21}"#,
        #"{"type": "integer", "multipleOf": 1e19}"#,
        #"{"minimum": 1e20, "maximum": 1e21}"#,
        #"{"exclusiveMinimum": 0, "maximum": 1e-10}"#,
    ])
    func extremeScalesGenerateExactlyValidNumbers(json: String) throws {
        let schema = try GenerationSchema(jsonSchema: json)
        let constraints = try GeneratedContent(json: json)
        for value in try schema.validInstances(count: 30, seed: 5) {
            guard let exact = value.exactNumber else { continue }
            if let step = constraints["multipleOf"]?.exactNumber { #expect(exact.isMultiple(of: step), "\(value.jsonString)") }
            if let low = constraints["exclusiveMinimum"]?.exactNumber { #expect(ExactDecimal.compare(exact, low) > 0) }
            if let high = constraints["maximum"]?.exactNumber { #expect(ExactDecimal.compare(exact, high) <= 0) }
        }
    }

    // MARK: - Long reference chains

    private static func chain(length: Int, link: (Int) -> String) -> String {
        let links = (0..<length).map { #""d\#($0)": \#(link($0))"# }
        return ##"{"$defs": {\##(links.joined(separator: ", ")), "d\##(length)": {"type": "string"}}, "$ref": "#/$defs/d0"}"##
    }

    @Test func aFlatChainOfThousandsOfBareReferencesIsFollowed() throws {
        let schema = try GenerationSchema(jsonSchema: Self.chain(length: 2500) { ##"{"$ref": "#/$defs/d\##($0 + 1)"}"## })
        #expect(try schema.validInstances(count: 5, seed: 3).allSatisfy { $0.stringValue != nil })
        #expect(!schema.isValid(GeneratedContent(1)))
    }

    @Test func chainsTooDeepToFollowAreRefusedWithTheirPointer() {
        let annotated = Self.chain(length: 2500) { ##"{"$ref": "#/$defs/d\##($0 + 1)", "description": "link \##($0)"}"## }
        let nested = Self.chain(length: 2500) { ##"{"type": "object", "required": ["a"], "properties": {"a": {"$ref": "#/$defs/d\##($0 + 1)"}}}"## }
        for json in [annotated, nested] {
            #expect {
                try GenerationSchema(jsonSchema: json)
            } throws: { error in
                guard case GenerationSchema.SchemaError.unsupportedKeyword("$ref", let pointer, _) = error else { return false }
                return pointer.hasPrefix("/$defs/d")
            }
        }
    }

    // MARK: - Deeply nested patterns

    @Test func groupsNestedPastTheLimitAreRefusedByTheParser() throws {
        let depth = RegexParser.maxGroupNesting
        _ = try RegexParser.parse(String(repeating: "(", count: depth) + "a" + String(repeating: ")*", count: depth))
        let hostile = String(repeating: "(", count: 20_000) + "a" + String(repeating: ")", count: 20_000)
        #expect {
            try RegexParser.parse(hostile)
        } throws: { error in
            (error as? RegexError)?.kind == .unsupported && (error as? RegexError)?.offset == depth
        }
        let pattern = GeneratedContent(hostile).jsonString
        #expect(throws: GenerationSchema.SchemaError.self) {
            try GenerationSchema(jsonSchema: #"{"type": "string", "pattern": \#(pattern)}"#)
        }
    }

    // MARK: - Unique structured items

    @Test(arguments: [
        #"{"type": "array", "uniqueItems": true}"#,
        #"{"type": "array", "minItems": 2, "uniqueItems": true, "items": {"type": "object"}}"#,
        #"{"type": "array", "minItems": 4, "maxItems": 4, "uniqueItems": true, "items": {"type": "object", "maxProperties": 1}}"#,
        #"{"type": "array", "minItems": 3, "uniqueItems": true, "items": {"type": "object", "minProperties": 2, "additionalProperties": {"const": 0}}}"#,
        #"{"type": "array", "minItems": 3, "uniqueItems": true, "items": {"type": "array", "items": {"const": 1}}}"#,
        #"{"type": "array", "minItems": 3, "uniqueItems": true, "items": {"type": "object", "properties": {"a": {"type": "boolean"}}}}"#,
        #"{"type": "array", "minItems": 2, "uniqueItems": true, "items": {"type": "array", "uniqueItems": true, "minItems": 1}}"#,
    ])
    func uniqueArraysOfStructuresHaveDistinctItems(json: String) throws {
        let schema = try GenerationSchema(jsonSchema: json)
        for value in try schema.validInstances(count: 150, seed: 11) {
            let items = try #require(value.elements)
            for i in items.indices {
                for j in items.indices where j > i {
                    #expect(items[i] != items[j], "\(json): \(value.jsonString)")
                }
            }
        }
    }

    // MARK: - Sizes

    @Test(arguments: [
        (#"{"type": "string", "minLength": 1000000000}"#, "minLength"),
        (#"{"type": "array", "minItems": 1000000000}"#, "minItems"),
        (#"{"type": "array", "contains": {"const": 1}, "minContains": 1000000000}"#, "minContains"),
        (#"{"type": "object", "minProperties": 1000000000}"#, "minProperties"),
        (#"{"type": "array", "minItems": 1001, "uniqueItems": true}"#, "uniqueItems"),
    ])
    func valuesTooLargeToGenerateAreRefusedNamingTheKeyword(json: String, keyword: String) throws {
        #expect {
            try GenerationSchema(jsonSchema: json)
        } throws: { error in
            guard case GenerationSchema.SchemaError.unsupportedKeyword(let named, let pointer, _) = error else { return false }
            return named == keyword && pointer == ""
        }
        let schema = try GenerationSchema(jsonSchema: #"{"anyOf": [\#(json), {"type": "boolean"}]}"#)
        #expect(try schema.validInstances(count: 10, seed: 2).allSatisfy { $0.boolValue != nil }, "the other branch is still served")
    }

    @Test func largeButAllowedSizesGenerateValidValues() throws {
        let unique = try GenerationSchema(jsonSchema: #"{"type": "array", "minItems": 1000, "uniqueItems": true, "items": {"type": "integer"}}"#)
        let items = try #require(try unique.validInstances(count: 1, seed: 4).first?.elements)
        #expect(Set(items).count == items.count && items.count >= 1000)
        let wide = try GenerationSchema(jsonSchema: #"{"type": "object", "minProperties": 3000, "additionalProperties": {"type": "integer"}}"#)
        #expect(try wide.validInstances(count: 1, seed: 4).first?.orderedKeys.count ?? 0 >= 3000)
        let contains = try GenerationSchema(jsonSchema: #"{"type": "array", "contains": {"const": 1}, "minContains": 20000}"#)
        #expect(try contains.validInstances(count: 1, seed: 4).first?.elements?.count ?? 0 >= 20000)
    }

    @Test func requiredStructureTooLargeAltogetherIsRefusedWhereItStarts() throws {
        let nested = #"{"type": "array", "minItems": 1000, "items": {"type": "array", "minItems": 1000, "items": {"type": "string", "minLength": 1000}}}"#
        for (json, pointer) in [(nested, ""), (#"{"anyOf": [{"type": "null"}, \#(nested)]}"#, "/anyOf/1/items")] {
            #expect {
                try GenerationSchema(jsonSchema: json)
            } throws: { error in
                guard case GenerationSchema.SchemaError.unsupportedKeyword("minItems", let at, _) = error else { return false }
                return at == pointer
            }
        }
        let fine = try GenerationSchema(jsonSchema: #"{"type": "array", "minItems": 100, "items": {"type": "array", "minItems": 100, "items": {"type": "string", "minLength": 50}}}"#)
        #expect(try fine.validInstances(count: 1, seed: 1).count == 1)
    }

    /// Each item is this schema again nine times out of ten in expectation: without the smallest
    /// branch first once the size allowance is spent, a value would grow into gigabytes.
    @Test func aRecursionWhoseBranchesMultiplyStaysSmall() throws {
        let schema = try GenerationSchema(jsonSchema: ##"{"anyOf": [{"type": "null"}, {"type": "array", "minItems": 10, "items": {"$ref": "#"}}]}"##)
        for value in try schema.validInstances(count: 20, seed: 6) {
            #expect(value.jsonString.utf8.count < 100_000)
        }
    }

    @Test func aLargeEnumCompilesAndGeneratesItsMembers() throws {
        let members = (0..<20_000).map { GeneratedContent("m\($0)") }
        let schema = try GenerationSchema(jsonSchema: #"{"enum": \#(GeneratedContent(elements: members).jsonString)}"#)
        let drawn = try schema.validInstances(count: 20, seed: 8)
        #expect(drawn.allSatisfy { members.contains($0) })
        #expect(Set(drawn).count > 15)
    }

    // MARK: - Deep instances

    private static let recursiveArrays = ##"{"$defs": {"a": {"type": "array", "items": {"$ref": "#/$defs/a"}}}, "$ref": "#/$defs/a"}"##

    private static func nested(_ depth: Int) -> GeneratedContent {
        var value = GeneratedContent(elements: [])
        for _ in 1..<depth { value = GeneratedContent(elements: [value]) }
        return value
    }

    @Test func deepInstancesOfRecursiveSchemasAreValid() throws {
        let schema = try GenerationSchema(jsonSchema: Self.recursiveArrays)
        for depth in [130, 200, 512] {
            #expect(schema.violations(of: Self.nested(depth)).isEmpty, "\(depth)")
            #expect(schema.isValid(try GeneratedContent(json: Self.nested(depth).jsonString)))
        }
    }

    @Test func instancesPastTheNestingLimitGetAClearViolation() throws {
        let schema = try GenerationSchema(jsonSchema: Self.recursiveArrays)
        let violations = schema.violations(of: Self.nested(SchemaValidator.maximumNesting + 10))
        #expect(violations.count == 1)
        #expect(violations.first?.message.contains("nests more than \(SchemaValidator.maximumNesting) levels") == true)
        #expect(!schema.isValid(Self.nested(SchemaValidator.maximumNesting + 10)))
    }
}
