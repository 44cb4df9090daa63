import ConstrainedDecoding
import Foundation
import GuidedGeneration
import JSONSchema
import RegexAutomata
import Synchronization

/// Gives structured generation its meaning: a string field that resolves to a slot (or a lexicon
/// kind) takes lines of its grammar symbol (several candidates, so a patterned field can take one
/// that matches); other fields take text from the corpus model within their length limits; pattern
/// walks are steered by the corpus's character model; a field whose shape matches a stored record
/// takes the record whole. Every weighted choice follows the session's sampling options.
struct SlotValueSource: GenerationValueSource {
    /// How many grammar lines a constrained field is offered before the guided automaton walk
    /// takes over (a free-form field without a length limit takes the first line).
    static let candidatesPerField = 4
    /// The length text-model fields get when the schema sets no maximum.
    static let unboundedTextLength = 80
    /// The conversation-state key of the grammar memory.
    static let memoryKey = "ProceduralModel.memory"

    let grammar: Grammar
    let textModel: WordNGramModel
    let sampling: ResolvedSampling
    let variables: [String: String]
    /// Where the grammar's memory of lines already said lives (one per session).
    let conversation: ConversationState
    /// Where the grammar's draws and lines are counted (nil: nowhere).
    var audit: GrammarAudit? = nil
    /// The slot of a field; the flag says whether slots wanting a usable tool take part.
    let resolveSlot: @Sendable (FieldContext, _ usingTools: Bool) -> ProceduralContent.Slot?
    let findRecord: @Sendable (FieldContext) -> GeneratedContent?
    /// This turn's tool outputs, by the capability of the slot they serve.
    var toolOutputs: [String: String] = [:]
    /// Set while drafting a response to learn which tools its slots want.
    var draft: Draft?
    /// Root properties fixed by this turn's tool calls: the arguments a tool was called with,
    /// so that the response agrees with what the tool was asked (a customer named after a Gen X
    /// contact is Gen X).
    var pinnedRootValues: [String: GeneratedContent] = [:]

    func proposeValue(for field: FieldContext, random: inout SeededRandom) -> GeneratedContent? {
        if field.isRootProperty, !pinnedRootValues.isEmpty, let name = field.propertyName, let pinned = pinnedRootValues[name] {
            return pinned
        }
        return findRecord(field)
    }

    func proposeStrings(for field: FieldContext, random: inout SeededRandom) -> [String] {
        var candidates: [String] = []
        forEachCandidate(for: field, random: &random) { candidates.append($0); return true }
        return candidates
    }

    func firstAcceptedString(for field: FieldContext, random: inout SeededRandom, accepts: (String) -> Bool) -> String? {
        var accepted: String?
        forEachCandidate(for: field, random: &random) { candidate in
            if accepts(candidate) { accepted = candidate }
            return accepted == nil
        }
        return accepted
    }

    /// Makes the field's candidates one at a time, in order of preference, handing each to
    /// `visit` until it returns false: lines of the field's slot — with a tool's answer, that
    /// slot's lines and then, since the answer may not fit the field (an honest "no one left" is
    /// no name), the lines of the best slot without a tool — else corpus text.
    private func forEachCandidate(for field: FieldContext, random: inout SeededRandom, _ visit: (String) -> Bool) {
        guard let slot = resolveSlot(field, true) else {
            _ = visit(fallbackString(for: field, random: &random))
            return
        }
        guard let tool = slot.tool else {
            _ = expand(slot, for: field, variables: variables, random: &random, visit)
            return
        }
        guard let output = toolOutputs[tool.capability] else {
            // While drafting, a root field no tool takes as an argument needs no value (the draft
            // may end here); any other takes the best slot without a tool: the draft's value is
            // never returned, and a line is far cheaper than an automaton walk.
            guard let draft else { return }
            draft.wishes.note(tool)
            if !field.isRootProperty || field.propertyName.map(draft.argumentNames.contains) ?? true {
                fallback(for: field, random: &random, visit)
            }
            return
        }
        var withOutput = variables
        withOutput["toolOutput"] = output
        if expand(slot, for: field, variables: withOutput, random: &random, visit) {
            fallback(for: field, random: &random, visit)
        }
    }

    /// Hands `visit` lines of `slot`'s symbol — one for a free-form field, else up to a few to
    /// choose from; false once `visit` asked to stop.
    private func expand(_ slot: ProceduralContent.Slot, for field: FieldContext, variables: [String: String],
                        random: inout SeededRandom, _ visit: (String) -> Bool) -> Bool {
        let count = field.isFreeForm && field.maximumLength == nil ? 1 : Self.candidatesPerField
        return conversation.value(forKey: Self.memoryKey, default: ExpansionMemory()) { memory in
            for _ in 0..<count {
                guard let line = try? grammar.expand(slot.symbol, variables: variables, memory: &memory, random: &random, sampling: sampling, audit: audit) else { continue }
                if !visit(line) { return false }
            }
            return true
        }
    }

    /// Lines of the best slot for the field without a tool, else corpus text.
    private func fallback(for field: FieldContext, random: inout SeededRandom, _ visit: (String) -> Bool) {
        if let slot = resolveSlot(field, false) {
            _ = expand(slot, for: field, variables: variables, random: &random, visit)
        } else {
            _ = visit(fallbackString(for: field, random: &random))
        }
    }

    /// Text from the corpus model within the field's length limits.
    private func fallbackString(for field: FieldContext, random: inout SeededRandom) -> String {
        let maximum = field.maximumLength ?? max(field.minimumLength, Self.unboundedTextLength)
        return textModel.generate(minLength: field.minimumLength, maxLength: maximum, random: &random, choose: sampling.chooser)
    }

    func characterGuide(for field: FieldContext) -> (any CharacterGuide)? {
        textModel.characters
    }

    func choose(among values: [GeneratedContent], for field: FieldContext, random: inout SeededRandom) -> Int? {
        sampling.chooseUniform(count: values.count, random: &random)
    }

    func includeOptional(_ propertyName: String, in parent: FieldHints, random: inout SeededRandom) -> Bool? {
        sampling.choose(weights: [1, 1], random: &random) == 0
    }
}

extension SlotValueSource: DraftingValueSource {
    /// What a draft is for: which of the offered capabilities the response's slots want, and
    /// the root properties a tool may take as arguments.
    struct Draft {
        /// A slot whose tool has not answered yet is noted here, and the best slot without a
        /// tool fills the field.
        let wishes = ToolWishes()
        /// How many capabilities the session's tools offer: once every one is asked for, no
        /// later field can add a call.
        let offeredCount: Int
        /// Only these root properties need a drafted value when their own slot wants a tool.
        let argumentNames: Set<String>
    }

    /// A draft has enough once every offered capability has been asked for and every root
    /// property a tool could take as an argument is drafted; outside a draft, never.
    func hasEnough(rootFields: [GeneratedContent.Field]) -> Bool {
        guard let draft else { return false }
        return draft.wishes.capabilityCount == draft.offeredCount
            && draft.argumentNames.allSatisfy { name in rootFields.contains { $0.key == name } }
    }
}

/// The tools a drafted response's slots asked for, in the order first asked, each once.
final class ToolWishes: Sendable {
    private let wishes = Mutex((noted: [ProceduralContent.ToolRequest](), capabilities: Set<String>()))

    func note(_ request: ProceduralContent.ToolRequest) {
        wishes.withLock { wishes in
            if !wishes.noted.contains(request) { wishes.noted.append(request) }
            wishes.capabilities.insert(request.capability)
        }
    }

    var requests: [ProceduralContent.ToolRequest] { wishes.withLock { $0.noted } }

    /// How many distinct capabilities have been asked for.
    var capabilityCount: Int { wishes.withLock { $0.capabilities.count } }
}
