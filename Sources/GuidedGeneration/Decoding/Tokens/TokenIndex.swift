/// A vocabulary's tokens as byte tries: all text tokens, and apart the *plain* ones — whole
/// UTF-8 characters with no quote, backslash or control character — whose fate inside a string
/// depends on the string's automaton alone, and the rest.
final class TokenIndex: Sendable {
    let all: TokenTrie
    let plain: TokenTrie
    let special: TokenTrie
    /// The most scalars a plain token holds.
    let longestPlain: Int

    init(tokens: [[UInt8]], isText: (Int) -> Bool) {
        var allTokens: [(id: Int, bytes: [UInt8])] = []
        var plainTokens: [(id: Int, bytes: [UInt8])] = []
        var specialTokens: [(id: Int, bytes: [UInt8])] = []
        var longest = 0
        for id in tokens.indices where isText(id) {
            let bytes = tokens[id]
            allTokens.append((id, bytes))
            if let scalars = Self.plainScalarCount(bytes) {
                plainTokens.append((id, bytes))
                longest = max(longest, scalars)
            } else {
                specialTokens.append((id, bytes))
            }
        }
        all = TokenTrie(tokens: allTokens)
        plain = TokenTrie(tokens: plainTokens)
        special = TokenTrie(tokens: specialTokens)
        longestPlain = longest
    }

    /// The scalar count of a token that is plain string content — whole UTF-8 characters, none
    /// a quote, a backslash or a control character — or nil.
    private static func plainScalarCount(_ bytes: [UInt8]) -> Int? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        var count = 0
        for scalar in text.unicodeScalars {
            if scalar.value < 0x20 || scalar == "\"" || scalar == "\\" { return nil }
            count += 1
        }
        return count
    }
}
