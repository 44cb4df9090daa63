@testable import GuidedGeneration
import JSONSchema
import Testing

/// The constructs generation honours exactly rather than by retrying.
struct ConstructiveGenerationTests {
    func instances(_ json: String, count: Int = 300) throws -> [GeneratedContent] {
        try GenerationSchema(jsonSchema: json).validInstances(count: count, seed: 17)
    }

    @Test func notRequiredLeavesThePropertyOut() throws {
        let values = try instances(#"{"type": "object", "properties": {"x": {"type": "integer"}, "y": {"type": "string"}}, "not": {"required": ["x"]}}"#)
        #expect(values.allSatisfy { $0["x"] == nil })
    }

    @Test func boundsTooSmallForDecimalAreHonouredWithoutTrapping() throws {
        let values = try instances(#"{"type": "number", "minimum": -1e-300, "maximum": 1}"#, count: 50)
        #expect(values.allSatisfy { ($0.numberValue ?? -1) >= 0 })
        let tiny = try instances(#"{"type": "number", "minimum": 1e-300, "maximum": 2e-300}"#, count: 20)
        #expect(tiny.allSatisfy { value in
            value.exactNumber.map { $0 >= ExactDecimal(text: "1e-300")! && $0 <= ExactDecimal(text: "2e-300")! } ?? false
        })
    }

    /// A bound too far out to read — an `Int`'s width, ±9.2e18 — leaves draws in the readable
    /// window an open side gets, as if it were not there; bounds are still honoured.
    @Test func boundsTooWideToReadDrawReadableNumbers() throws {
        let widths = try instances(#"{"type": "integer", "minimum": -9223372036854775808, "maximum": 9223372036854775807}"#)
        #expect(widths.allSatisfy { (0...100).contains($0.numberValue!) })
        let above = try instances(#"{"type": "integer", "minimum": 5, "maximum": 9223372036854775807}"#)
        #expect(above.allSatisfy { (5...105).contains($0.numberValue!) })
        let below = try instances(#"{"type": "number", "minimum": -3.4e38, "maximum": -3}"#)
        #expect(below.allSatisfy { (-103 ... -3).contains($0.numberValue!) })
        let far = try instances(#"{"type": "integer", "minimum": 1e16, "maximum": 1e17}"#, count: 50)
        #expect(far.allSatisfy { (1e16...1e17).contains($0.numberValue!) })
    }

    @Test func notEnumAvoidsTheValues() throws {
        let values = try instances(#"{"type": "integer", "minimum": 1, "maximum": 4, "not": {"enum": [2, 3]}}"#)
        #expect(Set(values.compactMap(\.numberValue)) == [1, 4])
    }

    @Test func oneOfPicksABranchAndStaysOutOfTheOthers() throws {
        let values = try instances(#"{"oneOf": [{"type": "integer", "multipleOf": 2}, {"type": "integer", "multipleOf": 3}], "minimum": 0, "maximum": 12}"#)
        #expect(values.allSatisfy { ($0.numberValue!.truncatingRemainder(dividingBy: 6)) != 0 })
        #expect(Set(values.compactMap(\.numberValue)).isSuperset(of: [2, 3]))
    }

    /// Branches that only differ by a property the parent requires are disjoint; before, each
    /// branch was judged alone, every other branch was negated, and the schema was refused.
    @Test func oneOfBranchesSeparatedByARequiredSibling() throws {
        var branches: [String] = []
        for (index, name) in ["open", "close", "help", "save", "load", "list", "watch", "clear", "create", "exec", "peek", "poke"].enumerated() {
            branches.append(#"{"properties": {"msg": {"enum": ["\#(name)"]}, "n\#(index)": {"type": "integer"}}}"#)
        }
        let schema = #"{"type": "object", "required": ["msg"], "properties": {"msg": {"type": "string"}}, "oneOf": [\#(branches.joined(separator: ","))]}"#
        let values = try instances(schema, count: 200)
        #expect(Set(values.compactMap { $0["msg"]?.stringValue }).count == 12)
    }

    @Test func enumeratedPropertyNamesSupplyExtraKeys() throws {
        let values = try instances(#"{"type": "object", "minProperties": 2, "propertyNames": {"enum": ["a", "b", "c"]}, "properties": {"a": {"type": "integer"}}}"#)
        #expect(values.allSatisfy { $0.orderedKeys.count >= 2 && Set($0.orderedKeys).isSubset(of: ["a", "b", "c"]) })
    }
}
