import JSONSchema
import RegexAutomata

/// A schema compiled for generation: a graph of plan nodes (indexes into `nodes`, so recursive
/// schemas are finite), each satisfiable by construction, with the minimal nesting depth needed
/// to finish it so that generation of recursive schemas always terminates.
///
/// The plan is independent of how values are chosen: `PlanGenerator` walks it with a seeded
/// random source and an optional `GenerationValueSource`; a token-level language-model backend
/// can walk the same nodes (and the string DFAs in them) to mask a vocabulary.
package struct GenerationPlan: Sendable {
    package var nodes: [PlanNode]
    package var hints: [FieldHints]
    /// The schema expressions each node was compiled from (nil for the branches of an
    /// alternatives node); proposals from value sources are validated against them.
    package var constraints: [ExprList?]
    package let validator: SchemaValidator
    /// Minimal depth to complete each node; `Int.max` marks nodes with no finite instance.
    package var minimumDepth: [Int]
    package var root: Int
    /// The size of each node's smallest instance (`PlanSizes`), filled once depths are known.
    package var minimumSize: [Int] = []
    /// Capacities and distinguishing properties for `uniqueItems`, filled once depths are known.
    package var uniqueValues = UniqueValueTable.empty

    /// How deep optional structure may go beyond what the root needs.
    package static let depthAllowance = 12

    /// Whether a value satisfies node `index`'s constraints (false for branch nodes).
    package func accepts(_ value: GeneratedContent, at index: Int) -> Bool {
        guard let exprs = constraints[index] else { return false }
        return exprs.items.allSatisfy { validator.satisfies(value, $0) }
    }
}

/// What generation produces at one place in the value.
package enum PlanNode: Sendable {
    /// No value is possible.
    case never
    /// One of several plans (a type union, `anyOf`, `oneOf`, ...).
    case alternatives([Int])
    /// One of a finite set of values (`enum`, `const`), already checked against the schema.
    case choice([GeneratedContent])
    case null
    case boolean
    case number(NumberGrid)
    case string(StringPlan)
    case array(ArrayPlan)
    case object(ObjectPlan)
}

/// What a value source knows about a field: its annotations, whatever schema it came from.
///
/// The annotations live in one shared, immutable box, so the field contexts the generator hands
/// out copy a single reference instead of five; a setter replaces the box.
public struct FieldHints: Sendable, Equatable {
    private final class Storage: Sendable {
        let title: String?
        let description: String?
        let typeName: String?
        let format: String?
        let examples: [GeneratedContent]

        init(title: String?, description: String?, typeName: String?, format: String?, examples: [GeneratedContent]) {
            self.title = title
            self.description = description
            self.typeName = typeName
            self.format = format
            self.examples = examples
        }
    }

    private var storage: Storage

    /// The schema's `title`, if any.
    public var title: String? {
        get { storage.title }
        set { self = FieldHints(title: newValue, description: description, typeName: typeName, format: format, examples: examples) }
    }
    /// The schema's `description` (or the guide's description).
    public var description: String? {
        get { storage.description }
        set { self = FieldHints(title: title, description: newValue, typeName: typeName, format: format, examples: examples) }
    }
    /// The name of the Swift type or dynamic schema the field's value is an instance of.
    public var typeName: String? {
        get { storage.typeName }
        set { self = FieldHints(title: title, description: description, typeName: newValue, format: format, examples: examples) }
    }
    /// The `format`, if any.
    public var format: String? {
        get { storage.format }
        set { self = FieldHints(title: title, description: description, typeName: typeName, format: newValue, examples: examples) }
    }
    /// Example values from the schema.
    public var examples: [GeneratedContent] {
        get { storage.examples }
        set { self = FieldHints(title: title, description: description, typeName: typeName, format: format, examples: newValue) }
    }

    public init(title: String? = nil, description: String? = nil, typeName: String? = nil,
                format: String? = nil, examples: [GeneratedContent] = []) {
        storage = Storage(title: title, description: description, typeName: typeName, format: format, examples: examples)
    }

    public static func == (lhs: FieldHints, rhs: FieldHints) -> Bool {
        lhs.storage === rhs.storage
            || (lhs.title == rhs.title && lhs.description == rhs.description && lhs.typeName == rhs.typeName
                && lhs.format == rhs.format && lhs.examples == rhs.examples)
    }
}

/// A string field: a DFA language with a length window and excluded values.
package struct StringPlan: Sendable {
    /// The strings generation draws from (for patterns, those the pattern matches whole).
    package let dfa: DFA
    /// Every string the field accepts, for matching text written by others: a superset of
    /// `dfa` (a pattern matching somewhere inside, not only whole).
    package let matchDFA: DFA
    /// Draws lengths in `minLength...sampleMaximum` (the upper end is `maxLength` when given).
    package let sampler: DFASampler
    package let minLength: Int
    package let maxLength: Int?
    package let excluded: Set<String>
    /// How many distinct strings are available (saturating), for `uniqueItems`.
    package let capacity: Int

    /// Whether any string of an allowed length belongs to the field (no pattern, format or
    /// excluded value narrows it).
    package let isFreeForm: Bool

    package init(dfa: DFA, matchDFA: DFA? = nil, sampler: DFASampler, minLength: Int, maxLength: Int?, excluded: Set<String>, capacity: Int) {
        self.dfa = dfa
        self.matchDFA = matchDFA ?? dfa
        self.sampler = sampler
        self.minLength = minLength
        self.maxLength = maxLength
        self.excluded = excluded
        self.capacity = capacity
        isFreeForm = excluded.isEmpty && dfa.stateCount == 1 && dfa.accepting[0]
            && dfa.transitions[0].count == 1 && dfa.transitions[0][0].label == .all
    }

    /// Whether a proposed string belongs to the field (the test for value sources' proposals).
    package func accepts(_ string: String) -> Bool {
        if isFreeForm, minLength == 0, maxLength == nil { return true }
        let length = string.unicodeScalars.count
        guard length >= minLength, maxLength.map({ length <= $0 }) ?? true else { return false }
        return isFreeForm || (!excluded.contains(string) && dfa.accepts(string))
    }
}

/// An array field.
package struct ArrayPlan: Sendable {
    package var minItems: Int
    /// The schema's bound (nil: any number of items).
    package var maxItems: Int?
    /// The largest count generation will use (the schema's bound, or a soft bound).
    package var sampleMaximum: Int
    package var positional: [Int]
    /// The plan for positions past `positional`; nil when no item may stand there.
    package var rest: Int?
    package var unique: Bool
    package var contains: ContainsPlan?

    package func plan(at index: Int) -> Int? {
        index < positional.count ? positional[index] : rest
    }
}

/// `contains` with bounds: positions from `from` on that must (or must not) match.
package struct ContainsPlan: Sendable {
    package var minimum: Int
    package var maximum: Int?
    package var from: Int
    /// For each position (last entry repeated for the rest): the plan of a matching item.
    package var matching: [Int]
    /// For each position: the plan of a non-matching item (nil when `maximum` is nil, as then
    /// any item may stand there).
    package var nonMatching: [Int]?

    package func matchingPlan(at index: Int) -> Int { matching[min(index, matching.count - 1)] }
    package func nonMatchingPlan(at index: Int) -> Int? { nonMatching.map { $0[min(index, $0.count - 1)] } }
}

/// An object field.
package struct ObjectPlan: Sendable {
    package struct Property: Sendable {
        package var name: String
        package var plan: Int
        package var required: Bool
    }

    /// Keys outside the declared properties: names from `names`, values from `plan`. Generation
    /// draws names from `portableNames` (the printable ASCII ones, when `names` holds others too;
    /// made on first use, since only generation needs them) while any are left, so a validator
    /// whose regex dialect differs reads them alike.
    package struct ExtraKeys: Sendable {
        package var names: StringPlan
        package var portableNames: ComputedOnce<StringPlan?>? = nil
        package var plan: Int
    }

    package let properties: [Property]
    package let extras: [ExtraKeys]
    package let minProperties: Int
    package let maxProperties: Int?
    package let dependentRequired: [String: [String]]
    /// A map-like object (no declared properties, open keys): generation adds a few entries.
    package let isMap: Bool
    /// The required properties closed under `dependentRequired`: their plans, in the order they
    /// are reached, and their indices in `properties`; nil when one of them is not a declared
    /// property. Computed once here because every generated instance of the object starts from it.
    package let requiredClosure: (plans: [Int], indices: PropertySet)?
    /// For each property, the indices of the properties it requires (`dependentRequired`); nil
    /// when one of them is not declared, so the property can never be added.
    package let dependencies: [[Int]?]
    /// Where each property is in `properties`.
    private let propertyIndex: [String: Int]

    package init(properties: [Property], extras: [ExtraKeys], minProperties: Int, maxProperties: Int?,
         dependentRequired: [String: [String]], isMap: Bool) {
        self.properties = properties
        self.extras = extras
        self.minProperties = minProperties
        self.maxProperties = maxProperties
        self.dependentRequired = dependentRequired
        self.isMap = isMap
        var propertyIndex: [String: Int] = [:]
        for (i, property) in properties.enumerated() { propertyIndex[property.name] = i }
        self.propertyIndex = propertyIndex
        var names = properties.filter(\.required).map(\.name)
        var reached = Set(names)
        var index = 0
        while index < names.count {
            for other in dependentRequired[names[index]] ?? [] where reached.insert(other).inserted { names.append(other) }
            index += 1
        }
        var plans: [Int] = []
        var indices = PropertySet()
        for name in names {
            guard let i = propertyIndex[name] else { break }
            plans.append(properties[i].plan)
            indices.insert(i)
        }
        requiredClosure = plans.count == names.count ? (plans, indices) : nil
        dependencies = properties.map { property in
            let needed = (dependentRequired[property.name] ?? []).map { propertyIndex[$0] }
            return needed.contains(nil) ? nil : needed.compactMap { $0 }
        }
    }

    /// Where the declared property called `name` is in `properties`, if declared.
    package func index(of name: String) -> Int? {
        propertyIndex[name]
    }
}
