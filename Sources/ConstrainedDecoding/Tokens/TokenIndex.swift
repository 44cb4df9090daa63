import Foundation
import RegexAutomata
import Synchronization

/// A vocabulary's tokens as byte tries: all text tokens, and apart the *in-string* ones — tokens
/// that, read from a character boundary inside a JSON string, stay inside it (characters, escapes,
/// a character or escape left unfinished at the end) — whose fate there depends on the string's
/// language alone, and the rest (tokens that close a string or cannot occur in one).
package final class TokenIndex: Sendable {
    package let all: TokenTrie
    package let inString: TokenTrie
    package let inStringEdges: DecodedEdges
    package let rest: TokenTrie
    /// For every in-string token, the characters it adds to a string (an unfinished one counted);
    /// -1 for other tokens.
    package let characterCounts: [Int32]
    /// The most characters an in-string token adds.
    package let longestInString: Int
    /// The tokens that close a string read from a character boundary, by the string content
    /// before their closing quote.
    package let closing: TokenTrie
    package let closingEdges: DecodedEdges
    /// For every closing token, the characters before its quote; -1 for other tokens.
    package let closingCounts: [Int32]
    package let longestClosing: Int
    /// The distinct non-empty bytes closing tokens hold after their quote, as a trie whose ids
    /// are suffix numbers.
    package let suffixes: TokenTrie
    package let suffixCount: Int
    /// For every closing token its suffix number, or -1 when the quote ends it.
    package let suffixOf: [Int32]
    /// For every suffix number, the closing tokens ending with it.
    package let tokensWithSuffix: [[Int32]]
    /// The tokens that are a quote alone.
    package let quoteTokens: [Int32]
    /// The tokens that start with a quote, as the bytes after it (same ids; the others, and
    /// the quote alone, are control tokens there): how an opening quote's tokens are masked.
    package let quoteTails: ComputedOnce<TokenVocabulary>
    private let fitting = MaskCache<FittingKey>()
    private let followedBy = MaskCache<TokenMask>()
    private let classes = MaskCache<ScalarSet>()

    package init(tokens: [[UInt8]], isText: (Int) -> Bool) {
        var allTokens: [(id: Int, bytes: [UInt8])] = []
        var inStringTokens: [(id: Int, bytes: [UInt8])] = []
        var restTokens: [(id: Int, bytes: [UInt8])] = []
        let quote = UInt8(ascii: "\"")
        var tails = [[UInt8]](repeating: [], count: tokens.count)
        var quoteTokens: [Int32] = []
        var counts = [Int32](repeating: -1, count: tokens.count)
        var longest = 0
        var closingTokens: [(id: Int, bytes: [UInt8])] = []
        var closingCounts = [Int32](repeating: -1, count: tokens.count)
        var suffixNumbers: [[UInt8]: Int] = [:]
        var suffixOf = [Int32](repeating: -1, count: tokens.count)
        for id in tokens.indices where isText(id) {
            let bytes = tokens[id]
            allTokens.append((id, bytes))
            if bytes == [quote] { quoteTokens.append(Int32(id)) } else if bytes.first == quote { tails[id] = Array(bytes.dropFirst()) }
            if let characters = Self.characterCount(inString: bytes) {
                inStringTokens.append((id, bytes))
                counts[id] = Int32(characters)
                longest = max(longest, characters)
            } else {
                restTokens.append((id, bytes))
                if let (content, characters, suffix) = Self.closingSplit(bytes) {
                    closingTokens.append((id, content))
                    closingCounts[id] = Int32(characters)
                    if !suffix.isEmpty {
                        let number = suffixNumbers[suffix] ?? suffixNumbers.count
                        suffixNumbers[suffix] = number
                        suffixOf[id] = Int32(number)
                    }
                }
            }
        }
        all = TokenTrie(tokens: allTokens)
        inString = TokenTrie(tokens: inStringTokens)
        inStringEdges = DecodedEdges(inString)
        rest = TokenTrie(tokens: restTokens)
        characterCounts = counts
        longestInString = longest
        self.quoteTokens = quoteTokens
        let quoteTailBytes = tails
        // Empty tails (tokens without a leading quote, and the quote alone) are no text there.
        quoteTails = ComputedOnce { TokenVocabulary(tokens: quoteTailBytes, endOfSequence: []) }
        closing = TokenTrie(tokens: closingTokens)
        closingEdges = DecodedEdges(closing)
        self.closingCounts = closingCounts
        longestClosing = closingCounts.max().map(Int.init) ?? 0
        suffixes = TokenTrie(tokens: suffixNumbers.map { (id: $0.value, bytes: $0.key) })
        suffixCount = suffixNumbers.count
        self.suffixOf = suffixOf
        var tokensWithSuffix = [[Int32]](repeating: [], count: suffixNumbers.count)
        for (id, suffix) in suffixOf.enumerated() where suffix >= 0 { tokensWithSuffix[Int(suffix)].append(Int32(id)) }
        self.tokensWithSuffix = tokensWithSuffix
    }

    /// A token that closes a string read from a character boundary: the content before its
    /// quote, that content's characters, and the bytes after the quote; nil for other tokens.
    private static func closingSplit(_ bytes: [UInt8]) -> (content: [UInt8], characters: Int, suffix: [UInt8])? {
        var decoder = StringContentDecoder()
        var characters = 0
        for (offset, byte) in bytes.enumerated() {
            switch decoder.feed(byte) {
            case .scalar: characters += 1
            case .partial: break
            case .end: return (Array(bytes[..<offset]), characters, Array(bytes[(offset + 1)...]))
            case .invalid: return nil
            }
        }
        return nil
    }

    /// The characters a token adds to a JSON string when read from a character boundary, or nil
    /// when it closes the string or cannot occur in one.
    private static func characterCount(inString bytes: [UInt8]) -> Int? {
        var decoder = StringContentDecoder()
        var count = 0
        for byte in bytes {
            switch decoder.feed(byte) {
            case .scalar: count += 1
            case .partial: break
            case .end, .invalid: return nil
            }
        }
        return decoder.isAtScalarBoundary ? count : count + 1
    }

    /// The in-string tokens adding at most `room` characters (all of them for nil): what a string
    /// that accepts any character allows, shared by every masker over the vocabulary.
    package func inStringTokens(fitting room: Int?) -> TokenMask {
        let key = room.map { min($0, longestInString) } ?? longestInString
        return fitting.mask(for: FittingKey(closing: false, least: 0, most: key)) {
            var mask = TokenMask(count: characterCounts.count)
            for (id, count) in characterCounts.enumerated() where count >= 0 && Int(count) <= key { mask.insert(id) }
            return mask
        }
    }

    /// The closing tokens with `least...most` characters before their quote (no upper limit
    /// for nil): what a string that accepts any character allows to close it.
    package func closingTokens(least: Int, most: Int?) -> TokenMask {
        let key = FittingKey(closing: true, least: min(max(least, 0), longestClosing + 1),
                                   most: most.map { min($0, longestClosing) } ?? longestClosing)
        return fitting.mask(for: key) {
            var mask = TokenMask(count: closingCounts.count)
            for (id, count) in closingCounts.enumerated() where count >= 0 && Int(count) >= key.least && Int(count) <= key.most {
                mask.insert(id)
            }
            return mask
        }
    }

    /// The in-string tokens made only of characters in `label` (a character left unfinished
    /// counts if it may become one of them); cached, since the same classes recur.
    package func inStringTokens(madeOf label: ScalarSet) -> TokenMask {
        classes.mask(for: label) {
            var words = [UInt64](repeating: 0, count: (characterCounts.count + 63) / 64)
            let trie = inString
            let edges = inStringEdges
            var stack = [0]
            while let node = stack.popLast() {
                for edge in trie.edges(of: node) {
                    let scalar = edges.scalars[edge]
                    let fits = scalar == DecodedEdges.unfinished
                        ? label.overlaps(edges.possible[Int(edges.possibleIndex[edge])]) : label.contains(scalar)
                    guard fits else { continue }
                    let child = Int(trie.edgeTargets[edge])
                    for id in trie.tokens(endingAt: child) { words[Int(id) >> 6] |= 1 << UInt64(id & 63) }
                    stack.append(child)
                }
            }
            return TokenMask(count: characterCounts.count, words: words)
        }
    }

    /// The closing tokens whose bytes after the quote are none or one of the suffixes in
    /// `suffixes` (a set over suffix numbers); cached, since the same few sets recur.
    package func closingTokens(followedBy suffixes: TokenMask) -> TokenMask {
        followedBy.mask(for: suffixes) {
            var mask = TokenMask(count: closingCounts.count)
            for (id, suffix) in suffixOf.enumerated() where closingCounts[id] >= 0 && (suffix < 0 || suffixes.contains(Int(suffix))) {
                mask.insert(id)
            }
            return mask
        }
    }
}

/// Token masks by a hashable key (a set of suffixes, a character class), built on first use.
private final class MaskCache<Key: Hashable & Sendable>: Sendable {
    /// Entries kept at most; the cache starts over past it.
    static var capacity: Int { 1024 }
    private let masks = Mutex<[Key: TokenMask]>([:])

    func mask(for key: Key, _ make: () -> TokenMask) -> TokenMask {
        masks.withLock { masks in
            if let known = masks[key] { return known }
            let mask = make()
            if masks.count >= Self.capacity { masks.removeAll(keepingCapacity: true) }
            masks[key] = mask
            return mask
        }
    }
}

/// Which tokens a character-count mask holds: in-string or closing ones, by their characters.
private struct FittingKey: Hashable {
    let closing: Bool
    let least: Int
    let most: Int
}
