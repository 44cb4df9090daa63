@testable import GuidedGeneration
import JSONSchema
import TestSupport
import Testing

/// A negated `patternProperties`, `additionalProperties` or `propertyNames` asks for *some*
/// property whose name is in a language (a witness). The compiler names it only once the other
/// constraints on names are known: reusing a property the object already has, sharing one name
/// between witnesses, or taking a name from the class of names whose value can exist.
@Suite struct NegatedObjectKeywordTests {
    static let schemas = [
        // Two names of two characters must between them contain a, b, c and d.
        #"{"type": "object", "allOf": [{"not": {"propertyNames": {"not": {"pattern": "a"}}}}, {"not": {"propertyNames": {"not": {"pattern": "b"}}}}, {"not": {"propertyNames": {"not": {"pattern": "c"}}}}, {"not": {"propertyNames": {"not": {"pattern": "d"}}}}, {"propertyNames": {"pattern": "^..$"}}], "maxProperties": 2}"#,
        // One name, at least four characters, containing a, b, c, d and f.
        #"{"type": "object", "allOf": [{"patternProperties": {"^.{1,3}$": false}}, {"patternProperties": {"a": true}, "additionalProperties": false}, {"patternProperties": {"b": true}, "additionalProperties": false}, {"not": {"patternProperties": {"c": false}}}, {"not": {"patternProperties": {"d": false}}}, {"not": {"patternProperties": {"f": false}}}], "maxProperties": 1}"#,
        // Witnesses over the same two digits must reuse one name.
        #"{"type": "object", "patternProperties": {"^[0-9]$": {"type": "array", "minItems": 2}}, "additionalProperties": false, "not": {"anyOf": [{"propertyNames": {"not": {"enum": ["1", "3"]}}}, {"propertyNames": {"not": {"enum": ["2", "3"]}}}]}, "maxProperties": 2}"#,
        // The witness's value must break the pattern schema: a string that is not all digits.
        #"{"type": "object", "not": {"patternProperties": {"^id": {"type": "string", "pattern": "^[0-9]+$"}}}, "propertyNames": {"maxLength": 4}, "maxProperties": 1}"#,
        // Only an undeclared name may break additionalProperties.
        #"{"type": "object", "properties": {"a": {"type": "integer"}}, "not": {"additionalProperties": {"type": "integer"}}, "maxProperties": 2}"#,
    ]

    @Test(arguments: schemas.indices)
    func puzzlesAreGeneratedValidly(index: Int) throws {
        let schema = try GenerationSchema(jsonSchema: Self.schemas[index])
        let instances = try schema.validInstances(count: 25, seed: UInt64(index))
        #expect(instances.contains { !$0.orderedKeys.isEmpty })
        guard let python = PythonJSONSchema.python else { return }
        let document = try GeneratedContent(json: Self.schemas[index])
        let pairs = instances.map { GeneratedContent(properties: [("schema", document), ("instance", $0)]).jsonString }
        let (status, report) = try PythonJSONSchema.check(pairs, python: python)
        #expect(status == 0, "\(report)")
    }

    /// Nothing can break a pattern no name matches, so an object that must is refused with that
    /// reason rather than given an invented name.
    @Test func anEmptyNameLanguageIsRefusedWithItsReason() {
        do {
            _ = try GenerationSchema(jsonSchema: #"{"type": "object", "not": {"patternProperties": {"[^\\s\\S]": false}}}"#)
            Issue.record("an object that must break a pattern no name matches was generated")
        } catch {
            #expect("\(error)".contains("no property name to break it with"), "\(error)")
        }
    }
}
