import GuidedGeneration
import JSONSchema
import RegexAutomata

/// Seeded random JSON Schema documents (draft 2020-12) in the shapes real schemas take: nested
/// objects, bounded arrays, enums, composition, conditionals, patterns and formats, numeric
/// ranges, nullable types, and `$defs`/`$ref` including a recursive definition.
public struct RandomSchemaGenerator {
    private var random: SeededRandom

    public init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// Realistic regular expressions, all within the library's supported ECMA-262 subset.
    public static let patterns = [
        "^[a-z]+$", "^[A-Z][a-z]{1,10}$", "^\\d{3}-\\d{4}$", "^[a-z0-9_-]{3,16}$", "^#[0-9a-fA-F]{6}$",
        "^(red|green|blue)$", "^[A-Z]{2,3}$", "^v\\d+\\.\\d+(\\.\\d+)?$", "[a-z]", "^\\S+$", "^(\\([0-9]{3}\\))?[0-9]{3}-[0-9]{4}$",
    ]
    public static let formats = ["date", "date-time", "time", "email", "uuid", "ipv4", "ipv6", "hostname", "uri", "duration"]
    public static let propertyNames = ["id", "name", "level", "tags", "owner", "price", "kind", "items", "note", "color", "score", "parent"]
    public static let words = ["latte", "mocha", "espresso", "tea", "cocoa"]

    /// One schema document with a small `$defs` table that the body refers to.
    public mutating func document() -> GeneratedContent {
        var fields: [(String, GeneratedContent)] = [("$schema", GeneratedContent("https://json-schema.org/draft/2020-12/schema"))]
        fields += members(of: schema(depth: 3, definitions: true))
        var defs: [(String, GeneratedContent)] = [("leaf", schema(depth: 1, definitions: false))]
        defs.append(("tree", object([
            ("type", GeneratedContent("object")),
            ("properties", object([
                ("value", schema(depth: 1, definitions: false)),
                ("children", object([
                    ("type", GeneratedContent("array")),
                    ("maxItems", GeneratedContent(random.int(in: 1...3))),
                    ("items", object([("$ref", GeneratedContent("#/$defs/tree"))])),
                ])),
            ])),
            ("required", GeneratedContent(elements: [GeneratedContent("value")])),
            ("additionalProperties", GeneratedContent(false)),
        ])))
        fields.append(("$defs", object(defs)))
        return object(fields)
    }

    // MARK: - Schemas

    private mutating func schema(depth: Int, definitions: Bool) -> GeneratedContent {
        if depth <= 0 { return leaf() }
        var choices: [(Double, Kind)] = [(3, .leaf), (3, .object), (2, .array), (1, .enumeration), (1, .composition), (0.7, .conditional), (0.8, .nullable)]
        if definitions { choices.append((1, .reference)) }
        switch choices[random.index(weights: choices.map(\.0))].1 {
        case .leaf: return leaf()
        case .object: return objectSchema(depth: depth, definitions: definitions)
        case .array: return arraySchema(depth: depth, definitions: definitions)
        case .enumeration: return enumeration()
        case .composition: return composition(depth: depth, definitions: definitions)
        case .conditional: return conditional(depth: depth, definitions: definitions)
        case .nullable: return nullable()
        case .reference: return object([("$ref", GeneratedContent(random.chance(0.5) ? "#/$defs/leaf" : "#/$defs/tree"))])
        }
    }

    private enum Kind { case leaf, object, array, enumeration, composition, conditional, nullable, reference }

    private mutating func leaf() -> GeneratedContent {
        switch random.int(in: 0..<5) {
        case 0: return stringSchema()
        case 1: return numberSchema(integer: true)
        case 2: return numberSchema(integer: false)
        case 3: return object([("type", GeneratedContent("boolean"))])
        default: return random.chance(0.5) ? stringSchema() : numberSchema(integer: true)
        }
    }

    private mutating func stringSchema() -> GeneratedContent {
        var f: [(String, GeneratedContent)] = [("type", GeneratedContent("string"))]
        switch random.int(in: 0..<5) {
        case 0: f.append(("pattern", GeneratedContent(pick(Self.patterns))))
        case 1: f.append(("format", GeneratedContent(pick(Self.formats))))
        case 2: f += lengths()
        case 3:
            f.append(("pattern", GeneratedContent(pick(Self.patterns))))
            f += lengths()
        default: break
        }
        return object(f)
    }

    private mutating func lengths() -> [(String, GeneratedContent)] {
        let low = random.int(in: 0...4)
        return [("minLength", GeneratedContent(low)), ("maxLength", GeneratedContent(low + random.int(in: 0...12)))]
    }

    private mutating func numberSchema(integer: Bool) -> GeneratedContent {
        var f: [(String, GeneratedContent)] = [("type", GeneratedContent(integer ? "integer" : "number"))]
        let low = Double(random.int(in: -50...50)) / (integer ? 1 : 4)
        let high = low + Double(random.int(in: 1...200)) / (integer ? 1 : 4)
        if random.chance(0.7) { f.append((random.chance(0.4) ? "exclusiveMinimum" : "minimum", GeneratedContent(low))) }
        if random.chance(0.7) { f.append((random.chance(0.4) ? "exclusiveMaximum" : "maximum", GeneratedContent(high))) }
        if random.chance(0.3) { f.append(("multipleOf", GeneratedContent(integer ? Double(random.int(in: 2...5)) : pick([0.5, 0.25, 0.1, 0.01, 3])))) }
        return object(f)
    }

    private mutating func objectSchema(depth: Int, definitions: Bool) -> GeneratedContent {
        let names = Array(shuffled(Self.propertyNames).prefix(random.int(in: 1...4)))
        var properties: [(String, GeneratedContent)] = []
        for name in names { properties.append((name, schema(depth: depth - 1, definitions: definitions))) }
        var f: [(String, GeneratedContent)] = [("type", GeneratedContent("object")), ("properties", object(properties))]
        let required = names.filter { _ in random.chance(0.5) }
        if !required.isEmpty { f.append(("required", GeneratedContent(elements: required.map { GeneratedContent($0) }))) }
        switch random.int(in: 0..<4) {
        case 0: f.append(("additionalProperties", GeneratedContent(false)))
        case 1: f.append(("additionalProperties", leaf()))
        case 2: f.append(("patternProperties", object([("^x-[a-z]+$", leaf())])))
        default: break
        }
        if random.chance(0.2) { f.append(("minProperties", GeneratedContent(random.int(in: 0...2)))) }
        if random.chance(0.2) { f.append(("maxProperties", GeneratedContent(random.int(in: 2...5)))) }
        if random.chance(0.15), let first = names.first, let last = names.last {
            f.append(("dependentRequired", object([(first, GeneratedContent(elements: [GeneratedContent(last)]))])))
        }
        if random.chance(0.1), let first = names.first {
            f.append(("dependentSchemas", object([(first, object([("properties", object([("note", stringSchema())])), ("required", GeneratedContent(elements: [GeneratedContent("note")]))]))])))
        }
        if random.chance(0.1) {
            f.append(("propertyNames", object([("pattern", GeneratedContent("^[a-z]+$")), ("maxLength", GeneratedContent(random.int(in: 4...8)))])))
        }
        return object(f)
    }

    private mutating func arraySchema(depth: Int, definitions: Bool) -> GeneratedContent {
        var f: [(String, GeneratedContent)] = [("type", GeneratedContent("array"))]
        let unique = random.chance(0.3)
        if random.chance(0.25) {
            let prefix = (0..<random.int(in: 1...3)).map { _ in schema(depth: depth - 1, definitions: definitions) }
            f.append(("prefixItems", GeneratedContent(elements: prefix)))
        }
        // Unique items come from a small or a large pool of distinct values.
        let smallPool = object([("enum", GeneratedContent(elements: Self.words.prefix(random.int(in: 2...4)).map { GeneratedContent($0) }))])
        let largePool = object([("type", GeneratedContent("integer")), ("minimum", GeneratedContent(0))])
        let items = unique ? (random.chance(0.5) ? smallPool : largePool) : schema(depth: depth - 1, definitions: definitions)
        f.append(("items", items))
        let minimum = random.int(in: 0...2)
        if random.chance(0.6) { f.append(("minItems", GeneratedContent(minimum))) }
        if random.chance(0.6) { f.append(("maxItems", GeneratedContent(minimum + random.int(in: 1...4)))) }
        if unique { f.append(("uniqueItems", GeneratedContent(true))) }
        if random.chance(0.25) {
            f.append(("contains", unique ? object([("type", GeneratedContent("integer")), ("maximum", GeneratedContent(100))]) : leaf()))
            if random.chance(0.5) { f.append(("minContains", GeneratedContent(random.int(in: 0...2)))) }
            if random.chance(0.5) { f.append(("maxContains", GeneratedContent(random.int(in: 2...3)))) }
        }
        return object(f)
    }

    private mutating func enumeration() -> GeneratedContent {
        let values: [GeneratedContent] = [GeneratedContent(pick(Self.words)), GeneratedContent(random.int(in: -3...9)), .null, GeneratedContent(true),
                                          GeneratedContent(elements: [GeneratedContent(1), GeneratedContent("a")]),
                                          GeneratedContent(properties: [("k", GeneratedContent(pick(Self.words)))])]
        if random.chance(0.3) { return object([("const", pick(values))]) }
        let chosen = shuffled(values).prefix(random.int(in: 1...4))
        return object([("enum", GeneratedContent(elements: Array(chosen)))])
    }

    private mutating func composition(depth: Int, definitions: Bool) -> GeneratedContent {
        let keyword = pick(["anyOf", "oneOf", "allOf", "not"])
        if keyword == "not" {
            switch random.int(in: 0..<3) {
            case 0: return object([("type", GeneratedContent(pick(["string", "integer", "object"]))), ("not", leaf())])
            case 1: return object([("type", GeneratedContent("integer")), ("not", object([("enum", GeneratedContent(elements: [GeneratedContent(0), GeneratedContent(1)]))]))])
            default: return object([("not", objectSchema(depth: depth - 1, definitions: false))])
            }
        }
        if keyword == "allOf" {
            // Conjuncts that refine one shape, as real schemas combine a base with an extension.
            if random.chance(0.5) {
                return object([("allOf", GeneratedContent(elements: [numberSchema(integer: true), numberSchema(integer: random.chance(0.5))]))])
            }
            return object([("allOf", GeneratedContent(elements: [objectSchema(depth: depth - 1, definitions: definitions),
                                                                   objectSchema(depth: depth - 1, definitions: definitions)]))])
        }
        if random.chance(0.3) { return object([(keyword, GeneratedContent(elements: overlappingBranches()))]) }
        let branches = (0..<random.int(in: 2...3)).map { _ in random.chance(0.4) ? leaf() : schema(depth: depth - 1, definitions: definitions) }
        return object([(keyword, GeneratedContent(elements: branches))])
    }

    /// Alternatives whose languages overlap, so `oneOf` must land in exactly one of them.
    private mutating func overlappingBranches() -> [GeneratedContent] {
        switch random.int(in: 0..<6) {
        case 0:
            let low = random.int(in: -10...10)
            return [object([("type", GeneratedContent("integer")), ("minimum", GeneratedContent(low)), ("maximum", GeneratedContent(low + random.int(in: 2...12)))]),
                    object([("type", GeneratedContent("integer")), ("minimum", GeneratedContent(low + random.int(in: 1...6))), ("maximum", GeneratedContent(low + 20))])]
        case 1:
            return [object([("type", GeneratedContent("string")), ("pattern", GeneratedContent(pick(Self.patterns)))]),
                    object([("type", GeneratedContent("string")), ("maxLength", GeneratedContent(random.int(in: 2...6)))])]
        case 4:
            return [object([("type", GeneratedContent("object")), ("properties", object([("kind", object([("const", GeneratedContent("a"))]))])), ("additionalProperties", GeneratedContent(false))]),
                    object([("type", GeneratedContent("object")), ("properties", object([("kind", object([("type", GeneratedContent("string"))])), ("n", leaf())])), ("required", GeneratedContent(elements: [GeneratedContent("kind")]))])]
        case 5:
            return [object([("type", GeneratedContent("array")), ("items", object([("type", GeneratedContent("integer"))])), ("maxItems", GeneratedContent(3))]),
                    object([("type", GeneratedContent("array")), ("contains", object([("const", GeneratedContent(1))]))])]
        case 2:
            return [object([("type", GeneratedContent("number")), ("multipleOf", GeneratedContent(pick([0.5, 2.0, 3.0])))]),
                    object([("type", GeneratedContent("integer")), ("minimum", GeneratedContent(0)), ("maximum", GeneratedContent(random.int(in: 3...30)))])]
        default:
            let a = pick(Self.propertyNames), b = pick(Self.propertyNames)
            return [object([("type", GeneratedContent("object")), ("required", GeneratedContent(elements: [GeneratedContent(a)]))]),
                    object([("type", GeneratedContent("object")), ("required", GeneratedContent(elements: [GeneratedContent(b)])),
                            ("properties", object([(b, leaf())]))])]
        }
    }

    private mutating func conditional(depth: Int, definitions: Bool) -> GeneratedContent {
        let kind = pick(Self.words)
        var f: [(String, GeneratedContent)] = [
            ("type", GeneratedContent("object")),
            ("properties", object([("kind", object([("enum", GeneratedContent(elements: Self.words.prefix(3).map { GeneratedContent($0) }))]))])),
            ("required", GeneratedContent(elements: [GeneratedContent("kind")])),
            ("if", object([("properties", object([("kind", object([("const", GeneratedContent(kind))]))]))])),
            ("then", object([("properties", object([("extra", schema(depth: depth - 1, definitions: definitions))])), ("required", GeneratedContent(elements: [GeneratedContent("extra")]))])),
        ]
        if random.chance(0.3) {
            f = [("if", object([("type", GeneratedContent("integer"))])),
                 ("then", numberSchema(integer: true)),
                 ("else", random.chance(0.5) ? stringSchema() : object([("not", object([("type", GeneratedContent("number"))]))]))]
        } else if random.chance(0.6) {
            f.append(("else", object([("properties", object([("extra", object([("type", GeneratedContent("null"))]))]))])))
        }
        return object(f)
    }

    private mutating func nullable() -> GeneratedContent {
        var schema = members(of: leaf())
        guard let index = schema.firstIndex(where: { $0.0 == "type" }), let name = schema[index].1.stringValue else { return object(schema) }
        schema[index].1 = GeneratedContent(elements: [GeneratedContent(name), GeneratedContent("null")])
        return object(schema)
    }

    // MARK: - Helpers

    private mutating func pick<T>(_ list: [T]) -> T { list[random.int(in: 0..<list.count)] }

    /// Fisher–Yates over `SeededRandom` draws, so the order depends on the seed alone.
    private mutating func shuffled<T>(_ list: [T]) -> [T] {
        var result = list
        for i in stride(from: result.count - 1, to: 0, by: -1) {
            result.swapAt(i, random.int(in: 0...i))
        }
        return result
    }

    private func object(_ fields: [(String, GeneratedContent)]) -> GeneratedContent {
        GeneratedContent(properties: fields)
    }

    private func members(of value: GeneratedContent) -> [(String, GeneratedContent)] {
        value.orderedKeys.map { ($0, value[$0]!) }
    }
}
