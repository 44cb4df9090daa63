@testable import GuidedGeneration
import JSONSchema
import Testing

/// `$dynamicRef` beyond the official suite's groups: generation follows one whose target cannot
/// depend on the path and leaves out a branch whose target can, and validation resolves the extensible-tree
/// idiom (a strict tree re-anchoring the generic tree's node) as the specification says.
@Suite struct DynamicRefTests {
    static let tree = ##"""
        {"$id": "https://example.com/tree", "$dynamicAnchor": "node", "type": "object",
         "properties": {"data": {"type": "integer", "minimum": 0, "maximum": 9},
                        "children": {"type": "array", "maxItems": 2, "items": {"$dynamicRef": "#node"}}},
         "required": ["data"]}
        """##

    @Test func aSingleAnchorIsFollowedForGeneration() throws {
        let schema = try GenerationSchema(jsonSchema: Self.tree)
        let instances = try schema.validInstances(count: 30, seed: 3)
        #expect(instances.contains { ($0["children"]?.elements?.count ?? 0) > 0 })
    }

    @Test func theOutermostAnchorDecidesValidation() throws {
        let strict = try GeneratedContent(json: ##"""
            {"$id": "https://example.com/strict-tree", "$dynamicAnchor": "node",
             "$ref": "tree", "unevaluatedProperties": false,
             "$defs": {"tree": \##(Self.tree)}}
            """##)
        var importer = JSONSchemaImporter(document: strict)
        let validator = SchemaValidator(graph: try importer.importGraph())
        #expect(validator.isValid(try GeneratedContent(json: #"{"data": 1, "children": [{"data": 2}]}"#)))
        // A misspelt property deep in the tree: the strict tree's node applies there too.
        #expect(!validator.isValid(try GeneratedContent(json: #"{"data": 1, "children": [{"daat": 2, "data": 3}]}"#)))
        // Generation cannot follow it into the children, where which node applies depends on
        // the path: that branch is left out, and what is generated is valid.
        let schema = try GenerationSchema(jsonSchema: strict)
        for instance in try schema.validInstances(count: 20, seed: 5) {
            #expect(instance["children"] == nil || instance["children"]?.elements?.isEmpty == true, "\(instance.jsonString)")
        }
    }
}
