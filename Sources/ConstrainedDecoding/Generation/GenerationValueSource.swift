import JSONSchema
import RegexAutomata

/// Where a field sits while it is generated: its key, its annotations, and its parent's.
public struct FieldContext: Sendable {
    /// The property name the value is stored under (nil for array items and the root).
    public var propertyName: String?
    /// The position in the enclosing array, for array items.
    public var arrayIndex: Int?
    /// The field's own annotations (description, title, type name, format, examples).
    public var hints: FieldHints
    /// The enclosing structure's annotations (e.g. its type name, "NPC").
    public var parentHints: FieldHints?
    /// The enclosing structure's properties generated so far, in order.
    public var siblings: [(String, GeneratedContent)] {
        get { siblingFields.map { ($0.key, $0.value) } }
        set { siblingFields = newValue.map { GeneratedContent.Field(key: $0.0, value: $0.1) } }
    }
    /// The siblings as the generator holds them, turned into pairs only when a source asks.
    package var siblingFields: [GeneratedContent.Field]
    /// For a string field, the fewest Unicode scalars it may have.
    public var minimumLength = 0
    /// For a string field, the most Unicode scalars it may have (nil: no limit).
    public var maximumLength: Int?
    /// For a string field, whether any string within the length limits fits (no pattern,
    /// format or excluded value): one candidate is then enough.
    public var isFreeForm = false
    /// Whether the field is a property of the root object.
    package var isRootProperty = false

    package init(propertyName: String?, hints: FieldHints, parentHints: FieldHints?, siblingFields: [GeneratedContent.Field], isRootProperty: Bool) {
        self.propertyName = propertyName
        self.hints = hints
        self.parentHints = parentHints
        self.siblingFields = siblingFields
        self.isRootProperty = isRootProperty
    }

    public init(propertyName: String? = nil, arrayIndex: Int? = nil, hints: FieldHints = FieldHints(),
                parentHints: FieldHints? = nil, siblings: [(String, GeneratedContent)] = []) {
        self.propertyName = propertyName
        self.arrayIndex = arrayIndex
        self.hints = hints
        self.parentHints = parentHints
        self.siblingFields = siblings.map { GeneratedContent.Field(key: $0.0, value: $0.1) }
    }
}

/// The hook through which a model supplies meaningful values while a schema's structure is
/// generated. Every proposal is checked against the field's constraints before it is used —
/// a source cannot make generation produce invalid content — and a field whose proposal does not
/// fit is generated from its automaton instead, steered by the source's character guide.
///
/// ```swift
/// struct Names: GenerationValueSource {
///     func proposeString(for field: FieldContext, random: inout SeededRandom) -> String? {
///         field.propertyName == "name" ? ["Ada", "Grace"][Int(random.below(2))] : nil
///     }
/// }
/// let npc = try schema.generate(random: &random, source: Names())
/// ```
public protocol GenerationValueSource: Sendable {
    /// A whole value for a field (a stored record, say); used only if it validates.
    func proposeValue(for field: FieldContext, random: inout SeededRandom) -> GeneratedContent?
    /// A string for a string field; used only if it satisfies the field's constraints.
    func proposeString(for field: FieldContext, random: inout SeededRandom) -> String?
    /// Candidate strings in order of preference; the first that satisfies the field's
    /// constraints is used. By default, the single `proposeString` candidate.
    func proposeStrings(for field: FieldContext, random: inout SeededRandom) -> [String]
    /// The first candidate `accepts` takes, in `proposeStrings` order; a source that makes its
    /// candidates one at a time can stop at the first that fits. By default, the first of
    /// `proposeStrings` that `accepts` takes.
    func firstAcceptedString(for field: FieldContext, random: inout SeededRandom, accepts: (String) -> Bool) -> String?
    /// A character model steering the automaton walk for strings not proposed whole.
    func characterGuide(for field: FieldContext) -> (any CharacterGuide)?
    /// Which of a field's allowed values to take (nil: a uniform choice).
    func choose(among values: [GeneratedContent], for field: FieldContext, random: inout SeededRandom) -> Int?
    /// Whether to include an optional property (nil: a fair coin).
    func includeOptional(_ propertyName: String, in parent: FieldHints, random: inout SeededRandom) -> Bool?
}

extension GenerationValueSource {
    public func proposeValue(for field: FieldContext, random: inout SeededRandom) -> GeneratedContent? { nil }
    public func proposeString(for field: FieldContext, random: inout SeededRandom) -> String? { nil }
    public func proposeStrings(for field: FieldContext, random: inout SeededRandom) -> [String] {
        proposeString(for: field, random: &random).map { [$0] } ?? []
    }
    public func firstAcceptedString(for field: FieldContext, random: inout SeededRandom, accepts: (String) -> Bool) -> String? {
        proposeStrings(for: field, random: &random).first(where: accepts)
    }
    public func characterGuide(for field: FieldContext) -> (any CharacterGuide)? { nil }
    public func choose(among values: [GeneratedContent], for field: FieldContext, random: inout SeededRandom) -> Int? { nil }
    public func includeOptional(_ propertyName: String, in parent: FieldHints, random: inout SeededRandom) -> Bool? { nil }
}

/// A value source that drafts: it tells generation when the root object's fields so far are
/// enough, and generation stops there. A model drafts to learn what a response would ask for —
/// which tools its fields want, and their arguments — without generating all of it; a draft may
/// lack required properties, so only `GenerationSchema.draft(random:source:)` honours this, never
/// `generate`.
package protocol DraftingValueSource: GenerationValueSource {
    /// Whether the draft may end with the root fields so far. Asked after each root property,
    /// and when the source has nothing for a root string property (which is then left out).
    func hasEnough(rootFields: [GeneratedContent.Field]) -> Bool
}
