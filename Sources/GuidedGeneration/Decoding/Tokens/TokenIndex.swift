import Foundation

/// A vocabulary's tokens as byte tries: all text tokens, and apart the *in-string* ones — tokens
/// that, read from a character boundary inside a JSON string, stay inside it (characters, escapes,
/// a character or escape left unfinished at the end) — whose fate there depends on the string's
/// language alone, and the rest (tokens that close a string or cannot occur in one).
final class TokenIndex: Sendable {
    let all: TokenTrie
    let inString: TokenTrie
    let rest: TokenTrie
    /// For every in-string token, the characters it adds to a string (an unfinished one counted);
    /// -1 for other tokens.
    let characterCounts: [Int32]
    /// The most characters an in-string token adds.
    let longestInString: Int
    private let fitting = FittingMasks()

    init(tokens: [[UInt8]], isText: (Int) -> Bool) {
        var allTokens: [(id: Int, bytes: [UInt8])] = []
        var inStringTokens: [(id: Int, bytes: [UInt8])] = []
        var restTokens: [(id: Int, bytes: [UInt8])] = []
        var counts = [Int32](repeating: -1, count: tokens.count)
        var longest = 0
        for id in tokens.indices where isText(id) {
            let bytes = tokens[id]
            allTokens.append((id, bytes))
            if let characters = Self.characterCount(inString: bytes) {
                inStringTokens.append((id, bytes))
                counts[id] = Int32(characters)
                longest = max(longest, characters)
            } else {
                restTokens.append((id, bytes))
            }
        }
        all = TokenTrie(tokens: allTokens)
        inString = TokenTrie(tokens: inStringTokens)
        rest = TokenTrie(tokens: restTokens)
        characterCounts = counts
        longestInString = longest
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
    func inStringTokens(fitting room: Int?) -> TokenMask {
        let key = room.map { min($0, longestInString) } ?? longestInString
        return fitting.mask(for: key) {
            var mask = TokenMask(count: characterCounts.count)
            for (id, count) in characterCounts.enumerated() where count >= 0 && Int(count) <= key { mask.insert(id) }
            return mask
        }
    }
}

/// In-string token masks by the room left, built on first use.
private final class FittingMasks: @unchecked Sendable {
    private let lock = NSLock()
    private var masks: [Int: TokenMask] = [:]

    func mask(for room: Int, _ make: () -> TokenMask) -> TokenMask {
        lock.lock()
        defer { lock.unlock() }
        if let known = masks[room] { return known }
        let mask = make()
        masks[room] = mask
        return mask
    }
}
