import Foundation

/// Which string language a plain-token mask belongs to: a string value's, or the language of an
/// object's extra keys.
enum LanguageID: Hashable, Sendable {
    case string(node: Int32)
    case extraKey(object: Int32, index: Int32)
}

/// Where the plain tokens allowed by one reading come from, when that reading is inside a string
/// or an object key at a character boundary.
enum PlainSource {
    /// A string language at `cursor`; `other` is the context list (earlier unique items, keys
    /// already used) the string must differ from.
    case language(LanguageID, StringTable, LanguageCursor, other: SortedByteStrings?)
    /// The rest of some declared property names: those at `positions`, `depth` bytes read.
    case names(SortedByteStrings, positions: ArraySlice<Int32>, depth: Int)
}

/// Plain-token masks — tokens of whole characters with no quote, backslash or control
/// character, which stay inside the string they start in — for string languages.
///
/// A language's mask ignoring its finite lists (excluded values, earlier items, used keys) is
/// decided by the automaton state and the length window alone, so it is cached by those. The
/// lists then matter only for tokens that are a prefix of a listed string's rest: a token that
/// leaves every listed string is judged by the automaton alone, since a continuation that has
/// left the lists is never one of them. So the lists cost a walk along their own bytes.
final class PlainTokenMasks: @unchecked Sendable {
    private let vocabulary: TokenVocabulary
    private var trie: TokenTrie { vocabulary.index.plain }
    private let lock = NSLock()
    private var cache: [Key: TokenMask] = [:]

    /// Entries kept at most; the cache starts over past it.
    static let capacity = 4096

    private struct Key: Hashable {
        let language: LanguageID
        let state: Int32
        let length: Int32
        let room: Int32
    }

    init(vocabulary: TokenVocabulary) {
        self.vocabulary = vocabulary
    }

    /// Adds the plain tokens `source` allows to `mask`.
    func add(_ source: PlainSource, to mask: inout TokenMask) {
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
                forEachToken(along: names.strings[Int(position)].dropFirst(depth)) { mask.insert(Int($0)) }
            }
        }
    }

    /// The plain tokens the language accepts from `cursor`, its lists aside.
    private func languageMask(_ id: LanguageID, _ table: StringTable, _ cursor: LanguageCursor) -> TokenMask {
        let length = Int(cursor.length)
        // Past the minimum only the room left below the maximum matters, and only up to the
        // longest token plus the longest distance to acceptance.
        let reach = vocabulary.index.longestPlain + table.dfa.stateCount + 1
        let key = Key(language: id, state: cursor.state, length: Int32(min(length, table.minLength)),
                      room: table.maxLength.map { Int32(min($0 - length, reach)) } ?? -1)
        lock.lock()
        let known = cache[key]
        lock.unlock()
        if let known { return known }
        var clear = cursor
        clear.excludedRange = 0..<0
        clear.otherRange = 0..<0
        let mask = walk(table, from: clear)
        lock.lock()
        if cache.count >= Self.capacity { cache.removeAll(keepingCapacity: true) }
        cache[key] = mask
        lock.unlock()
        return mask
    }

    /// Walks the plain trie against the automaton from a cursor clear of lists.
    private func walk(_ table: StringTable, from cursor: LanguageCursor) -> TokenMask {
        var mask = TokenMask(count: vocabulary.count)
        var stack: [(node: Int, decoder: StringContentDecoder, cursor: LanguageCursor)] = [(0, StringContentDecoder(), cursor)]
        while let (node, decoder, current) = stack.popLast() {
            for edge in trie.edges(of: node) {
                var nextDecoder = decoder
                var next = current
                switch nextDecoder.feed(trie.edgeBytes[edge]) {
                case .scalar(let scalar):
                    guard let advanced = current.advanced(by: scalar, table, other: nil),
                          table.lengths.canFinish(Int(advanced.state), consumed: Int(advanced.length)) else { continue }
                    next = advanced
                case .partial:
                    guard current.isViable(afterSomeOf: nextDecoder.possibleScalars, table, other: nil) else { continue }
                case .end, .invalid:
                    continue
                }
                let child = Int(trie.edgeTargets[edge])
                for id in trie.tokens(endingAt: child) { mask.insert(Int(id)) }
                stack.append((child, nextDecoder, next))
            }
        }
        return mask
    }

    /// Removes from `mask` the tokens that would leave the string only able to end as a listed
    /// string: those are prefixes of a listed string's rest, so only they are checked.
    private func removeListed(from mask: inout TokenMask, _ table: StringTable, _ cursor: LanguageCursor, other: SortedByteStrings?) {
        var listed = Array(table.excluded.strings[cursor.excludedRange.range])
        if let other { listed += other.strings[cursor.otherRange.range] }
        var checked = Set<Int32>()
        for string in listed {
            forEachToken(along: string.dropFirst(Int(cursor.depth))) { id in
                guard mask.contains(Int(id)), checked.insert(id).inserted else { return }
                if !accepts(vocabulary.tokens[Int(id)], table, cursor, other: other) { mask.remove(Int(id)) }
            }
        }
    }

    /// Whether the language, lists included, accepts a plain token's characters from `cursor`.
    private func accepts(_ bytes: [UInt8], _ table: StringTable, _ cursor: LanguageCursor, other: SortedByteStrings?) -> Bool {
        var current = cursor
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            guard let next = current.advanced(by: scalar, table, other: other) else { return false }
            current = next
        }
        return current.isViable(table, other: other)
    }

    /// Calls `body` with every plain token whose bytes are a prefix of `bytes`.
    private func forEachToken(along bytes: some Sequence<UInt8>, _ body: (Int32) -> Void) {
        var node = 0
        for byte in bytes {
            guard let child = trie.child(of: node, on: byte) else { return }
            node = child
            for id in trie.tokens(endingAt: node) { body(id) }
        }
    }
}
