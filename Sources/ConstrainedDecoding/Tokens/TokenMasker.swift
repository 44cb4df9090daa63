import Foundation
import RegexAutomata

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
    /// A masker over the bytes after the leading quote of the tokens that have one.
    private let quoteTails: ComputedOnce<TokenMasker>
    /// The schema's shortest completions, built when a budget first asks (see `TokenMasker+Budget`).
    let completions: ComputedOnce<ShortestCompletions>

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
        quoteTails = ComputedOnce { TokenMasker(matcher: matcher, vocabulary: vocabulary.index.quoteTails.get) }
        completions = ComputedOnce { ShortestCompletions(tables: matcher.tables) }
    }

    /// The tokens allowed after `state`.
    public func mask(for state: JSONMatcher.State) -> TokenMask {
        var mask = TokenMask(count: vocabulary.count)
        if matcher.isComplete(state) {
            for id in vocabulary.endOfSequence { mask.insert(id) }
        }
        guard let sources = stringSources(state) else {
            addOutsideStrings(state, into: &mask)
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
    private func walk(_ trie: TokenTrie, from state: JSONMatcher.State, into mask: inout TokenMask, skippingFirst skipped: UInt8? = nil) {
        var stack: [(node: Int, state: JSONMatcher.State)] = [(0, state)]
        while let (node, current) = stack.popLast() {
            let worthTrying = matcher.candidateBytes(in: current)
            for edge in trie.edges(of: node) {
                let byte = trie.edgeBytes[edge]
                if let worthTrying, !worthTrying.contains(byte) { continue }
                if node == 0, byte == skipped { continue }
                guard let next = matcher.advanced(current, by: byte) else { continue }
                let child = Int(trie.edgeTargets[edge])
                for id in trie.tokens(endingAt: child) { mask.insert(Int(id)) }
                stack.append((child, next))
            }
        }
    }

    /// Adds the tokens a reading outside any string allows: the vocabulary's trie walked through
    /// the matcher — except, where a quote opens a string or key, the tokens that start with
    /// one: their bytes after the quote are string content, masked like any other over the
    /// vocabulary of those tails (with its own caches), instead of walked byte by byte.
    private func addOutsideStrings(_ state: JSONMatcher.State, into mask: inout TokenMask) {
        let quote = UInt8(ascii: "\"")
        guard let opened = matcher.advanced(state, by: quote), stringSources(opened) != nil else {
            walk(all, from: state, into: &mask)
            return
        }
        mask.formUnion(quoteTails.get.mask(for: opened))
        for id in vocabulary.index.quoteTokens { mask.insert(Int(id)) }
        walk(all, from: state, into: &mask, skippingFirst: quote)
    }

    /// Adds the tokens outside the in-string set that a reading inside a string or key allows:
    /// from a character boundary only tokens that close it can follow. Which contents may close
    /// it comes from the cached closing masks; what may follow the quote depends only on where
    /// the string sits (and, for a key, on the property it names), so the distinct bytes after
    /// the quote are walked once per place. Items of unique arrays, whose content shapes what
    /// follows, walk the trie through the matcher.
    private func addRest(_ thread: MatchThread, into mask: inout TokenMask) {
        let tables = matcher.tables
        switch thread.leaf {
        case .string(let cursor):
            guard let closed = tables.closedString(thread) else { break }
            let candidates = stringMasks.closingMask(.string(node: cursor.node), tables.strings[Int(cursor.node)]!, cursor.language,
                                                     other: cursor.earlier)
            addClosing(candidates, then: closed, exactly: true, from: thread, into: &mask)
            return
        case .key(let cursor):
            guard case .object(let frame)? = thread.frames.last, let table = tables.objects[Int(frame.node)] else { break }
            for position in tables.allowedPositions(cursor) {
                let name = table.names.strings[Int(position)]
                let ids = stringMasks.closingTokens(exactly: StringTokenMasks.written(name.dropFirst(cursor.bytes.count)))
                guard !ids.isEmpty else { continue }
                var candidates = TokenMask(count: vocabulary.count)
                for id in ids { candidates.insert(Int(id)) }
                let closed = tables.keyedDeclared(thread, frame, table, position: Int(position), key: name)
                addClosing(candidates, then: closed, exactly: true, from: thread, into: &mask)
            }
            for (index, extra) in cursor.extras.enumerated() {
                guard let extra else { continue }
                let candidates = stringMasks.closingMask(.extraKey(object: frame.node, index: Int32(index)), table.extras[index].names,
                                                         extra, other: frame.usedExtras)
                guard !candidates.isEmpty else { continue }
                // The key's own text is not known here; a stand-in no key can equal keeps the
                // count of used keys right, and bytes after the quote that reach a later key
                // (whose fate the real key could change) are checked token by token.
                let closed = tables.keyedExtra(thread, frame, table, index: index, key: Self.standInKey)
                addClosing(candidates, then: closed, exactly: false, from: thread, into: &mask)
            }
            return
        default:
            break
        }
        walk(rest, from: JSONMatcher.State(threads: [thread], offset: 0), into: &mask)
    }

    /// Bytes no key can hold (not UTF-8).
    private static let standInKey: [UInt8] = [0xFF]

    /// Adds the closing tokens among `candidates` whose bytes after the quote `closed` accepts.
    /// When `closed` stands in for the real reading (`exactly` false), bytes after the quote
    /// that reach into a later key are checked whole from `thread`.
    private func addClosing(_ candidates: TokenMask, then closed: MatchThread, exactly: Bool, from thread: MatchThread,
                            into mask: inout TokenMask) {
        guard !candidates.isEmpty else { return }
        let index = vocabulary.index
        let suffixes = index.suffixes
        var sure = TokenMask(count: index.suffixCount)
        var unsure = TokenMask(count: index.suffixCount)
        var stack: [(node: Int, state: JSONMatcher.State, unsure: Bool)] = [(0, JSONMatcher.State(threads: [closed], offset: 0), false)]
        while let (node, current, reachedKey) = stack.popLast() {
            let worthTrying = matcher.candidateBytes(in: current)
            for edge in suffixes.edges(of: node) {
                let byte = suffixes.edgeBytes[edge]
                if let worthTrying, !worthTrying.contains(byte) { continue }
                guard let next = matcher.advanced(current, by: byte) else { continue }
                let child = Int(suffixes.edgeTargets[edge])
                let inKey = reachedKey || (!exactly && next.threads.contains { if case .key = $0.leaf { return true } else { return false } })
                for id in suffixes.tokens(endingAt: child) {
                    if inKey { unsure.insert(Int(id)) } else { sure.insert(Int(id)) }
                }
                stack.append((child, next, inKey))
            }
        }
        var accepted = index.closingTokens(followedBy: sure)
        accepted.formIntersection(candidates)
        mask.formUnion(accepted)
        guard !unsure.isEmpty else { return }
        let start = JSONMatcher.State(threads: [thread], offset: 0)
        for suffix in unsure.allowedIDs {
            for id in index.tokensWithSuffix[suffix] where candidates.contains(Int(id)) {
                if accepts(vocabulary.tokens[Int(id)], from: start) { mask.insert(Int(id)) }
            }
        }
    }

    /// Whether the matcher reads all of `bytes` from `state`.
    private func accepts(_ bytes: [UInt8], from state: JSONMatcher.State) -> Bool {
        var current = state
        for byte in bytes {
            guard let next = matcher.advanced(current, by: byte) else { return false }
            current = next
        }
        return true
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
