import JSONSchema

/// Writes a value as text a matcher accepts, when there is such a text: compact JSON as the
/// library writes it, with each object's keys in an order the matcher takes (declared properties
/// in declaration order, then the others), found by a bounded search.
package final class MatcherTextWriter {
    package let matcher: JSONMatcher
    /// Matcher steps the search may take before giving up.
    private var budget: Int

    package init(matcher: JSONMatcher, budget: Int) {
        self.matcher = matcher
        self.budget = budget
    }

    /// The accepted text of `value`, or nil when no order of keys is accepted (or the budget
    /// runs out).
    package func serialize(_ value: GeneratedContent) -> [UInt8]? {
        var found: [UInt8]?
        _ = write(value, from: matcher.start(), text: []) { state, text in
            guard matcher.isComplete(state) else { return false }
            found = text
            return true
        }
        return found
    }

    /// Writes `value` from `state` after `text`, calling `then` with each way it can end; true
    /// as soon as `then` accepts one.
    private func write(_ value: GeneratedContent, from state: JSONMatcher.State, text: [UInt8],
                       then: (JSONMatcher.State, [UInt8]) -> Bool) -> Bool {
        switch value.storage {
        case .array(let items):
            guard let (open, opened) = step(state, "[", text) else { return false }
            return writeItems(items[...], first: true, from: open, text: opened, then: then)
        case .object(let fields):
            guard let (open, opened) = step(state, "{", text) else { return false }
            return writeFields(fields, first: true, from: open, text: opened, then: then)
        default:
            guard let (next, written) = step(state, value.jsonString, text) else { return false }
            return then(next, written)
        }
    }

    private func writeItems(_ items: ArraySlice<GeneratedContent>, first: Bool, from state: JSONMatcher.State,
                            text: [UInt8], then: (JSONMatcher.State, [UInt8]) -> Bool) -> Bool {
        guard let item = items.first else {
            guard let (closed, written) = step(state, "]", text) else { return false }
            return then(closed, written)
        }
        guard let (start, prefix) = first ? (state, text) : step(state, ",", text) else { return false }
        return write(item, from: start, text: prefix) { next, written in
            writeItems(items.dropFirst(), first: false, from: next, text: written, then: then)
        }
    }

    private func writeFields(_ fields: [GeneratedContent.Field], first: Bool, from state: JSONMatcher.State,
                             text: [UInt8], then: (JSONMatcher.State, [UInt8]) -> Bool) -> Bool {
        if fields.isEmpty {
            guard let (closed, written) = step(state, "}", text) else { return false }
            return then(closed, written)
        }
        guard let (start, prefix) = first ? (state, text) : step(state, ",", text) else { return false }
        for (index, field) in fields.enumerated() where budget > 0 {
            guard let (keyed, written) = step(start, GeneratedContent(field.key).jsonString + ":", prefix) else { continue }
            var rest = fields
            rest.remove(at: index)
            let done = write(field.value, from: keyed, text: written) { next, afterValue in
                writeFields(rest, first: false, from: next, text: afterValue, then: then)
            }
            if done { return true }
        }
        return false
    }

    private func step(_ state: JSONMatcher.State, _ piece: String, _ text: [UInt8]) -> (JSONMatcher.State, [UInt8])? {
        var current = state
        for byte in piece.utf8 {
            budget -= 1
            guard budget > 0, let next = matcher.advanced(current, by: byte) else { return nil }
            current = next
        }
        return (current, text + Array(piece.utf8))
    }
}

extension JSONMatcher {
    /// The text of `value` as this matcher reads it — compact JSON with each object's keys in an
    /// order the matcher accepts — or nil when the value is not a valid instance it can write
    /// (or finding the order takes more than `budget` matcher steps). Handy for turning a valid
    /// instance into what a guided decoder would write, say to prefill or to compare.
    ///
    /// ```swift
    /// let value = try GeneratedContent(json: #"{"level": 3, "name": "Juno"}"#)
    /// schema.matcher.text(of: value)   // {"name":"Juno","level":3} when name is declared first
    /// ```
    public func text(of value: GeneratedContent, budget: Int = 20_000) -> [UInt8]? {
        MatcherTextWriter(matcher: self, budget: budget).serialize(value)
    }
}
