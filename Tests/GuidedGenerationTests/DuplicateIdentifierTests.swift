@testable import GuidedGeneration
import JSONSchema
import Testing

/// Found by fuzzing schemas: a document in which two schemas claim the same `$anchor` or `$id`
/// was accepted, and a reference to it quietly took the last one, so generated values were
/// ones the specification cannot vouch for. Such a reference is refused naming both places.
@Suite struct DuplicateIdentifierTests {
    /// The refusal's pointer and message, or nil when the schema was accepted.
    static func refusal(_ json: String) -> (pointer: String, message: String)? {
        do {
            _ = try GenerationSchema(jsonSchema: json)
            return nil
        } catch let error as GenerationSchema.SchemaError {
            guard case .invalidSchema(let pointer, _) = error else { return ("?", "\(error)") }
            return (pointer, "\(error)")
        } catch {
            return ("?", "\(error)")
        }
    }

    @Test(arguments: [
        (##"{"$defs": {"a": {"$anchor": "x", "type": "string"}, "b": {"$anchor": "x", "type": "integer"}}, "$ref": "#x"}"##,
         "/$ref", "$anchor 'x' at \"/$defs/b\"", "\"/$defs/a\""),
        (##"{"$defs": {"a": {"$id": "item.json", "type": "string"}, "b": {"$id": "item.json", "type": "integer"}}, "$ref": "item.json"}"##,
         "/$ref", "$id 'item.json' at \"/$defs/b\"", "\"/$defs/a\""),
        (##"{"$id": "http://example.com/root.json", "items": {"$id": "http://example.com/root.json", "type": "string"}, "$ref": "#/items"}"##,
         "/$ref", "$id 'http://example.com/root.json' at \"/items\"", "the root (\"\")"),
        (##"{"$schema": "http://json-schema.org/draft-07/schema#", "definitions": {"a": {"$id": "#x"}, "b": {"$id": "#x"}}, "items": {"$ref": "#x"}}"##,
         "/items/$ref", "$id '#x' at \"/definitions/b\"", "\"/definitions/a\""),
        (##"{"$schema": "http://json-schema.org/draft-04/schema#", "definitions": {"a": {"id": "#x"}, "b": {"id": "#x"}}, "items": {"$ref": "#x"}}"##,
         "/items/$ref", "id '#x' at \"/definitions/b\"", "\"/definitions/a\""),
        (##"{"$defs": {"a": {"$anchor": "x"}, "b": {"$dynamicAnchor": "x"}}, "$dynamicRef": "#x"}"##,
         "/$ref", "$dynamicAnchor 'x' at \"/$defs/b\"", "\"/$defs/a\""),
    ])
    func aReferenceToAnIdentifierTwoSchemasClaimIsRefusedNamingBoth(json: String, pointer: String, second: String, first: String) throws {
        let refusal = try #require(Self.refusal(json))
        #expect(refusal.pointer == pointer)
        #expect(refusal.message.contains(second) && refusal.message.contains(first), "\(refusal.message)")
    }

    /// Duplicates nothing refers to (generators of old `id`s wrote one per property, seven
    /// MaskBench schemas among them) leave no value in doubt and are accepted.
    @Test func duplicatesNothingRefersToAreAccepted() throws {
        let json = ##"{"properties": {"a": {"id": "ip", "type": "string"}, "b": {"id": "ip", "type": "integer"}}, "required": ["a", "b"]}"##
        #expect(Self.refusal(json) == nil)
    }

    /// The same name in different resources, and one schema with both kinds of anchor, are fine.
    @Test func identifiersThatNameOneSchemaEachAreAccepted() throws {
        let json = ##"""
        {"$defs": {"a": {"$id": "a.json", "$defs": {"s": {"$anchor": "x", "type": "string"}}},
                   "b": {"$id": "b.json", "$defs": {"s": {"$anchor": "x", "type": "integer"}}},
                   "c": {"$anchor": "y", "$dynamicAnchor": "y", "type": "boolean"}},
         "type": "array", "prefixItems": [{"$ref": "a.json#x"}, {"$ref": "b.json#x"}, {"$ref": "#y"}],
         "minItems": 3, "items": false}
        """##
        #expect(Self.refusal(json) == nil)
        let schema = try GenerationSchema(jsonSchema: json)
        for instance in try schema.validInstances(count: 5, seed: 1) {
            let items = try #require(instance.elements)
            #expect(items[0].stringValue != nil && items[1].stringValue == nil && items[2].stringValue == nil)
        }
    }
}
