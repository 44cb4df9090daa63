import Foundation
import JSONSchema
import Synchronization

/// Which string language an in-string mask belongs to: a string value's, or the language of an
/// object's extra keys.
package enum LanguageID: Hashable, Sendable {
    case string(node: Int32)
    case extraKey(object: Int32, index: Int32)
}

/// Where the in-string tokens allowed by one reading come from, when that reading is inside a
/// string or an object key at a character boundary.
package enum StringTokenSource {
    /// A string language at `cursor`; `other` is the context list (earlier unique items, keys
    /// already used) the string must differ from.
    case language(LanguageID, StringTable, LanguageCursor, other: SortedByteStrings?)
    /// The rest of some declared property names: those at `positions`, `depth` bytes read.
    case names(SortedByteStrings, positions: ArraySlice<Int32>, depth: Int)
}

/// Masks of the in-string tokens (see `TokenIndex`) for string languages.
///
/// A language's mask ignoring its finite lists (excluded values, earlier items, used keys) is
/// decided by the automaton state and the length window alone, so it is cached by those; from a
/// state that takes any character it is the vocabulary's tokens that fit the room left. The
/// lists then matter only for tokens that are a prefix of a listed string's rest (as JSON writes
/// it): a token that leaves every listed string is judged by the automaton alone, since a
/// continuation that has left the lists is never one of them. So the lists cost a walk along
/// their own bytes.
package final class StringTokenMasks: Sendable {
    private let vocabulary: TokenVocabulary
    private var index: TokenIndex { vocabulary.index }
    private let cache = Mutex<[Key: TokenMask]>([:])

    /// Entries kept at most; the cache starts over past it.
    package static let capacity = 4096

    private struct Key: Hashable {
        /// Whether the mask is of the tokens closing the string (else of those staying inside).
        let closing: Bool
        let language: LanguageID
        let state: Int32
        let length: Int32
        let room: Int32
    }

    package init(vocabulary: TokenVocabulary) {
        self.vocabulary = vocabulary
    }

    /// Adds the in-string tokens `source` allows to `mask`.
    package func add(_ source: StringTokenSource, to mask: inout TokenMask) {
        switch source {
        case .language(let id, let table, let cursor, let other):
            if cursor.isClearOfLists {
                mask.formUnion(languageMask(id, table, cursor))
            } else {
                var own = languageMask(id, table, cursor)
                removeListed(from: &own, table, cursor, other: other)
                mask.formUnion(own)
            }
        case .names(let names, let positions, let depth):
            for position in positions {
                forEachToken(along: Self.written(names.strings[Int(position)].dropFirst(depth))) { mask.insert(Int($0)) }
            }
        }
    }

    /// The in-string tokens the language accepts from `cursor`, its lists aside.
    private func languageMask(_ id: LanguageID, _ table: StringTable, _ cursor: LanguageCursor) -> TokenMask {
        let length = Int(cursor.length)
        if table.anyStringAfter[Int(cursor.state)] >= 0 {
            return index.inStringTokens(fitting: table.maxLength.map { $0 - length })
        }
        if table.maxLength == nil, table.readsAnything[Int(cursor.state)] {
            return index.inStringTokens(fitting: nil)
        }
        if let label = table.pathLabel[Int(cursor.state)] {
            // A single path: its characters, as many as the path and the length window allow.
            return cached(key(closing: false, id, table, cursor)) {
                let room = table.pathRoom(from: Int(cursor.state), length: length, limit: index.longestInString + 1)
                var mask = index.inStringTokens(madeOf: label)
                mask.formIntersection(index.inStringTokens(fitting: room))
                return mask
            }
        }
        return cached(key(closing: false, id, table, cursor)) { walk(table, from: cursor.clearedOfLists) }
    }

    /// The tokens that close the string from `cursor`: those whose content before the quote
    /// the language accepts, after which the string may end (what follows the quote aside).
    /// Lists only forbid ending exactly at a listed string, so they cost a walk along each.
    package func closingMask(_ id: LanguageID, _ table: StringTable, _ cursor: LanguageCursor, other: SortedByteStrings?) -> TokenMask {
        let length = Int(cursor.length)
        var mask: TokenMask
        let anyAfter = Int(table.anyStringAfter[Int(cursor.state)])
        if anyAfter >= 0 {
            mask = index.closingTokens(least: max(anyAfter, table.minLength - length), most: table.maxLength.map { $0 - length })
        } else {
            mask = cached(key(closing: true, id, table, cursor)) { walkClosing(table, from: cursor.clearedOfLists) }
        }
        if !cursor.isClearOfLists {
            for string in cursor.pressing(table, other: other).joined() {
                for id in closingTokens(exactly: Self.written(string.dropFirst(Int(cursor.depth)))) { mask.remove(Int(id)) }
            }
        }
        return mask
    }

    /// The closing tokens whose content before the quote is exactly `content` (as JSON writes it).
    package func closingTokens(exactly content: [UInt8]) -> ArraySlice<Int32> {
        let trie = index.closing
        var node = 0
        for byte in content {
            guard let child = trie.child(of: node, on: byte) else { return [] }
            node = child
        }
        return trie.tokens(endingAt: node)
    }

    /// The cache key of a mask from a cursor clear of lists: past the minimum only the room left
    /// below the maximum matters, and only up to the longest token plus the longest distance to
    /// acceptance.
    private func key(closing: Bool, _ id: LanguageID, _ table: StringTable, _ cursor: LanguageCursor) -> Key {
        let length = Int(cursor.length)
        let reach = max(index.longestInString, index.longestClosing) + table.dfa.stateCount + 1
        return Key(closing: closing, language: id, state: cursor.state, length: Int32(min(length, table.minLength)),
                   room: table.maxLength.map { Int32(min($0 - length, reach)) } ?? -1)
    }

    /// The lock is not held while a mask is made: masks are costly, and two threads making the
    /// same one agree.
    private func cached(_ key: Key, _ make: () -> TokenMask) -> TokenMask {
        if let known = cache.withLock({ $0[key] }) { return known }
        let mask = make()
        cache.withLock { cache in
            if cache.count >= Self.capacity { cache.removeAll(keepingCapacity: true) }
            cache[key] = mask
        }
        return mask
    }

    /// Walks the in-string trie against the automaton from a cursor clear of lists.
    private func walk(_ table: StringTable, from cursor: LanguageCursor) -> TokenMask {
        walk(index.inString, index.inStringEdges, table, from: cursor, closing: false)
    }

    /// Walks the closing trie (tokens by their content before the quote) against the language
    /// from a cursor clear of lists: a token closes where its content may end the string.
    private func walkClosing(_ table: StringTable, from cursor: LanguageCursor) -> TokenMask {
        walk(index.closing, index.closingEdges, table, from: cursor, closing: true)
    }

    /// Marks the tokens of a content trie whose bytes keep the string able to end in the
    /// language (lists aside) — for `closing`, those after which it may end right there. This
    /// is the loop a cache miss spends its time in, hence flat arrays and no per-node slices.
    private func walk(_ trie: TokenTrie, _ edges: DecodedEdges, _ table: StringTable, from cursor: LanguageCursor,
                      closing: Bool) -> TokenMask {
        var words = [UInt64](repeating: 0, count: (vocabulary.count + 63) / 64)
        let dfa = table.dfa
        let lengths = table.lengths
        let (firstEdge, edgeTargets, firstID, ids) = (trie.firstEdge, trie.edgeTargets, trie.firstID, trie.ids)
        let (scalars, possibleIndex, possible) = (edges.scalars, edges.possibleIndex, edges.possible)
        func mark(_ node: Int) {
            for index in Int(firstID[node])..<Int(firstID[node + 1]) {
                let id = Int(ids[index])
                words[id >> 6] |= 1 << UInt64(id & 63)
            }
        }
        if closing, table.canEnd(Int(cursor.state), length: Int(cursor.length)) { mark(0) }
        var stack: [(node: Int32, state: Int32, length: Int32)] = [(0, cursor.state, cursor.length)]
        while let (node, state, length) = stack.popLast() {
            for edge in Int(firstEdge[Int(node)])..<Int(firstEdge[Int(node) + 1]) {
                let scalar = scalars[edge]
                let child = edgeTargets[edge]
                if scalar != DecodedEdges.unfinished {
                    guard let next = dfa.next(from: Int(state), on: Unicode.Scalar(scalar)!),
                          lengths.canFinish(next, consumed: Int(length) + 1) else { continue }
                    if !closing || table.canEnd(next, length: Int(length) + 1) { mark(Int(child)) }
                    stack.append((child, Int32(next), length + 1))
                } else {
                    guard table.canTakeSomeOf(possible[Int(possibleIndex[edge])], from: Int(state), consumed: Int(length)) else { continue }
                    if !closing { mark(Int(child)) }
                    stack.append((child, state, length))
                }
            }
        }
        return TokenMask(count: vocabulary.count, words: words)
    }

    /// One byte of string content: the cursor after it, or nil when the string could not go on
    /// to end in the language (as the matcher's own string step judges it).
    private static func step(_ cursor: LanguageCursor, _ decoder: inout StringContentDecoder, _ byte: UInt8, _ table: StringTable,
                             other: SortedByteStrings?) -> LanguageCursor? {
        switch decoder.feed(byte) {
        case .scalar(let scalar):
            guard let next = cursor.advanced(by: scalar, table, other: other), next.isViable(table, other: other) else { return nil }
            return next
        case .partial:
            return cursor.isViable(afterSomeOf: decoder.possibleScalars, table, other: other) ? cursor : nil
        case .end, .invalid:
            return nil
        }
    }

    /// Removes from `mask` the tokens that would leave the string only able to end as a listed
    /// string: those are prefixes of a listed string's rest, so only they are checked.
    private func removeListed(from mask: inout TokenMask, _ table: StringTable, _ cursor: LanguageCursor, other: SortedByteStrings?) {
        var checked = Set<Int32>()
        for string in cursor.pressing(table, other: other).joined() {
            forEachToken(along: Self.written(string.dropFirst(Int(cursor.depth)))) { id in
                guard mask.contains(Int(id)), checked.insert(id).inserted else { return }
                if !accepts(vocabulary.tokens[Int(id)], table, cursor, other: other) { mask.remove(Int(id)) }
            }
        }
    }

    /// Whether the language, lists included, accepts an in-string token from `cursor`.
    private func accepts(_ bytes: [UInt8], _ table: StringTable, _ cursor: LanguageCursor, other: SortedByteStrings?) -> Bool {
        var current = cursor
        var decoder = StringContentDecoder()
        for byte in bytes {
            guard let next = Self.step(current, &decoder, byte, table, other: other) else { return false }
            current = next
        }
        return true
    }

    /// Calls `body` with every in-string token whose bytes are a prefix of `bytes`.
    private func forEachToken(along bytes: [UInt8], _ body: (Int32) -> Void) {
        let trie = index.inString
        var node = 0
        for byte in bytes {
            guard let child = trie.child(of: node, on: byte) else { return }
            node = child
            for id in trie.tokens(endingAt: node) { body(id) }
        }
    }

    /// String content as JSON text writes it (escapes included, no quotes).
    package static func written(_ content: ArraySlice<UInt8>) -> [UInt8] {
        var text: [UInt8] = []
        JSONWriter.writeString(String(decoding: content, as: UTF8.self), into: &text)
        return Array(text.dropFirst().dropLast())
    }
}
