import JSONSchema

/// A JSON number being read, byte by byte: its text so far and where in the grammar it stands.
/// The matcher reads numbers in plain decimal notation, as the library writes them: `-?(0|[1-9]
/// [0-9]*)`, and `.[0-9]+` after it only where a non-integer may stand (integers are written as
/// integers); no exponent.
package struct NumberCursor: Hashable, Sendable {
    package enum Phase: UInt8, Hashable, Sendable {
        case sign, zero, integer, point, fraction

        /// Whether a number may end in this phase.
        package var isTerminal: Bool { self == .zero || self == .integer || self == .fraction }
    }

    /// The plan node whose numbers are read.
    package let node: Int32
    package private(set) var text: [UInt8]
    package private(set) var phase: Phase
    /// Whether a fraction part may be written.
    package let fractions: Bool
    /// In the items of a unique array numbers are written one way only (no trailing fractional
    /// zero, no `-0`), so equal values have equal texts.
    package let canonical: Bool

    /// A cursor after the number's first byte, or nil if it cannot start a number.
    package init?(node: Int, first byte: UInt8, fractions: Bool, canonical: Bool) {
        self.node = Int32(node)
        self.fractions = fractions
        self.canonical = canonical
        text = [byte]
        switch byte {
        case UInt8(ascii: "-"): phase = .sign
        case UInt8(ascii: "0"): phase = .zero
        case UInt8(ascii: "1")...UInt8(ascii: "9"): phase = .integer
        default: return nil
        }
    }

    /// Reads one more byte of the number; false when the grammar does not allow it.
    package mutating func feed(_ byte: UInt8) -> Bool {
        let isDigit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        let isPoint = fractions && byte == UInt8(ascii: ".")
        let next: Phase
        switch phase {
        case .sign:
            guard isDigit else { return false }
            next = byte == UInt8(ascii: "0") ? .zero : .integer
        case .zero:
            guard isPoint else { return false }
            next = .point
        case .integer:
            if isDigit { next = .integer } else if isPoint { next = .point } else { return false }
        case .point, .fraction:
            guard isDigit else { return false }
            next = .fraction
        }
        text.append(byte)
        phase = next
        return true
    }

    package var isNegative: Bool { text.first == UInt8(ascii: "-") }

    /// The digits after the point (empty without one).
    package var fractionDigitCount: Int {
        guard let point = text.firstIndex(of: UInt8(ascii: ".")) else { return 0 }
        return text.count - point - 1
    }

    /// The value of the digits so far, sign included (a trailing point reads as nothing).
    package var mantissa: ExactDecimal {
        let digits = text.filter { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        let magnitude = BigInt(decimal: String(decoding: digits.isEmpty ? [UInt8(ascii: "0")] : digits, as: UTF8.self))!
        return ExactDecimal(coefficient: isNegative ? magnitude.negated : magnitude, exponent: -fractionDigitCount)
    }

    /// Whether the text, as written, passes for an integer where integers are lexical (draft 4).
    package var isLexicalInteger: Bool { !text.contains(UInt8(ascii: ".")) }

    /// The exact value, when the number may end here: a terminal phase, a double that carries it
    /// (finite), and in canonical form no trailing fractional zero and no `-0`.
    package var completeValue: ExactDecimal? {
        guard phase.isTerminal else { return nil }
        if canonical {
            if phase == .fraction, text.last == UInt8(ascii: "0") { return nil }
            if isNegative, phase == .zero { return nil }
        }
        guard let double = Double(String(decoding: text, as: UTF8.self)), double.isFinite else { return nil }
        return mantissa
    }
}
