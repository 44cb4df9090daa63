/// Parses the ECMA-262 regular-expression subset JSON Schema uses into a `RegexNode`.
///
/// Patterns are read as with the `u` flag (one atom per Unicode scalar, `\u{…}`, `\p{…}`), with
/// the Annex-B leniencies real schemas rely on: a `{` that does not start a quantifier and a lone
/// `]` or `}` are literals, `[\w-]`/`[\w-a]` take the hyphen literally, and any escaped
/// non-alphanumeric character stands for itself. Lookahead, lookbehind and word boundaries (as
/// the lookarounds they abbreviate) are kept for the automata to decide; backreferences and
/// modifier groups are recognised and refused as `unsupported`, as is a lookaround that looks
/// past an input end its automaton cannot see (`^` inside a lookahead, `$` inside a lookbehind, a
/// lookbehind inside a lookahead or the reverse). Anything that is not valid ECMA-262 is
/// `invalidSyntax`. Offsets in errors count Unicode scalars.
package struct RegexParser {
    /// The largest bound accepted in `{n}`, `{n,}`, `{n,m}`.
    package static let maxRepeatBound = 1000
    /// The largest pattern accepted, measured in automaton states after expanding bounded repeats.
    package static let maxExpandedSize = 100_000
    /// The deepest group nesting accepted. The syntax tree is at most a few levels deeper than
    /// the groups, and every walk over it (parsing, automaton construction) recurses along its
    /// depth, so this bound keeps them all within the stack; real patterns nest a handful.
    package static let maxGroupNesting = 200

    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var groupNesting = 0

    private init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    package static func parse(_ pattern: String) throws(RegexError) -> RegexNode {
        var parser = RegexParser(pattern)
        let result = try parser.parseAlternation()
        if parser.position < parser.scalars.count {
            // Only an unmatched `)` stops the top-level alternation early.
            throw .invalidSyntax("unmatched ')'", at: parser.position)
        }
        return result.node
    }

    /// A node with the number of automaton states it expands to.
    private struct Sized {
        var node: RegexNode
        var size: Int
    }

    private var atEnd: Bool { position >= scalars.count }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    private func peekIs(_ text: String, ahead: Int = 0) -> Bool {
        var offset = ahead
        for scalar in text.unicodeScalars {
            guard peek(offset) == scalar else { return false }
            offset += 1
        }
        return true
    }

    // MARK: - Structure

    private mutating func parseAlternation() throws(RegexError) -> Sized {
        var branches = [try parseSequence()]
        var size = branches[0].size
        while peek() == "|" {
            position += 1
            let start = position
            branches.append(try parseSequence())
            size += branches[branches.count - 1].size + 1
            try checkSize(size, at: start)
        }
        if branches.count == 1 { return branches[0] }
        return Sized(node: .alternation(branches.map(\.node)), size: size)
    }

    private mutating func parseSequence() throws(RegexError) -> Sized {
        var items: [RegexNode] = []
        var size = 0
        while let next = peek(), next != "|", next != ")" {
            let start = position
            let term = try parseTerm()
            size += term.size
            try checkSize(size, at: start)
            if case .concatenation(let inner) = term.node {
                items.append(contentsOf: inner)
            } else if term.node != .empty {
                items.append(term.node)
            }
        }
        switch items.count {
        case 0: return Sized(node: .empty, size: 1)
        case 1: return Sized(node: items[0], size: max(size, 1))
        default: return Sized(node: .concatenation(items), size: size)
        }
    }

    private mutating func parseTerm() throws(RegexError) -> Sized {
        let atomStart = position
        let (atom, quantifiable) = try parseAtom()
        let quantifierStart = position
        guard let bounds = try parseQuantifier() else { return atom }
        guard quantifiable else {
            throw .invalidSyntax("nothing to repeat", at: quantifierStart)
        }
        if peek() == "?" { position += 1 }  // lazy: same language
        if try quantifierFollows() {
            throw .invalidSyntax("nothing to repeat", at: position)
        }
        let copies = max(bounds.min, bounds.max ?? bounds.min + 1, 1)
        let (product, overflow) = atom.size.multipliedReportingOverflow(by: copies)
        try checkSize(overflow ? Int.max : product + 2, at: atomStart)
        return Sized(node: .repetition(atom.node, min: bounds.min, max: bounds.max), size: product + 2)
    }

    private func checkSize(_ size: Int, at offset: Int) throws(RegexError) {
        if size > RegexParser.maxExpandedSize {
            throw .unsupported("pattern expands to more than \(RegexParser.maxExpandedSize) automaton states", at: offset)
        }
    }

    private mutating func quantifierFollows() throws(RegexError) -> Bool {
        switch peek() {
        case "*", "+", "?": return true
        case "{": return try bracedQuantifier(consume: false) != nil
        default: return false
        }
    }

    /// Reads `* + ? {n} {n,} {n,m}` if one starts here (without its lazy `?`).
    private mutating func parseQuantifier() throws(RegexError) -> (min: Int, max: Int?)? {
        switch peek() {
        case "*":
            position += 1
            return (0, nil)
        case "+":
            position += 1
            return (1, nil)
        case "?":
            position += 1
            return (0, 1)
        case "{":
            return try bracedQuantifier(consume: true)
        default:
            return nil
        }
    }

    /// Parses `{n}`, `{n,}` or `{n,m}` at the current position; returns nil (consuming nothing)
    /// when the brace does not start one, in which case it is a literal.
    private mutating func bracedQuantifier(consume: Bool) throws(RegexError) -> (min: Int, max: Int?)? {
        let start = position
        var offset = 1
        func number() -> Int? {
            var value: Int?
            while let scalar = peek(offset), ("0"..."9").contains(scalar) {
                value = min((value ?? 0) * 10 + Int(scalar.value) - 0x30, Int(Int32.max))
                offset += 1
            }
            return value
        }
        guard let low = number() else { return nil }
        var high: Int? = low
        if peek(offset) == "," {
            offset += 1
            high = number()
        }
        guard peek(offset) == "}" else { return nil }
        if consume { position += offset + 1 }
        if let high, high < low {
            throw .invalidSyntax("numbers out of order in {\(low),\(high)} quantifier", at: start)
        }
        if max(low, high ?? 0) > RegexParser.maxRepeatBound {
            throw .unsupported("repetition bound above \(RegexParser.maxRepeatBound)", at: start)
        }
        return (low, high)
    }

    /// Returns the atom and whether a quantifier may follow it.
    private mutating func parseAtom() throws(RegexError) -> (Sized, Bool) {
        let start = position
        let scalar = scalars[position]
        switch scalar {
        case "^":
            position += 1
            return (Sized(node: .startAnchor, size: 1), false)
        case "$":
            position += 1
            return (Sized(node: .endAnchor, size: 1), false)
        case "(":
            return try parseGroup()
        case "[":
            return (Sized(node: .scalars(try parseClass()), size: 1), true)
        case ".":
            position += 1
            return (Sized(node: .scalars(UnicodeProperties.dot), size: 1), true)
        case "\\" where peek(1) == "b" || peek(1) == "B":
            position += 2
            return (Sized(node: Self.wordBoundary(negated: scalars[start + 1] == "B"), size: 6), false)
        case "\\":
            return (Sized(node: .scalars(try parseAtomEscape()), size: 1), true)
        case "*", "+", "?":
            throw .invalidSyntax("nothing to repeat", at: start)
        case "{":
            if try bracedQuantifier(consume: false) != nil {
                throw .invalidSyntax("nothing to repeat", at: start)
            }
            fallthrough
        default:
            position += 1
            return (Sized(node: .scalars(ScalarSet(scalar)), size: 1), true)
        }
    }

    /// `\b` is `(?<=\w)(?!\w)|(?<!\w)(?=\w)`; `\B` is its opposite, `(?<=\w)(?=\w)|(?<!\w)(?!\w)`.
    private static func wordBoundary(negated: Bool) -> RegexNode {
        let word = RegexNode.scalars(UnicodeProperties.wordCharacters)
        return .alternation([
            .concatenation([.lookaround(word, ahead: false, negated: false), .lookaround(word, ahead: true, negated: !negated)]),
            .concatenation([.lookaround(word, ahead: false, negated: true), .lookaround(word, ahead: true, negated: negated)]),
        ])
    }

    /// Returns the group and whether a quantifier may follow it (not after a lookaround).
    private mutating func parseGroup() throws(RegexError) -> (Sized, Bool) {
        let start = position
        guard groupNesting < Self.maxGroupNesting else {
            throw .unsupported("groups nest more than \(Self.maxGroupNesting) levels deep", at: start)
        }
        groupNesting += 1
        defer { groupNesting -= 1 }
        position += 1
        if peek() == "?" {
            if peekIs(":", ahead: 1) {
                position += 2
            } else if peekIs("=", ahead: 1) || peekIs("!", ahead: 1) {
                position += 2
                return (try parseLookaround(ahead: true, negated: scalars[start + 2] == "!", start: start), false)
            } else if peekIs("<=", ahead: 1) || peekIs("<!", ahead: 1) {
                position += 3
                return (try parseLookaround(ahead: false, negated: scalars[start + 3] == "!", start: start), false)
            } else if peekIs("<", ahead: 1) {
                position += 2
                try parseGroupName(groupStart: start)
            } else if let flag = peek(1), "ims-".unicodeScalars.contains(flag) {
                throw .unsupported("inline modifier groups are not supported", at: start)
            } else {
                throw .invalidSyntax("invalid group syntax '(?'", at: start)
            }
        }
        let inner = try parseAlternation()
        try closeGroup(openedAt: start)
        return (inner, true)
    }

    private mutating func closeGroup(openedAt start: Int) throws(RegexError) {
        guard peek() == ")" else {
            throw .invalidSyntax("unclosed group '('", at: start)
        }
        position += 1
    }

    /// Parses a lookaround's body (the opening `(?=`, `(?!`, `(?<=` or `(?<!` already read).
    private mutating func parseLookaround(ahead: Bool, negated: Bool, start: Int) throws(RegexError) -> Sized {
        let body = try parseAlternation()
        try closeGroup(openedAt: start)
        let name = ahead ? "lookahead" : "lookbehind"
        if body.node.contains(ahead ? .startAnchor : .endAnchor) {
            throw .unsupported("'\(ahead ? "^" : "$")' inside a \(name) is not supported", at: start)
        }
        if body.node.containsLookaround(ahead: !ahead) {
            throw .unsupported("a \(ahead ? "lookbehind" : "lookahead") inside a \(name) is not supported", at: start)
        }
        return Sized(node: .lookaround(body.node, ahead: ahead, negated: negated), size: body.size + 1)
    }

    private mutating func parseGroupName(groupStart: Int) throws(RegexError) {
        var length = 0
        while let scalar = peek(), scalar != ">" {
            let valid = length == 0
                ? scalar.properties.isIDStart || scalar == "$" || scalar == "_"
                : scalar.properties.isIDContinue || scalar == "$" || scalar == "\u{200C}" || scalar == "\u{200D}"
            guard valid else { throw .invalidSyntax("invalid capture group name", at: position) }
            length += 1
            position += 1
        }
        guard peek() == ">", length > 0 else {
            throw .invalidSyntax("invalid capture group name", at: groupStart)
        }
        position += 1
    }

    // MARK: - Escapes

    private mutating func parseAtomEscape() throws(RegexError) -> ScalarSet {
        let start = position
        guard let letter = peek(1) else {
            throw .invalidSyntax("'\\' at end of pattern", at: start)
        }
        switch letter {
        case "1"..."9":
            throw .unsupported("backreferences are not supported", at: start)
        case "k":
            if peekIs("<", ahead: 2) {
                throw .unsupported("named backreferences are not supported", at: start)
            }
            throw .invalidSyntax("invalid escape '\\k'", at: start)
        default:
            switch try parseCharacterEscape(inClass: false) {
            case .single(let value): return ScalarSet(range: value...value)
            case .set(let set): return set
            }
        }
    }

    private enum ClassAtom {
        case single(UInt32)
        case set(ScalarSet)
    }

    /// Parses the escape at the current `\` (shared by atoms and class members).
    private mutating func parseCharacterEscape(inClass: Bool) throws(RegexError) -> ClassAtom {
        let start = position
        guard let letter = peek(1) else {
            throw .invalidSyntax("'\\' at end of pattern", at: start)
        }
        position += 2
        switch letter {
        case "d": return .set(UnicodeProperties.digits)
        case "D": return .set(UnicodeProperties.digits.inverted())
        case "w": return .set(UnicodeProperties.wordCharacters)
        case "W": return .set(UnicodeProperties.wordCharacters.inverted())
        case "s": return .set(UnicodeProperties.whitespace)
        case "S": return .set(UnicodeProperties.whitespace.inverted())
        case "p", "P":
            let set = try parsePropertyBody(escapeStart: start)
            return .set(letter == "p" ? set : set.inverted())
        case "t": return .single(0x09)
        case "n": return .single(0x0A)
        case "v": return .single(0x0B)
        case "f": return .single(0x0C)
        case "r": return .single(0x0D)
        case "b" where inClass: return .single(0x08)
        case "-" where inClass: return .single(0x2D)
        case "0":
            if let next = peek(), ("0"..."9").contains(next) {
                throw .invalidSyntax("octal escapes are not allowed", at: start)
            }
            return .single(0)
        case "c":
            guard let control = peek(), control.isASCII, control.properties.isAlphabetic else {
                throw .invalidSyntax("'\\c' must be followed by an ASCII letter", at: start)
            }
            position += 1
            return .single(control.value % 32)
        case "x":
            guard let value = hexDigits(count: 2) else {
                throw .invalidSyntax("'\\x' must be followed by two hex digits", at: start)
            }
            return .single(value)
        case "u":
            return .single(try parseUnicodeEscape(escapeStart: start))
        default:
            if letter.isASCII && (letter.properties.isAlphabetic || ("0"..."9").contains(letter)) {
                throw .invalidSyntax("invalid escape '\\\(letter)'", at: start)
            }
            return .single(letter.value)
        }
    }

    /// Reads exactly `count` hex digits, or consumes nothing.
    private mutating func hexDigits(count: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let scalar = peek(offset), let digit = hexValue(scalar) else { return nil }
            value = value * 16 + digit
        }
        position += count
        return value
    }

    private func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }

    /// After `\u`: `{H…}` or `HHHH`, joining a surrogate pair written as two `\uHHHH` escapes.
    private mutating func parseUnicodeEscape(escapeStart: Int) throws(RegexError) -> UInt32 {
        if peek() == "{" {
            position += 1
            var value: UInt32 = 0
            var digits = 0
            while let scalar = peek(), let digit = hexValue(scalar) {
                value = min(value * 16 + digit, 0x110000)
                digits += 1
                position += 1
            }
            guard digits > 0, peek() == "}", value <= ScalarSet.maxScalar else {
                throw .invalidSyntax("invalid '\\u{…}' escape", at: escapeStart)
            }
            position += 1
            return value
        }
        guard let value = hexDigits(count: 4) else {
            throw .invalidSyntax("'\\u' must be followed by four hex digits or {…}", at: escapeStart)
        }
        if (0xD800...0xDBFF).contains(value), peekIs("\\u") {
            let saved = position
            position += 2
            if let low = hexDigits(count: 4), (0xDC00...0xDFFF).contains(low) {
                return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            position = saved
        }
        return value
    }

    /// After `\p` or `\P`: `{Name}`, `{Name=Value}`.
    private mutating func parsePropertyBody(escapeStart: Int) throws(RegexError) -> ScalarSet {
        guard peek() == "{" else {
            throw .invalidSyntax("'\\p' must be followed by '{'", at: escapeStart)
        }
        position += 1
        var body = ""
        while let scalar = peek(), scalar != "}" {
            body.unicodeScalars.append(scalar)
            position += 1
        }
        guard peek() == "}" else {
            throw .invalidSyntax("unclosed '\\p{'", at: escapeStart)
        }
        position += 1
        switch UnicodeProperties.lookup(body) {
        case .set(let set): return set
        case .unsupported:
            throw .unsupported("Unicode property '\(body)' is not supported", at: escapeStart)
        case .unknown:
            throw .invalidSyntax("unknown Unicode property '\(body)'", at: escapeStart)
        }
    }

    // MARK: - Classes

    private mutating func parseClass() throws(RegexError) -> ScalarSet {
        let start = position
        position += 1
        let negated = peek() == "^"
        if negated { position += 1 }
        var members: [ClosedRange<UInt32>] = []
        var sets: [ScalarSet] = []
        while true {
            guard let scalar = peek() else {
                throw .invalidSyntax("unclosed character class '['", at: start)
            }
            if scalar == "]" {
                position += 1
                break
            }
            let atomStart = position
            let first = try parseClassAtom()
            guard case .single(let low) = first, peek() == "-", let after = peek(1), after != "]" else {
                switch first {
                case .single(let value): members.append(value...value)
                case .set(let set): sets.append(set)
                }
                continue
            }
            position += 1
            switch try parseClassAtom() {
            case .single(let high):
                guard low <= high else {
                    throw .invalidSyntax("range out of order in character class", at: atomStart)
                }
                members.append(low...high)
            case .set(let set):
                // Annex B: `[a-\d]` is `a`, `-` and the digits.
                members.append(low...low)
                members.append(0x2D...0x2D)
                sets.append(set)
            }
        }
        let set = sets.reduce(ScalarSet(ranges: members)) { $0.union($1) }
        return negated ? set.inverted() : set
    }

    private mutating func parseClassAtom() throws(RegexError) -> ClassAtom {
        let scalar = scalars[position]
        guard scalar == "\\" else {
            position += 1
            return .single(scalar.value)
        }
        switch peek(1) {
        case "B":
            throw .invalidSyntax("'\\B' is not allowed in a character class", at: position)
        case "k":
            throw .invalidSyntax("invalid escape '\\k' in a character class", at: position)
        default:
            return try parseCharacterEscape(inClass: true)
        }
    }
}
