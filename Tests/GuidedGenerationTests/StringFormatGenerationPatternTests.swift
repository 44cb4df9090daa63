@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

/// Samples every ``StringFormat/generationPattern`` and checks each sample with the format's
/// own validator. The sampler understands only the constructs the patterns are allowed to use,
/// so it also keeps the patterns within them.
@Suite struct StringFormatGenerationPatternTests {
    @Test(arguments: StringFormat.allCases)
    func everySampleIsValid(_ format: StringFormat) throws {
        let pattern = format.generationPattern
        let sampler = try #require(PatternSampler(pattern: pattern),
                                   "unsupported construct in \(pattern)")
        #expect(formatRegexIsValid(pattern))

        var random = SeededRandom(seed: 0x5EED)
        var distinct = Set<String>()
        for _ in 0..<500 {
            let sample = sampler.sample(using: &random)
            #expect(format.isValid(sample),
                    "\(format.rawValue) rejects its own sample \(String(reflecting: sample))")
            distinct.insert(sample)
        }
        #expect(distinct.count >= 250, "only \(distinct.count) distinct samples of 500")
    }

    @Test func samplerRefusesConstructsOutsideTheAllowedSet() {
        let outside = ["a", "^a", "^.$", "^(?:a)$", "^a{2,}$", "^\\w$", "^[^a]$", "^a+?$", "^a|b$", "^\\u00e9$"]
        for pattern in outside {
            #expect(PatternSampler(pattern: pattern) == nil, "accepted \(pattern)")
        }
        #expect(PatternSampler(pattern: "^(a|b[c-e]){1,2}\\d?\\.x*$") != nil)
    }
}

/// A random-string generator for the regex subset of generation patterns: literals, escaped
/// punctuation, `\d`, classes with ranges, groups, alternation and `? * + {n} {n,m}`, anchored
/// with `^…$`. `*` and `+` repeat at most three times more than their minimum.
private struct PatternSampler: Equatable {
    private indirect enum Node: Equatable {
        case oneOf([ClosedRange<UInt32>])
        case sequence([Node])
        case choice([Node])
        case repetition(Node, min: Int, max: Int)
    }

    private let root: Node

    init?(pattern: String) {
        var parser = Parser(scalars: Array(pattern.unicodeScalars))
        // A top-level `|` would leave the anchors inside its branches rather than around all.
        guard parser.consume("^"), let root = parser.sequence(), parser.consume("$"),
              parser.index == parser.scalars.count
        else { return nil }
        self.root = root
    }

    func sample(using random: inout SeededRandom) -> String {
        var output = String.UnicodeScalarView()
        Self.emit(root, into: &output, using: &random)
        return String(output)
    }

    private static func emit(_ node: Node, into output: inout String.UnicodeScalarView,
                             using random: inout SeededRandom) {
        switch node {
        case .oneOf(let ranges):
            let sizes = ranges.map { Double($0.count) }
            let range = ranges[random.index(weights: sizes)]
            let value = range.lowerBound + UInt32(random.below(UInt64(range.count)))
            output.append(Unicode.Scalar(value)!)
        case .sequence(let nodes):
            for child in nodes { emit(child, into: &output, using: &random) }
        case .choice(let nodes):
            emit(nodes[random.int(in: 0..<nodes.count)], into: &output, using: &random)
        case .repetition(let child, let min, let max):
            for _ in 0..<random.int(in: min...max) { emit(child, into: &output, using: &random) }
        }
    }

    private struct Parser {
        let scalars: [Unicode.Scalar]
        var index = 0

        private mutating func alternation() -> Node? {
            var branches: [Node] = []
            repeat {
                guard let branch = sequence() else { return nil }
                branches.append(branch)
            } while consume("|")
            return branches.count == 1 ? branches[0] : .choice(branches)
        }

        mutating func sequence() -> Node? {
            var items: [Node] = []
            while let next = peek, next != "|", next != ")" {
                // `$` only closes the whole pattern.
                if next == "$", index == scalars.count - 1 { break }
                guard let atom = atom(), let item = quantified(atom) else { return nil }
                items.append(item)
            }
            return .sequence(items)
        }

        private mutating func atom() -> Node? {
            guard let scalar = next() else { return nil }
            switch scalar {
            case "(":
                guard peek != "?", let inner = alternation(), consume(")") else { return nil }
                return inner
            case "[":
                return characterClass()
            case "\\":
                return escape()
            case ".", "^", "$", "*", "+", "?", "{", "}", "]", ")", "|":
                return nil
            default:
                return .oneOf([scalar.value...scalar.value])
            }
        }

        private mutating func quantified(_ atom: Node) -> Node? {
            let bounds: (Int, Int)
            if consume("?") {
                bounds = (0, 1)
            } else if consume("*") {
                bounds = (0, 3)
            } else if consume("+") {
                bounds = (1, 4)
            } else if consume("{") {
                guard let low = number() else { return nil }
                let high = consume(",") ? number() : low
                guard let high, high >= low, consume("}") else { return nil }
                bounds = (low, high)
            } else {
                return atom
            }
            if let next = peek, "?*+{".unicodeScalars.contains(next) { return nil }
            return .repetition(atom, min: bounds.0, max: bounds.1)
        }

        private mutating func characterClass() -> Node? {
            guard peek != "^" else { return nil }
            var ranges: [ClosedRange<UInt32>] = []
            while !consume("]") {
                guard let low = classMember() else { return nil }
                if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard let high = classMember(), low <= high else { return nil }
                    ranges.append(low...high)
                } else {
                    ranges.append(low...low)
                }
            }
            return ranges.isEmpty ? nil : .oneOf(ranges)
        }

        private mutating func classMember() -> UInt32? {
            guard let scalar = next() else { return nil }
            guard scalar == "\\" else { return scalar.value }
            guard let escaped = next(), isPunctuation(escaped) else { return nil }
            return escaped.value
        }

        private mutating func escape() -> Node? {
            guard let scalar = next() else { return nil }
            if scalar == "d" { return .oneOf([UInt32(48)...UInt32(57)]) }
            return isPunctuation(scalar) ? .oneOf([scalar.value...scalar.value]) : nil
        }

        private func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && !scalar.properties.isAlphabetic && !("0"..."9").contains(scalar)
                && scalar.value > 0x20
        }

        private mutating func number() -> Int? {
            let start = index
            var value = 0
            while let scalar = peek, ("0"..."9").contains(scalar) {
                value = value * 10 + Int(scalar.value - 48)
                index += 1
            }
            return index > start ? value : nil
        }

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        private mutating func next() -> Unicode.Scalar? {
            guard let scalar = peek else { return nil }
            index += 1
            return scalar
        }

        mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
            guard peek == scalar else { return false }
            index += 1
            return true
        }
    }
}
