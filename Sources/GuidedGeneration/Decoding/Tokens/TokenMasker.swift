import Foundation

/// Turns a `JSONMatcher` state into the set of tokens a model may sample next: every token whose
/// bytes the matcher accepts from that state (end-of-sequence exactly when the text is
/// complete), so a model that samples only allowed tokens writes a valid instance.
///
/// The vocabulary is walked as a byte trie against the matcher, pruning at the first byte the
/// matcher refuses. Inside a string or an object key — where most tokens are — the tokens that
/// stay inside it (characters and escapes, see `TokenIndex`) are decided by the string's
/// automaton (and the key's declared names) alone, once per automaton state and length window,
/// and cached (see `StringTokenMasks`); only tokens that close the string are walked through
/// the whole matcher each time.
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
    private var rest: TokenTrie { vocabulary.index.rest }
    private let stringMasks: StringTokenMasks

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
        stringMasks = StringTokenMasks(vocabulary: vocabulary)
    }

    /// The tokens allowed after `state`.
    public func mask(for state: JSONMatcher.State) -> TokenMask {
        var mask = TokenMask(count: vocabulary.count)
        if matcher.isComplete(state) {
            for id in vocabulary.endOfSequence { mask.insert(id) }
        }
        guard let sources = stringSources(state) else {
            walk(all, from: state, into: &mask)
            return mask
        }
        for source in sources { stringMasks.add(source, to: &mask) }
        for thread in state.threads { addRest(thread, into: &mask) }
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

    /// Adds the tokens outside the in-string set that a reading inside a string allows. Closing
    /// a string value, the cached closing mask says which contents may end it and one walk of
    /// the distinct bytes after the quote says which may follow; other readings (keys, items of
    /// unique arrays, whose content shapes what follows) walk the trie through the matcher.
    private func addRest(_ thread: MatchThread, into mask: inout TokenMask) {
        let tables = matcher.tables
        guard case .string(let cursor) = thread.leaf, let closed = tables.closedString(thread) else {
            walk(rest, from: JSONMatcher.State(threads: [thread], offset: 0), into: &mask)
            return
        }
        let candidates = stringMasks.closingMask(.string(node: cursor.node), tables.strings[Int(cursor.node)]!, cursor.language,
                                                 other: cursor.earlier)
        guard !candidates.isEmpty else { return }
        var suffixes = TokenMask(count: vocabulary.index.suffixCount)
        walk(vocabulary.index.suffixes, from: JSONMatcher.State(threads: [closed], offset: 0), into: &suffixes)
        let suffixOf = vocabulary.index.suffixOf
        for id in candidates.allowedIDs where suffixOf[id] < 0 || suffixes.contains(Int(suffixOf[id])) {
            mask.insert(id)
        }
    }

    /// Where the in-string tokens come from when every reading is inside a string value or an
    /// object key at a character boundary. Such a token keeps each reading inside its string
    /// and readings advance independently, so the in-string tokens allowed are the union of
    /// those each reading allows alone.
    private func stringSources(_ state: JSONMatcher.State) -> [StringTokenSource]? {
        let tables = matcher.tables
        var sources: [StringTokenSource] = []
        for thread in state.threads {
            switch thread.leaf {
            case .string(let cursor) where cursor.decoder.isAtScalarBoundary:
                sources.append(.language(.string(node: cursor.node), tables.strings[Int(cursor.node)]!, cursor.language,
                                         other: cursor.earlier))
            case .key(let cursor) where cursor.decoder.isAtScalarBoundary:
                guard case .object(let frame)? = thread.frames.last, let table = tables.objects[Int(frame.node)] else { return nil }
                sources.append(.names(table.names, positions: tables.allowedPositions(cursor), depth: cursor.bytes.count))
                for (index, extra) in cursor.extras.enumerated() {
                    guard let extra else { continue }
                    sources.append(.language(.extraKey(object: frame.node, index: Int32(index)), table.extras[index].names, extra,
                                             other: frame.usedExtras))
                }
            default:
                return nil
            }
        }
        return sources.isEmpty ? nil : sources
    }
}
