import Foundation

/// Turns a `JSONMatcher` state into the set of tokens a model may sample next: every token whose
/// bytes the matcher accepts from that state (end-of-sequence exactly when the text is
/// complete), so a model that samples only allowed tokens writes a valid instance.
///
/// The vocabulary is walked as a byte trie against the matcher, pruning at the first byte the
/// matcher refuses. Inside a string — where most tokens are — the tokens made of plain string
/// characters are decided by the string's automaton alone, once per automaton state and length
/// window, and cached; only tokens holding a quote, a backslash or a partial UTF-8 character are
/// walked through the whole matcher each time.
///
/// ```swift
/// let masker = TokenMasker(matcher: schema.matcher, vocabulary: vocabulary)
/// var state = masker.matcher.start()
/// while true {
///     let mask = masker.mask(for: state)
///     let token = sample(logits, allowed: mask)          // the model's choice among allowed ids
///     if vocabulary.endOfSequence.contains(token) { break }
///     try masker.advance(&state, by: token)
/// }
/// ```
public final class TokenMasker: Sendable {
    public let matcher: JSONMatcher
    public let vocabulary: TokenVocabulary
    private var all: TokenTrie { vocabulary.index.all }
    private var special: TokenTrie { vocabulary.index.special }
    private var plain: TokenTrie { vocabulary.index.plain }
    private let cache = PlainMaskCache()

    /// A token the matcher does not accept where it was given.
    public struct Mismatch: Error, Sendable, CustomStringConvertible {
        public let token: Int
        public let reason: String
        public var description: String { "token \(token) cannot follow here: \(reason)" }
    }

    /// A masker for one schema's matcher; cheap, since the vocabulary's tries are built once.
    public init(matcher: JSONMatcher, vocabulary: TokenVocabulary) {
        self.matcher = matcher
        self.vocabulary = vocabulary
    }

    /// The tokens allowed after `state`.
    public func mask(for state: JSONMatcher.State) -> TokenMask {
        var mask = TokenMask(count: vocabulary.count)
        if matcher.isComplete(state) {
            for id in vocabulary.endOfSequence { mask.insert(id) }
        }
        if let cursors = plainStringCursors(state) {
            for cursor in cursors { mask.formUnion(plainMask(cursor)) }
            walk(special, from: state, into: &mask)
        } else {
            walk(all, from: state, into: &mask)
        }
        return mask
    }

    /// Reads a token's bytes (an end-of-sequence token only where the text is complete).
    public func advance(_ state: inout JSONMatcher.State, by token: Int) throws(Mismatch) {
        guard vocabulary.tokens.indices.contains(token) else { throw Mismatch(token: token, reason: "not in the vocabulary") }
        if vocabulary.endOfSequence.contains(token) {
            guard matcher.isComplete(state) else { throw Mismatch(token: token, reason: "the text is not a complete instance yet") }
            return
        }
        guard vocabulary.isText(token) else { throw Mismatch(token: token, reason: "a control token") }
        do {
            try matcher.advance(&state, by: vocabulary.tokens[token])
        } catch {
            throw Mismatch(token: token, reason: error.description)
        }
    }

    // MARK: - Walks

    /// Marks every token of `trie` whose bytes the matcher accepts from `state`.
    private func walk(_ trie: TokenTrie, from state: JSONMatcher.State, into mask: inout TokenMask) {
        var stack: [(node: Int, state: JSONMatcher.State)] = [(0, state)]
        while let (node, current) = stack.popLast() {
            for edge in trie.edges(of: node) {
                guard let next = matcher.advanced(current, by: trie.edgeBytes[edge]) else { continue }
                let child = Int(trie.edgeTargets[edge])
                for id in trie.tokens(endingAt: child) { mask.insert(Int(id)) }
                stack.append((child, next))
            }
        }
    }

    /// The strings being read when every reading is inside a string value at a character
    /// boundary with no excluded value near. A plain token keeps each reading inside its string
    /// and readings advance independently, so the plain tokens allowed are the union of those
    /// each string allows alone.
    private func plainStringCursors(_ state: JSONMatcher.State) -> [StringCursor]? {
        var cursors: [StringCursor] = []
        for thread in state.threads {
            guard case .string(let cursor) = thread.leaf, cursor.decoder.isAtScalarBoundary,
                  cursor.language.isClearOfLists else { return nil }
            cursors.append(cursor)
        }
        return cursors.isEmpty ? nil : cursors
    }

    /// The plain tokens the string accepts from `cursor`, cached by what decides them.
    private func plainMask(_ cursor: StringCursor) -> TokenMask {
        let tables = matcher.tables
        let table = tables.strings[Int(cursor.node)]!
        let length = Int(cursor.language.length)
        // Past the minimum only the room left below the maximum matters, and only up to the
        // longest token plus the longest distance to acceptance.
        let reach = vocabulary.index.longestPlain + table.dfa.stateCount + 1
        let key = PlainMaskCache.Key(node: cursor.node, state: cursor.language.state, length: Int32(min(length, table.minLength)),
                                     room: table.maxLength.map { Int32(min($0 - length, reach)) } ?? -1)
        if let known = cache.mask(for: key) { return known }
        var mask = TokenMask(count: vocabulary.count)
        var stack: [(node: Int, cursor: StringCursor)] = [(0, cursor)]
        while let (node, current) = stack.popLast() {
            for edge in plain.edges(of: node) {
                guard case .inside(let next) = tables.stringStep(current, plain.edgeBytes[edge]) else { continue }
                let child = Int(plain.edgeTargets[edge])
                for id in plain.tokens(endingAt: child) { mask.insert(Int(id)) }
                stack.append((child, next))
            }
        }
        cache.store(mask, for: key)
        return mask
    }
}

/// Plain-token masks by string state, shared by every caller of one masker.
final class PlainMaskCache: @unchecked Sendable {
    struct Key: Hashable {
        let node: Int32
        let state: Int32
        let length: Int32
        let room: Int32
    }

    /// Entries kept at most; the cache starts over past it.
    static let capacity = 4096
    private let lock = NSLock()
    private var masks: [Key: TokenMask] = [:]

    func mask(for key: Key) -> TokenMask? {
        lock.lock()
        defer { lock.unlock() }
        return masks[key]
    }

    func store(_ mask: TokenMask, for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if masks.count >= Self.capacity { masks.removeAll(keepingCapacity: true) }
        masks[key] = mask
    }
}
