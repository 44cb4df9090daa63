/// Whether `pattern` is a syntactically valid ECMA-262 regular expression, for `format: regex`.
///
/// This is deliberately separate from the pattern compiler (`RegexParser`): `format: regex` asks
/// whether a string is a regular expression under the strict Unicode (`u` flag) grammar the
/// reference validators apply, while `pattern` compilation accepts the lenient Annex B forms
/// real-world schemas use (`{` and `]` as literals, `[\d-z]`) and refuses what it cannot
/// compile. Checked here: balanced groups and classes, well-formed quantifiers (with nothing to
/// repeat rejected), escapes and class ranges, named groups and the back references that need
/// them; any character but a letter or digit may be escaped to stand for itself, as the
/// reference validators allow; Unicode property names are not checked.
package func formatRegexIsValid(_ pattern: String) -> Bool {
    var checker = RegexSyntaxChecker(scalars: Array(pattern.unicodeScalars))
    return checker.isValidPattern()
}

private struct RegexSyntaxChecker {
    let scalars: [Unicode.Scalar]
    var index = 0
    var groupCount = 0
    var groupNames: Set<String> = []
    var largestBackReference = 0
    var referencedNames: Set<String> = []

    init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
    }

    mutating func isValidPattern() -> Bool {
        guard disjunction(), index == scalars.count else { return false }
        return largestBackReference <= groupCount && referencedNames.isSubset(of: groupNames)
    }

    // MARK: - Structure

    private mutating func disjunction() -> Bool {
        repeat {
            while let next = peek, next != "|", next != ")" {
                guard term() else { return false }
            }
        } while consume("|")
        return true
    }

    private mutating func term() -> Bool {
        if consume("^") || consume("$") || consume(["\\", "b"]) || consume(["\\", "B"]) {
            return !startsQuantifier
        }
        if consume(["(", "?", "="]) || consume(["(", "?", "!"])
            || consume(["(", "?", "<", "="]) || consume(["(", "?", "<", "!"]) {
            return disjunction() && consume(")") && !startsQuantifier
        }
        return atom() && quantifierIfPresent()
    }

    private mutating func atom() -> Bool {
        guard let scalar = next() else { return false }
        switch scalar {
        case ".":
            return true
        case "(":
            return group()
        case "[":
            return characterClass()
        case "\\":
            return atomEscape()
        case "^", "$", "*", "+", "?", ")", "]", "{", "}", "|":
            return false
        default:
            return true
        }
    }

    /// After `(`: a capturing, named, non-capturing or modifier group, through its `)`.
    private mutating func group() -> Bool {
        if consume("?") {
            if consume("<") {
                guard let name = groupName(), groupNames.insert(name).inserted else { return false }
                groupCount += 1
            } else if !consume(":") {
                guard modifiers() else { return false }
            }
        } else {
            groupCount += 1
        }
        return disjunction() && consume(")")
    }

    /// `(?ims-ims:`, after the `?`: flags from `i`, `m`, `s`, none twice, not all empty.
    private mutating func modifiers() -> Bool {
        var seen: Set<Unicode.Scalar> = []
        var count = 0
        var sawHyphen = false
        while let scalar = next() {
            switch scalar {
            case "i", "m", "s":
                guard seen.insert(scalar).inserted else { return false }
                count += 1
            case "-":
                guard !sawHyphen else { return false }
                sawHyphen = true
            case ":":
                return count > 0
            default:
                return false
            }
        }
        return false
    }

    private mutating func quantifierIfPresent() -> Bool {
        guard let scalar = peek else { return true }
        switch scalar {
        case "*", "+", "?":
            index += 1
        case "{":
            index += 1
            guard let low = decimal() else { return false }
            if consume(",") {
                if let high = decimal(), high < low { return false }
            }
            guard consume("}") else { return false }
        default:
            return true
        }
        _ = consume("?")
        return true
    }

    private var startsQuantifier: Bool {
        guard let scalar = peek else { return false }
        return scalar == "*" || scalar == "+" || scalar == "?" || scalar == "{"
    }

    // MARK: - Escapes

    /// After a `\` outside a class.
    private mutating func atomEscape() -> Bool {
        guard let scalar = peek else { return false }
        if ("1"..."9").contains(scalar) {
            guard let number = decimal() else { return false }
            largestBackReference = max(largestBackReference, number)
            return true
        }
        if scalar == "k" {
            index += 1
            guard consume("<"), let name = groupName() else { return false }
            referencedNames.insert(name)
            return true
        }
        if let valid = characterSetEscape() { return valid }
        return characterEscape() != nil
    }

    /// `\d \D \s \S \w \W \p{…} \P{…}`, after the `\`: whether it is well formed, or nil
    /// (with nothing consumed) when the escape is not one of these.
    private mutating func characterSetEscape() -> Bool? {
        guard let scalar = peek else { return nil }
        switch scalar {
        case "d", "D", "s", "S", "w", "W":
            index += 1
            return true
        case "p", "P":
            // `{Name}` or `{Name=Value}`; which names and values exist is left unchecked.
            index += 1
            guard consume("{"), propertyWord() else { return false }
            if consume("="), !propertyWord() { return false }
            return consume("}")
        default:
            return nil
        }
    }

    /// A single-character escape after the `\`: its code point, or nil when malformed.
    private mutating func characterEscape() -> UInt32? {
        guard let scalar = next() else { return nil }
        switch scalar {
        case "f": return 0x0C
        case "n": return 0x0A
        case "r": return 0x0D
        case "t": return 0x09
        case "v": return 0x0B
        case "c":
            guard let letter = next(), ("a"..."z").contains(letter) || ("A"..."Z").contains(letter)
            else { return nil }
            return letter.value % 32
        case "0":
            if let following = peek, ("0"..."9").contains(following) { return nil }
            return 0
        case "x":
            return hexadecimal(digits: 2)
        case "u":
            return unicodeEscape()
        default:
            let properties = scalar.properties
            let isAlphanumeric = properties.isAlphabetic || properties.numericType != nil
            return isAlphanumeric ? nil : scalar.value
        }
    }

    /// After `\u`: `{hex…}` up to U+10FFFF, or four hex digits, a surrogate pair counting as one.
    private mutating func unicodeEscape() -> UInt32? {
        if consume("{") {
            var value: UInt32 = 0
            var digits = 0
            while let scalar = peek, let digit = hexValue(scalar) {
                value = value * 16 + digit
                guard value <= 0x10FFFF else { return nil }
                digits += 1
                index += 1
            }
            return digits > 0 && consume("}") ? value : nil
        }
        guard let high = hexadecimal(digits: 4) else { return nil }
        if (0xD800...0xDBFF).contains(high), lookingAt(["\\", "u"]) {
            let saved = index
            index += 2
            if let low = hexadecimal(digits: 4), (0xDC00...0xDFFF).contains(low) {
                return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
            }
            index = saved
        }
        return high
    }

    // MARK: - Classes

    private enum ClassAtom {
        case character(UInt32)
        case set
    }

    /// After `[`: atoms and ranges through the closing `]`.
    private mutating func characterClass() -> Bool {
        _ = consume("^")
        while !consume("]") {
            guard let low = classAtom() else { return false }
            guard lookingAt(["-"]), let afterHyphen = peek(at: index + 1), afterHyphen != "]" else {
                continue
            }
            index += 1
            guard let high = classAtom(),
                  case .character(let lowValue) = low, case .character(let highValue) = high,
                  lowValue <= highValue
            else { return false }
        }
        return true
    }

    private mutating func classAtom() -> ClassAtom? {
        guard let scalar = next() else { return nil }
        guard scalar == "\\" else { return .character(scalar.value) }
        if consume("b") { return .character(0x08) }
        if consume("-") { return .character(0x2D) }
        if let valid = characterSetEscape() { return valid ? .set : nil }
        return characterEscape().map(ClassAtom.character)
    }

    // MARK: - Lexing

    /// After `<`: an identifier and the closing `>`.
    private mutating func groupName() -> String? {
        var name = String.UnicodeScalarView()
        while let scalar = next() {
            if scalar == ">" { return name.isEmpty ? nil : String(name) }
            let allowed = name.isEmpty
                ? scalar.properties.isIDStart || scalar == "$" || scalar == "_"
                : scalar.properties.isIDContinue || scalar == "$" || scalar == "\u{200C}"
                    || scalar == "\u{200D}"
            guard allowed else { return nil }
            name.append(scalar)
        }
        return nil
    }

    private mutating func propertyWord() -> Bool {
        let start = index
        while let scalar = peek, ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || ("0"..."9").contains(scalar) || scalar == "_" {
            index += 1
        }
        return index > start
    }

    private mutating func decimal() -> Int? {
        var value = 0
        let start = index
        while let scalar = peek, ("0"..."9").contains(scalar) {
            value = min(value * 10 + Int(scalar.value - 48), Int(Int32.max))
            index += 1
        }
        return index > start ? value : nil
    }

    private mutating func hexadecimal(digits: Int) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let scalar = next(), let digit = hexValue(scalar) else { return nil }
            value = value * 16 + digit
        }
        return value
    }

    private func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 48
        case "a"..."f": scalar.value - 87
        case "A"..."F": scalar.value - 55
        default: nil
        }
    }

    private var peek: Unicode.Scalar? { peek(at: index) }

    private func peek(at position: Int) -> Unicode.Scalar? {
        position < scalars.count ? scalars[position] : nil
    }

    private mutating func next() -> Unicode.Scalar? {
        guard let scalar = peek else { return nil }
        index += 1
        return scalar
    }

    private func lookingAt(_ sequence: [Unicode.Scalar]) -> Bool {
        scalars[index...].starts(with: sequence)
    }

    private mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        consume([scalar])
    }

    private mutating func consume(_ sequence: [Unicode.Scalar]) -> Bool {
        guard lookingAt(sequence) else { return false }
        index += sequence.count
        return true
    }
}
