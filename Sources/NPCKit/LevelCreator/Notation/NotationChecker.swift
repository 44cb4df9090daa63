import GuidedGeneration
import JSONSchema

/// The checks that need the whole source: every referenced type is defined, every regex is usable
/// and matches something, and every type has a finite instance (no required cycle of types).
package enum NotationChecker {
    package static func check(_ types: [TypeDefinition]) throws(EncounterTypeError) {
        let names = Set(types.map(\.name))
        for type in types {
            for field in type.fields {
                try check(field.kind, of: field, in: type, names: names)
            }
        }
        try checkFinite(types)
    }

    private static func check(_ kind: FieldKind, of field: FieldDefinition, in type: TypeDefinition,
                              names: Set<String>) throws(EncounterTypeError) {
        switch kind {
        case .reference(let name, let position) where !names.contains(name):
            throw .danglingReference(name, usedBy: "\(type.name).\(field.name)", line: position.line, column: position.column)
        case .text(let pattern?):
            try check(pattern)
        case .list(let item, _):
            try check(item, of: field, in: type, names: names)
        default:
            break
        }
    }

    /// A pattern must be a regex the engine can use and must match at least one whole string.
    /// It is checked as a JSON Schema `pattern` first, whose refusal carries the engine's reason
    /// alone, then as the anchored pattern guide the schema will hold.
    private static func check(_ pattern: PatternLiteral) throws(EncounterTypeError) {
        let (line, column) = (pattern.position.line, pattern.position.column)
        let document = GeneratedContent(properties: [("type", GeneratedContent("string")), ("pattern", GeneratedContent(pattern.source))])
        do {
            _ = try GenerationSchema(jsonSchema: document)
            _ = try GenerationSchema(root: DynamicGenerationSchema(type: String.self, guides: [.pattern(pattern.source)]), dependencies: [])
        } catch let error as GenerationSchema.SchemaError {
            switch error {
            case .unsatisfiable:
                throw .unsatisfiable(reason: "no text matches /\(pattern.source)/ as a whole", line: line, column: column)
            case .invalidSchema(_, let context), .unsupportedKeyword(_, _, let context), .contradictoryGuides(_, _, let context):
                throw .badRegex(pattern.source, reason: context.debugDescription, line: line, column: column)
            default:
                throw .badRegex(pattern.source, reason: error.description, line: line, column: column)
            }
        } catch {
            throw .badRegex(pattern.source, reason: "\(error)", line: line, column: column)
        }
    }

    /// A type is finishable when each required field is: a reference to a finishable type, a
    /// list that may be empty or holds finishable items, or any other kind. Types that are not
    /// need each other in a cycle; the first type on such a cycle (in source order) is reported
    /// with the cycle, not the types that merely lead into it.
    private static func checkFinite(_ types: [TypeDefinition]) throws(EncounterTypeError) {
        var finishable: Set<String> = []
        var changed = true
        while changed {
            changed = false
            for type in types where !finishable.contains(type.name) && type.fields.allSatisfy({ $0.isOptional || canFinish($0.kind, finishable) }) {
                finishable.insert(type.name)
                changed = true
            }
        }
        let stuck = types.filter { !finishable.contains($0.name) }
        guard !stuck.isEmpty else { return }
        // Each stuck type's required fields need at least one other stuck type.
        var needs: [String: [String]] = [:]
        for type in stuck {
            needs[type.name] = type.fields.filter { !$0.isOptional }.flatMap { neededTypes($0.kind, finishable) }
        }
        for type in stuck {
            if let cycle = cycle(from: type.name, needs: needs) {
                throw .unsatisfiable(
                    reason: "type '\(type.name)' has no finite instance: \(cycle.joined(separator: " → ")) needs itself forever; "
                        + "make a field optional or let a list be empty",
                    line: type.line, column: 1)
            }
        }
    }

    private static func canFinish(_ kind: FieldKind, _ finishable: Set<String>) -> Bool {
        switch kind {
        case .reference(let name, _): return finishable.contains(name)
        case .list(let item, let count): return (count?.lowerBound ?? 0) == 0 || canFinish(item, finishable)
        default: return true
        }
    }

    /// The unfinishable types a field of this kind cannot do without.
    private static func neededTypes(_ kind: FieldKind, _ finishable: Set<String>) -> [String] {
        switch kind {
        case .reference(let name, _) where !finishable.contains(name): return [name]
        case .list(let item, let count) where (count?.lowerBound ?? 0) > 0: return neededTypes(item, finishable)
        default: return []
        }
    }

    /// A path of needed types from `start` back to itself, as names, if there is one.
    private static func cycle(from start: String, needs: [String: [String]]) -> [String]? {
        var visited: Set<String> = []
        func walk(_ name: String, _ path: [String]) -> [String]? {
            for next in needs[name] ?? [] {
                if next == start { return path + [next] }
                if visited.insert(next).inserted, let found = walk(next, path + [next]) { return found }
            }
            return nil
        }
        return walk(start, [start])
    }
}
