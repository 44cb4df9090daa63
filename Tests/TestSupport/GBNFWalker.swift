import ConstrainedDecoding
import GuidedGeneration
import RegexAutomata

/// Reads back the GBNF `ContinuationGrammar` writes — `root ::= s0`, then one rule per state:
/// alternatives `[class]` or `[class] sN`, the whole optional as `( … )?` where the text may end
/// — and walks it at random, as a server sampling under the grammar would. It reads the text as
/// a grammar, not as the matcher's states, so it checks the grammar on its own terms.
public struct GBNFWalker {
    struct Alternative {
        let bytes: [UInt8]
        let next: Int?
    }

    struct Rule {
        var alternatives: [Alternative] = []
        var optional = false
    }

    public struct ReadError: Error, CustomStringConvertible {
        public let description: String
    }

    private(set) var rules: [Int: Rule] = [:]

    public init(_ text: String) throws {
        let lines = text.split(separator: "\n").map(String.init)
        guard lines.first == "root ::= s0" else { throw ReadError(description: "no root rule: \(lines.first ?? "")") }
        for line in lines.dropFirst() {
            let parts = line.components(separatedBy: " ::= ")
            guard parts.count == 2, parts[0].hasPrefix("s"), let number = Int(parts[0].dropFirst()) else {
                throw ReadError(description: "not a rule: \(line)")
            }
            var body = parts[1]
            var rule = Rule()
            if body == "\"\"" {
                rule.optional = true
                rules[number] = rule
                continue
            }
            if body.hasPrefix("( "), body.hasSuffix(" )?") {
                rule.optional = true
                body = String(body.dropFirst(2).dropLast(3))
            }
            for alternative in body.components(separatedBy: " | ") {
                let pieces = alternative.split(separator: " ")
                guard (1...2).contains(pieces.count) else { throw ReadError(description: "not an alternative: \(alternative)") }
                let bytes = try Self.characterClass(String(pieces[0]))
                var next: Int?
                if pieces.count == 2 {
                    guard pieces[1].hasPrefix("s"), let target = Int(pieces[1].dropFirst()) else {
                        throw ReadError(description: "not a rule name: \(pieces[1])")
                    }
                    next = target
                }
                rule.alternatives.append(Alternative(bytes: bytes, next: next))
            }
            rules[number] = rule
        }
        for rule in rules.values {
            for alternative in rule.alternatives {
                if let next = alternative.next, rules[next] == nil { throw ReadError(description: "s\(next) is used but not defined") }
            }
        }
        guard rules[0] != nil else { throw ReadError(description: "no rule s0") }
    }

    /// `[\xHH\xHH-\xHH…]` → its bytes.
    private static func characterClass(_ text: String) throws -> [UInt8] {
        guard text.hasPrefix("["), text.hasSuffix("]") else { throw ReadError(description: "not a character class: \(text)") }
        var inner = Substring(text.dropFirst().dropLast())
        var bytes: [UInt8] = []
        func hex() throws -> UInt8 {
            guard inner.hasPrefix("\\x"), let value = UInt8(inner.dropFirst(2).prefix(2), radix: 16) else {
                throw ReadError(description: "not a \\xHH escape in \(text)")
            }
            inner = inner.dropFirst(4)
            return value
        }
        while !inner.isEmpty {
            let low = try hex()
            if inner.hasPrefix("-") {
                inner = inner.dropFirst()
                let high = try hex()
                guard low <= high else { throw ReadError(description: "an empty range in \(text)") }
                bytes += Array(low...high)
            } else {
                bytes.append(low)
            }
        }
        return bytes
    }

    /// A text the grammar accepts, taking a random alternative at each rule and stopping where it
    /// may with probability `stopping`; with probability `closing`, an alternative that can close
    /// a string or a container (`"`, `]`, `}`) where there is one, so nested values end.
    public func walk(random: inout SeededRandom, stopping: Double = 0.3, closing: Double = 0) -> [UInt8] {
        var text: [UInt8] = []
        var rule = rules[0]!
        while true {
            if rule.alternatives.isEmpty || (rule.optional && random.chance(stopping)) { return text }
            let closers = rule.alternatives.filter { $0.bytes.contains { Self.closers.contains($0) } }
            let alternative: Alternative
            var bytes: [UInt8]
            if !closers.isEmpty, random.chance(closing) {
                alternative = closers[random.int(in: 0..<closers.count)]
                bytes = alternative.bytes.filter { Self.closers.contains($0) }
            } else {
                alternative = rule.alternatives[random.int(in: 0..<rule.alternatives.count)]
                bytes = alternative.bytes
            }
            text.append(bytes[random.int(in: 0..<bytes.count)])
            guard let next = alternative.next else { return text }
            rule = rules[next]!
        }
    }

    private static let closers: Set<UInt8> = Set("\"]}".utf8)
}
