import RegexAutomata

/// Reads a JSON Schema document (drafts 4, 6, 7, 2019-09 and 2020-12) into the library's schema
/// graph: keywords are checked and normalised, local `$ref`s (JSON Pointers, `$id`-based URIs and
/// anchors, recursion included) become named definitions, and constructs the library refuses are
/// reported with their keyword and JSON Pointer.
package struct JSONSchemaImporter {
    private let document: GeneratedContent
    private let draft: JSONSchemaDraft
    private let draftDeclared: Bool

    /// Absolute URI (without fragment) of each schema resource → its pointer in the document.
    private var resources: [String: String] = [:]
    /// Absolute URI with a plain-name fragment → pointer.
    private var anchors: [String: String] = [:]
    /// The same for `$dynamicAnchor`s alone.
    private var dynamicAnchors: [String: String] = [:]
    /// URIs that two schemas claim (a duplicate `$id` or anchor), with how the second one wrote
    /// it and both pointers; the tables above keep the first.
    private var contested: [String: (claim: String, first: String, second: String)] = [:]
    private var usesDynamicReferences = false
    /// Pointer → base URI in force inside the schema at that pointer.
    private var bases: [String: URIReference] = [:]
    /// Pointer → the object schema there, as the index walk met it: a reference's target is
    /// found in constant time, where reading a pointer scans each object's keys (a `$defs` of
    /// 100,000 links made a chain of references quadratic).
    private var schemas: [String: GeneratedContent] = [:]

    private var definitions: [String: SchemaNode] = [:]
    private var definitionOrder: [String] = []
    private var nameForPointer: [String: String] = [:]
    private var pending: [(pointer: String, name: String)] = []
    /// Patterns compiled so far, by source: catalogues repeat the same few patterns thousands of
    /// times, and each compiled pattern caches its automata.
    private var patterns: [String: SchemaPattern] = [:]

    package static let rootBase = URIReference("json-schema:///root.json")
    /// The keys a schema may have besides `$ref` and still accept exactly what its target does.
    private static let bareReferenceKeys: Set<String> = ["$ref", "$comment", "$defs", "definitions", "$schema"]

    package init(document: GeneratedContent) {
        self.document = document
        let declared = JSONSchemaDraft(metaSchema: document["$schema"]?.stringValue)
        draft = declared ?? .draft2020
        draftDeclared = declared != nil
    }

    /// Imports the whole document.
    package mutating func importGraph() throws -> SchemaGraph {
        switch document.storage {
        case .object, .bool: break
        default:
            throw SchemaError.invalidSchema(
                pointer: "", context: .init(debugDescription: "a schema must be an object or a boolean, not \(document.typeName)"))
        }
        index(document, pointer: "", base: Self.rootBase)
        let root = try importSchema(document, pointer: "")
        while let next = pending.popLast() {
            guard let value = value(at: next.pointer) else {
                throw SchemaError.invalidSchema(
                    pointer: next.pointer, context: .init(debugDescription: "a $ref points to a location that does not exist"))
            }
            definitions[next.name] = try importSchema(value, pointer: next.pointer)
        }
        var graph = SchemaGraph(root: root, definitions: definitions, definitionOrder: definitionOrder)
        graph.integersAreLexical = draftDeclared && draft == .draft4
        graph.usesDynamicScope = usesDynamicReferences
        return graph
    }

    // MARK: - Indexing ids and anchors

    private var usesLegacyID: Bool { draft == .draft4 || !draftDeclared }

    private mutating func index(_ value: GeneratedContent, pointer: String, base: URIReference) {
        guard case .object = value.storage else { return }
        var base = base
        let idKeyword = value["$id"]?.stringValue != nil || !usesLegacyID ? "$id" : "id"
        if let id = value[idKeyword]?.stringValue, !(draft.refIgnoresSiblings && value["$ref"] != nil) {
            let resolved = URIReference(id).resolved(against: base)
            if let fragment = resolved.fragment, !fragment.isEmpty, !fragment.hasPrefix("/") {
                claim(resolved.text, for: pointer, by: idKeyword, id, in: \.anchors)
                if !resolved.withoutFragment.isEmpty, resolved.withoutFragment != base.withoutFragment {
                    claim(resolved.withoutFragment, for: pointer, by: idKeyword, id, in: \.resources)
                    base = URIReference(resolved.withoutFragment)
                }
            } else if resolved.fragment?.hasPrefix("/") != true || resolved.withoutFragment != base.withoutFragment {
                // An id that is only a JSON Pointer fragment ("#/definitions/envVar", common in draft-07
                // schemas) names no new resource: the pointer already reaches the schema, so it is ignored.
                base = URIReference(resolved.withoutFragment)
                claim(base.withoutFragment, for: pointer, by: idKeyword, id, in: \.resources)
            }
        }
        if pointer.isEmpty { resources[base.withoutFragment] = pointer }
        for keyword in ["$anchor", "$dynamicAnchor"] {
            if let name = value[keyword]?.stringValue {
                var anchored = base
                anchored.fragment = name
                claim(anchored.text, for: pointer, by: keyword, name, in: \.anchors)
                if keyword == "$dynamicAnchor" { claim(anchored.text, for: pointer, by: keyword, name, in: \.dynamicAnchors) }
            }
        }
        if value["$dynamicRef"] != nil { usesDynamicReferences = true }
        bases[pointer] = base
        schemas[pointer] = value
        // A static walk: calling an instance method here would hand it a copy of the importer,
        // and each level's insertions would then copy every table (quadratic in the schema).
        Self.forEachSubschema(of: value, pointer: pointer) { child, childPointer in
            index(child, pointer: childPointer, base: base)
        }
    }

    /// Records that `uri` (`keyword: written` in the document) names the schema at `pointer`. A
    /// URI names one schema: when a second schema claims it (a duplicate `$id` or anchor) the
    /// URI is contested, and a reference through it is refused (`checkUncontested`).
    private mutating func claim(_ uri: String, for pointer: String, by keyword: String, _ written: String,
                                in table: WritableKeyPath<JSONSchemaImporter, [String: String]>) {
        guard let earlier = self[keyPath: table][uri] else {
            self[keyPath: table][uri] = pointer
            return
        }
        if earlier != pointer, contested[uri] == nil { contested[uri] = ("\(keyword) '\(written)'", earlier, pointer) }
    }

    /// Refuses the reference at `pointer` when it goes through a URI two schemas claim, naming
    /// both: the specification gives it no single target, so no generated value could be
    /// vouched for. Duplicates nothing refers to (old generators wrote `id`s per property) are
    /// left alone, since no value depends on them.
    private func checkUncontested(_ uri: String, reference: String, at pointer: String) throws {
        guard let (claim, first, second) = contested[uri] else { return }
        let place = SchemaError.pointerText
        throw SchemaError.invalidSchema(pointer: JSONPointer.append(pointer, "$ref"), context: .init(debugDescription:
            "'\(reference)' is ambiguous: \(claim) at \(place(second)) names a URI the schema at \(place(first)) already names; give each schema its own"))
    }

    private static let singleSubschemaKeywords = [
        "additionalItems", "items", "contains", "additionalProperties", "propertyNames", "not",
        "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "contentSchema",
    ]
    private static let subschemaArrayKeywords = ["allOf", "anyOf", "oneOf", "prefixItems", "items"]
    private static let subschemaMapKeywords = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas", "dependencies",
    ]

    private static func forEachSubschema(of value: GeneratedContent, pointer: String,
                                         _ body: (GeneratedContent, String) -> Void) {
        for keyword in singleSubschemaKeywords {
            if let child = value[keyword], child.isSchemaShaped {
                body(child, JSONPointer.append(pointer, keyword))
            }
        }
        for keyword in subschemaArrayKeywords {
            if let list = value[keyword]?.elements {
                for (i, child) in list.enumerated() where child.isSchemaShaped {
                    body(child, JSONPointer.append(JSONPointer.append(pointer, keyword), i))
                }
            }
        }
        for keyword in subschemaMapKeywords {
            if let map = value[keyword], case .object(let fields) = map.storage {
                for field in fields where field.value.isSchemaShaped {
                    body(field.value, JSONPointer.append(JSONPointer.append(pointer, keyword), field.key))
                }
            }
        }
    }

    // MARK: - References

    private func baseURI(for pointer: String) -> URIReference {
        if let base = bases[pointer] { return base }
        var candidate = pointer
        while let slash = candidate.lastIndex(of: "/") {
            candidate = String(candidate[..<slash])
            if let base = bases[candidate] { return base }
        }
        return bases[""] ?? Self.rootBase
    }

    /// The document pointer a `$ref` designates.
    private func target(of reference: String, at pointer: String) throws -> String {
        let resolved = URIReference(reference).resolved(against: baseURI(for: pointer))
        let fragment = JSONPointer.percentDecoded(resolved.fragment ?? "")
        if fragment.isEmpty || fragment.hasPrefix("/") {
            try checkUncontested(resolved.withoutFragment, reference: reference, at: pointer)
            guard let resourcePointer = resources[resolved.withoutFragment] else {
                throw unsupportedRemote(reference, pointer)
            }
            let full = resourcePointer + fragment
            // A fragment-only reference inside a resource whose `id` moved the base ("id":
            // "schemata/app" and "$ref": "#/definitions/app/…", as tools that ignore `id` let
            // authors write) is read from the document root when the resource has no such place.
            if reference.hasPrefix("#"), !resourcePointer.isEmpty, JSONPointer.tokens(fragment) != nil,
               value(at: full) == nil, value(at: fragment) != nil {
                return fragment
            }
            guard JSONPointer.tokens(fragment) != nil, value(at: full) != nil else {
                throw SchemaError.invalidSchema(
                    pointer: JSONPointer.append(pointer, "$ref"),
                    context: .init(debugDescription: "'\(reference)' points to nothing in this document"))
            }
            return full
        }
        try checkUncontested(resolved.text, reference: reference, at: pointer)
        if let anchored = anchors[resolved.text] { return anchored }
        if resources[resolved.withoutFragment] == nil { throw unsupportedRemote(reference, pointer) }
        throw SchemaError.invalidSchema(
            pointer: JSONPointer.append(pointer, "$ref"),
            context: .init(debugDescription: "no anchor named '\(fragment)' for '\(reference)'"))
    }

    /// The value at `pointer` in the document.
    private func value(at pointer: String) -> GeneratedContent? {
        schemas[pointer] ?? JSONPointer.resolve(pointer, in: document)
    }

    private func unsupportedRemote(_ reference: String, _ pointer: String) -> SchemaError {
        .unsupportedKeyword(keyword: "$ref", pointer: JSONPointer.append(pointer, "$ref"),
                            context: .init(debugDescription: "'\(reference)' refers to another document; only references inside this document are supported"))
    }

    private mutating func definitionName(for pointer: String) -> String {
        if let name = nameForPointer[pointer] { return name }
        let tokens = JSONPointer.tokens(pointer) ?? []
        var stem = tokens.last.map { $0.isEmpty ? "Definition" : $0 } ?? "Root"
        if let last = tokens.last, Int(last) != nil, tokens.count >= 2 { stem = tokens[tokens.count - 2] + last }
        var name = stem
        var counter = 2
        while definitions[name] != nil {
            name = "\(stem)_\(counter)"
            counter += 1
        }
        nameForPointer[pointer] = name
        definitionOrder.append(name)
        pending.append((pointer, name))
        definitions[name] = .anything
        return name
    }

    // MARK: - Keywords

    private mutating func importSchema(_ value: GeneratedContent, pointer: String) throws -> SchemaNode {
        switch value.storage {
        case .bool(let accepts):
            let node: SchemaNode = accepts ? .anything : .nothing
            node.location = pointer
            return node
        case .object:
            break
        default:
            throw invalid(pointer, "a schema must be an object or a boolean, not \(value.typeName)")
        }
        let node = SchemaNode()
        node.location = pointer
        if usesDynamicReferences {
            node.resourceURI = baseURI(for: pointer).withoutFragment
            node.dynamicAnchor = value["$dynamicAnchor"]?.stringValue
        }
        if let reference = value["$ref"] {
            guard let text = reference.stringValue else { throw invalid(JSONPointer.append(pointer, "$ref"), "$ref must be a string") }
            node.reference = definitionName(for: try target(of: text, at: pointer))
            node.isBareReference = value.orderedKeys.allSatisfy { Self.bareReferenceKeys.contains($0) }
            if draft.refIgnoresSiblings && draftDeclared {
                importAnnotations(value, into: node)
                return node
            }
        }
        try refuseUnsupported(value, pointer: pointer)
        try importGeneric(value, pointer: pointer, into: node)
        try importNumeric(value, pointer: pointer, into: node)
        try importString(value, pointer: pointer, into: node)
        try importArray(value, pointer: pointer, into: node)
        try importObject(value, pointer: pointer, into: node)
        try importComposition(value, pointer: pointer, into: node)
        if let reference = value["$dynamicRef"] {
            guard let text = reference.stringValue else { throw invalid(JSONPointer.append(pointer, "$dynamicRef"), "$dynamicRef must be a string") }
            node.allOf.append(try dynamicReference(text, at: pointer, resource: node.resourceURI))
        }
        importAnnotations(value, into: node)
        return node
    }

    /// A `$dynamicRef`, as a node of its own beside the schema's other keywords (a `$ref` may sit
    /// next to it): statically its target, and with every resource's `$dynamicAnchor` of the
    /// fragment's name as a candidate.
    private mutating func dynamicReference(_ text: String, at pointer: String, resource: String?) throws -> SchemaNode {
        let node = SchemaNode()
        node.location = JSONPointer.append(pointer, "$dynamicRef")
        node.resourceURI = resource
        node.reference = definitionName(for: try target(of: text, at: pointer))
        let fragment = URIReference(text).resolved(against: baseURI(for: pointer)).fragment ?? ""
        guard !fragment.isEmpty, !fragment.hasPrefix("/") else { return node }
        var candidates: [String: String] = [:]
        for key in dynamicAnchors.keys.sorted() {
            let anchored = URIReference(key)
            if anchored.fragment == fragment, let anchorPointer = dynamicAnchors[key] {
                try checkUncontested(key, reference: text, at: pointer)
                candidates[anchored.withoutFragment] = definitionName(for: anchorPointer)
            }
        }
        node.dynamicReference = DynamicReference(anchor: fragment, candidates: candidates)
        return node
    }

    private func refuseUnsupported(_ value: GeneratedContent, pointer: String) throws {
        if value["$recursiveRef"] != nil {
            throw SchemaError.unsupportedKeyword(
                keyword: "$recursiveRef", pointer: JSONPointer.append(pointer, "$recursiveRef"),
                context: .init(debugDescription: "2019-09's recursive references are not supported; use 2020-12's $dynamicRef or $ref"))
        }
    }

    private func importGeneric(_ value: GeneratedContent, pointer: String, into node: SchemaNode) throws {
        if let type = value["type"] {
            let at = JSONPointer.append(pointer, "type")
            var set: JSONTypeSet = []
            let names: [GeneratedContent]
            if case .string = type.storage { names = [type] }
            else if let list = type.elements { names = list }
            else { throw invalid(at, "type must be a string or an array of strings") }
            for name in names {
                guard let text = name.stringValue else { throw invalid(at, "type names must be strings") }
                if text == "any" && draft == .draft4 { set = .all; continue }
                guard let one = JSONTypeSet(name: text) else { throw invalid(at, "unknown type '\(text)'") }
                set.formUnion(one)
            }
            node.types = set
        }
        if let list = value["enum"] {
            guard let values = list.elements else { throw invalid(JSONPointer.append(pointer, "enum"), "enum must be an array") }
            node.enumValues = values
        }
        if let constant = value["const"] { node.constValue = constant }
    }

    private func importNumeric(_ value: GeneratedContent, pointer: String, into node: SchemaNode) throws {
        node.minimum = try bound(value, "minimum", pointer, into: node)
        node.maximum = try bound(value, "maximum", pointer, into: node)
        for (keyword, isMinimum) in [("exclusiveMinimum", true), ("exclusiveMaximum", false)] {
            guard let raw = value[keyword] else { continue }
            if let flag = raw.boolValue {
                // Draft 4: a boolean turns minimum/maximum exclusive.
                guard flag else { continue }
                if isMinimum, let m = node.minimum {
                    node.exclusiveMinimum = m
                    node.minimum = nil
                    node.boundLiterals[keyword] = node.boundLiterals.removeValue(forKey: "minimum")
                }
                if !isMinimum, let m = node.maximum {
                    node.exclusiveMaximum = m
                    node.maximum = nil
                    node.boundLiterals[keyword] = node.boundLiterals.removeValue(forKey: "maximum")
                }
            } else {
                let limit = try bound(value, keyword, pointer, into: node)
                if isMinimum { node.exclusiveMinimum = limit } else { node.exclusiveMaximum = limit }
            }
        }
        if let m = try bound(value, "multipleOf", pointer, into: node) {
            node.multipleOf = m
            guard node.exactNumber("multipleOf")!.signum > 0 else {
                throw invalid(JSONPointer.append(pointer, "multipleOf"), "multipleOf must be greater than 0")
            }
        }
    }

    private mutating func importString(_ value: GeneratedContent, pointer: String, into node: SchemaNode) throws {
        node.minLength = try count(value, "minLength", pointer)
        node.maxLength = try count(value, "maxLength", pointer)
        if let raw = value["pattern"] {
            let at = JSONPointer.append(pointer, "pattern")
            guard let source = raw.stringValue else { throw invalid(at, "pattern must be a string") }
            node.pattern = try compilePattern(source, at: at, keyword: "pattern")
        }
        if let raw = value["format"] {
            guard let format = raw.stringValue else { throw invalid(JSONPointer.append(pointer, "format"), "format must be a string") }
            node.format = format
        }
    }

    private mutating func importArray(_ value: GeneratedContent, pointer: String, into node: SchemaNode) throws {
        if let prefix = value["prefixItems"] {
            node.prefixItems = try schemaList(prefix, JSONPointer.append(pointer, "prefixItems"))
            if let items = value["items"] {
                node.items = try importSchema(items, pointer: JSONPointer.append(pointer, "items"))
            }
        } else if let items = value["items"] {
            if items.elements != nil {
                node.prefixItems = try schemaList(items, JSONPointer.append(pointer, "items"))
                if let additional = value["additionalItems"] {
                    node.items = try importSchema(additional, pointer: JSONPointer.append(pointer, "additionalItems"))
                }
            } else {
                node.items = try importSchema(items, pointer: JSONPointer.append(pointer, "items"))
            }
        }
        node.minItems = try count(value, "minItems", pointer)
        node.maxItems = try count(value, "maxItems", pointer)
        if let unique = value["uniqueItems"] {
            guard let flag = unique.boolValue else { throw invalid(JSONPointer.append(pointer, "uniqueItems"), "uniqueItems must be a boolean") }
            node.uniqueItems = flag
        }
        if let contains = value["contains"] {
            node.contains = try importSchema(contains, pointer: JSONPointer.append(pointer, "contains"))
            if draft >= .draft2019 || !draftDeclared {
                node.minContains = try count(value, "minContains", pointer)
                node.maxContains = try count(value, "maxContains", pointer)
            }
        }
        if let unevaluated = value["unevaluatedItems"], draft >= .draft2019 || !draftDeclared {
            node.unevaluatedItems = try importSchema(unevaluated, pointer: JSONPointer.append(pointer, "unevaluatedItems"))
        }
    }

    private mutating func importObject(_ value: GeneratedContent, pointer: String, into node: SchemaNode) throws {
        if let properties = value["properties"] {
            let at = JSONPointer.append(pointer, "properties")
            guard case .object(let fields) = properties.storage else { throw invalid(at, "properties must be an object") }
            for field in fields {
                node.addProperty(field.key, try importSchema(field.value, pointer: JSONPointer.append(at, field.key)))
            }
        }
        if let patterns = value["patternProperties"] {
            let at = JSONPointer.append(pointer, "patternProperties")
            guard case .object(let fields) = patterns.storage else { throw invalid(at, "patternProperties must be an object") }
            for field in fields {
                let pattern = try compilePattern(field.key, at: JSONPointer.append(at, field.key), keyword: "patternProperties")
                node.patternProperties.append((pattern, try importSchema(field.value, pointer: JSONPointer.append(at, field.key))))
            }
        }
        if let additional = value["additionalProperties"] {
            node.additionalProperties = try importSchema(additional, pointer: JSONPointer.append(pointer, "additionalProperties"))
        }
        if let unevaluated = value["unevaluatedProperties"], draft >= .draft2019 || !draftDeclared {
            node.unevaluatedProperties = try importSchema(unevaluated, pointer: JSONPointer.append(pointer, "unevaluatedProperties"))
        }
        if let names = value["propertyNames"] {
            node.propertyNames = try importSchema(names, pointer: JSONPointer.append(pointer, "propertyNames"))
        }
        if let required = value["required"] {
            node.required = try stringList(required, JSONPointer.append(pointer, "required"))
        }
        node.minProperties = try count(value, "minProperties", pointer)
        node.maxProperties = try count(value, "maxProperties", pointer)
        if let map = value["dependentRequired"] {
            let at = JSONPointer.append(pointer, "dependentRequired")
            guard case .object(let fields) = map.storage else { throw invalid(at, "dependentRequired must be an object") }
            for field in fields {
                node.dependentRequired.append((field.key, try stringList(field.value, JSONPointer.append(at, field.key))))
            }
        }
        if let map = value["dependentSchemas"] {
            let at = JSONPointer.append(pointer, "dependentSchemas")
            guard case .object(let fields) = map.storage else { throw invalid(at, "dependentSchemas must be an object") }
            for field in fields {
                node.dependentSchemas.append((field.key, try importSchema(field.value, pointer: JSONPointer.append(at, field.key))))
            }
        }
        if let map = value["dependencies"], draft <= .draft7 || !draftDeclared {
            let at = JSONPointer.append(pointer, "dependencies")
            guard case .object(let fields) = map.storage else { throw invalid(at, "dependencies must be an object") }
            for field in fields {
                let fieldPointer = JSONPointer.append(at, field.key)
                if field.value.elements != nil {
                    node.dependentRequired.append((field.key, try stringList(field.value, fieldPointer)))
                } else {
                    node.dependentSchemas.append((field.key, try importSchema(field.value, pointer: fieldPointer)))
                }
            }
        }
    }

    private mutating func importComposition(_ value: GeneratedContent, pointer: String, into node: SchemaNode) throws {
        if let list = value["allOf"] { node.allOf = try schemaList(list, JSONPointer.append(pointer, "allOf"), nonEmpty: true) }
        if let list = value["anyOf"] { node.anyOf = try schemaList(list, JSONPointer.append(pointer, "anyOf"), nonEmpty: true) }
        if let list = value["oneOf"] { node.oneOf = try schemaList(list, JSONPointer.append(pointer, "oneOf"), nonEmpty: true) }
        if let negated = value["not"] { node.not = try importSchema(negated, pointer: JSONPointer.append(pointer, "not")) }
        if draft >= .draft7 || !draftDeclared, let condition = value["if"] {
            node.ifSchema = try importSchema(condition, pointer: JSONPointer.append(pointer, "if"))
            if let then = value["then"] { node.thenSchema = try importSchema(then, pointer: JSONPointer.append(pointer, "then")) }
            if let otherwise = value["else"] { node.elseSchema = try importSchema(otherwise, pointer: JSONPointer.append(pointer, "else")) }
        }
    }

    private func importAnnotations(_ value: GeneratedContent, into node: SchemaNode) {
        node.title = value["title"]?.stringValue
        node.description = value["description"]?.stringValue
        node.defaultValue = value["default"]
        if let examples = value["examples"]?.elements { node.examples = examples }
        node.deprecated = value["deprecated"]?.boolValue ?? false
        node.readOnly = value["readOnly"]?.boolValue ?? false
        node.writeOnly = value["writeOnly"]?.boolValue ?? false
    }

    // MARK: - Value helpers

    private mutating func compilePattern(_ source: String, at pointer: String, keyword: String) throws -> SchemaPattern {
        if let known = patterns[source] { return known }
        do {
            let pattern = SchemaPattern(source: source, regex: try RegexPattern(source))
            patterns[source] = pattern
            return pattern
        } catch where error.kind == .unsupported {
            throw SchemaError.unsupportedKeyword(
                keyword: keyword, pointer: pointer, context: .init(debugDescription: error.description))
        } catch {
            throw invalid(pointer, "not a valid regular expression: \(error)")
        }
    }

    private mutating func schemaList(_ value: GeneratedContent, _ pointer: String, nonEmpty: Bool = false) throws -> [SchemaNode] {
        guard let list = value.elements else { throw invalid(pointer, "expected an array of schemas") }
        if nonEmpty && list.isEmpty { throw invalid(pointer, "the array of schemas must not be empty") }
        var result: [SchemaNode] = []
        for (i, child) in list.enumerated() {
            result.append(try importSchema(child, pointer: JSONPointer.append(pointer, i)))
        }
        return result
    }

    private func stringList(_ value: GeneratedContent, _ pointer: String) throws -> [String] {
        guard let list = value.elements else { throw invalid(pointer, "expected an array of strings") }
        var result: [String] = []
        var seen = Set<String>()
        for item in list {
            guard let text = item.stringValue else { throw invalid(pointer, "expected an array of strings") }
            if seen.insert(text).inserted { result.append(text) }
        }
        return result
    }

    private func number(_ value: GeneratedContent, _ keyword: String, _ pointer: String) throws -> Double? {
        guard let raw = value[keyword] else { return nil }
        guard let number = raw.numberValue else {
            throw invalid(JSONPointer.append(pointer, keyword), "\(keyword) must be a number")
        }
        return number
    }

    /// A numeric keyword's value, its text kept when a `Double` may not carry it (see `boundLiterals`).
    private func bound(_ value: GeneratedContent, _ keyword: String, _ pointer: String, into node: SchemaNode) throws -> Double? {
        guard let number = try number(value, keyword, pointer) else { return nil }
        if case .number(_, let literal?) = value[keyword]?.storage { node.boundLiterals[keyword] = literal }
        return number
    }

    private func count(_ value: GeneratedContent, _ keyword: String, _ pointer: String) throws -> Int? {
        guard let raw = value[keyword] else { return nil }
        guard let number = raw.numberValue, number >= 0, number == number.rounded(), number < 1e15 else {
            throw invalid(JSONPointer.append(pointer, keyword), "\(keyword) must be a non-negative integer")
        }
        return Int(number)
    }

    private func invalid(_ pointer: String, _ message: String) -> SchemaError {
        .invalidSchema(pointer: pointer, context: .init(debugDescription: message))
    }
}

extension GeneratedContent {
    /// Whether this value can be a schema (an object or a boolean).
    package var isSchemaShaped: Bool {
        switch storage {
        case .object, .bool: return true
        default: return false
        }
    }
}
