import Foundation

/// IDNA2008 label validity: the derived code point property (RFC 5892 section 3), the contextual
/// rules (RFC 5892 Appendix A), U-label and A-label checks (RFC 5891 sections 4.2 and 5.4) and
/// the Bidi rule (RFC 5893).
package enum IDNA {
    private enum DerivedProperty {
        case pvalid, contextJ, contextO, disallowed
    }

    /// The label as `xn--` plus its Punycode, the form whose length DNS limits to 63 octets.
    package static func aLabel(of uLabel: [Unicode.Scalar]) -> [UInt8] {
        Array("xn--".utf8) + Punycode.encode(uLabel)
    }

    /// The U-label an ASCII label beginning `xn--` (in any case) stands for, if it is a valid
    /// A-label: its Punycode decodes to a valid U-label that encodes back to the same text.
    package static func uLabel(fromALabel label: ArraySlice<UInt8>) -> [Unicode.Scalar]? {
        let lowered = label.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
        guard lowered.starts(with: "xn--".utf8),
              let decoded = Punycode.decode(Array(lowered.dropFirst(4))),
              decoded.contains(where: { !$0.isASCII }),
              isULabel(decoded),
              aLabel(of: decoded) == lowered
        else { return nil }
        return decoded
    }

    /// Whether `label` is a valid U-label, except for the Bidi rule, which depends on the other
    /// labels of the name (see ``satisfiesBidiRule(_:)``).
    package static func isULabel(_ label: [Unicode.Scalar]) -> Bool {
        guard let first = label.first, let last = label.last,
              first != "-", last != "-",
              !(label.count >= 4 && label[2] == "-" && label[3] == "-"),
              !isMark(first),
              isNFC(label),
              aLabel(of: label).count <= 63
        else { return false }
        for index in label.indices {
            switch derivedProperty(label[index]) {
            case .pvalid: continue
            case .contextJ: guard joinerAllowed(in: label, at: index) else { return false }
            case .contextO: guard otherContextAllowed(in: label, at: index) else { return false }
            case .disallowed: return false
            }
        }
        return true
    }

    /// RFC 5893: once any label of a name holds a right-to-left character, every label must
    /// keep to the rules that make its display order unambiguous.
    package static func satisfiesBidiRule(_ labels: [[Unicode.Scalar]]) -> Bool {
        let classes = labels.map { $0.map(bidiClass) }
        let isBidiDomain = classes.contains { $0.contains { $0 == .rightToLeft || $0 == .arabicNumber } }
        guard isBidiDomain else { return true }
        return classes.allSatisfy(labelSatisfiesBidiRule)
    }

    // MARK: - Derived property

    /// RFC 5892's algorithm, in its order: the exceptions table, unassigned code points, LDH,
    /// join controls, then unstable (changed by NFKC case folding), ignorable and historic
    /// characters before letters, digits and marks.
    private static func derivedProperty(_ scalar: Unicode.Scalar) -> DerivedProperty {
        let value = scalar.value
        switch value {
        case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007: return .pvalid
        case 0x00B7, 0x0375, 0x05F3, 0x05F4, 0x30FB, 0x0660...0x0669, 0x06F0...0x06F9:
            return .contextO
        case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B: return .disallowed
        case 0x0061...0x007A, 0x0030...0x0039, 0x002D: return .pvalid
        case 0x200C, 0x200D: return .contextJ
        default: break
        }
        let properties = scalar.properties
        if properties.generalCategory == .unassigned
            || properties.changesWhenNFKCCaseFolded
            || properties.isDefaultIgnorableCodePoint
            || properties.isWhitespace
            || properties.isNoncharacterCodePoint {
            return .disallowed
        }
        switch value {
        // Combining marks for symbols, musical symbols, ancient Greek musical notation.
        case 0x20D0...0x20FF, 0x1D100...0x1D24F: return .disallowed
        // Conjoining (old) Hangul jamo: modern syllables are precomposed instead.
        case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return .disallowed
        default: break
        }
        switch properties.generalCategory {
        case .lowercaseLetter, .uppercaseLetter, .otherLetter, .decimalNumber, .modifierLetter,
             .nonspacingMark, .spacingMark:
            return .pvalid
        default:
            return .disallowed
        }
    }

    // MARK: - Contextual rules

    private static func joinerAllowed(in label: [Unicode.Scalar], at index: Int) -> Bool {
        if index > 0, label[index - 1].properties.canonicalCombiningClass == .virama { return true }
        guard label[index] == "\u{200C}" else { return false }
        // ZERO WIDTH NON-JOINER may also sit between a left- or dual-joining character and a
        // right- or dual-joining one, with only transparent characters in between.
        let before = label[..<index].last { joiningType($0) != .transparent }
        let after = label[(index + 1)...].first { joiningType($0) != .transparent }
        guard let before, let after else { return false }
        let beforeType = joiningType(before), afterType = joiningType(after)
        return (beforeType == .left || beforeType == .dual)
            && (afterType == .right || afterType == .dual)
    }

    private static func otherContextAllowed(in label: [Unicode.Scalar], at index: Int) -> Bool {
        let before = index > 0 ? label[index - 1] : nil
        let after = index + 1 < label.count ? label[index + 1] : nil
        switch label[index].value {
        case 0x00B7:
            return before == "l" && after == "l"
        case 0x0375:
            return after.map { IDNAUnicodeData.contains(IDNAUnicodeData.greek, $0) } ?? false
        case 0x05F3, 0x05F4:
            return before.map { IDNAUnicodeData.contains(IDNAUnicodeData.hebrew, $0) } ?? false
        case 0x30FB:
            return label.contains { IDNAUnicodeData.contains(IDNAUnicodeData.hiraganaKatakanaHan, $0) }
        case 0x0660...0x0669:
            return !label.contains { (0x06F0...0x06F9).contains($0.value) }
        case 0x06F0...0x06F9:
            return !label.contains { (0x0660...0x0669).contains($0.value) }
        default:
            return false
        }
    }

    private enum JoiningType {
        case dual, right, left, transparent, other
    }

    private static func joiningType(_ scalar: Unicode.Scalar) -> JoiningType {
        if IDNAUnicodeData.contains(IDNAUnicodeData.dualJoining, scalar) { return .dual }
        if IDNAUnicodeData.contains(IDNAUnicodeData.rightJoining, scalar) { return .right }
        if IDNAUnicodeData.contains(IDNAUnicodeData.leftJoining, scalar) { return .left }
        if scalar == "\u{200C}" || scalar == "\u{200D}" { return .other }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return .transparent
        default: return .other
        }
    }

    // MARK: - Bidi rule

    /// Bidi_Class, told apart only as far as RFC 5893 needs; R and AL are treated alike there.
    private enum BidiClass {
        case leftToRight, rightToLeft, arabicNumber, europeanNumber, separator, otherNeutral
        case boundaryNeutral, nonspacingMark
    }

    /// Bidi_Class of the characters a valid label can hold. The stdlib does not expose the
    /// property; for letters, digits and marks it follows from the general category, a few digit
    /// ranges and the right-to-left blocks (whose unassigned code points also default to R/AL),
    /// but for the handful of exceptions listed first (checked against Unicode 14 data).
    private static func bidiClass(_ scalar: Unicode.Scalar) -> BidiClass {
        let value = scalar.value
        switch value {
        // Letters and marks whose class the general category does not predict.
        case 0x02B9...0x02BA, 0x02C6...0x02CF, 0x02EC, 0x0374, 0x2E2F, 0xA67F, 0xA717...0xA71F,
             0xA788:
            return .otherNeutral
        case 0x0CBF, 0x0CC6, 0x0F0B, 0x11A07...0x11A08, 0x11C3F:
            return .leftToRight
        default:
            break
        }
        let category = scalar.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark { return .nonspacingMark }
        switch value {
        case 0x0600...0x0605, 0x0660...0x0669, 0x066B...0x066C, 0x06DD, 0x0890...0x0891, 0x08E2,
             0x10D30...0x10D39, 0x10E60...0x10E7E:
            return .arabicNumber
        case 0x0030...0x0039, 0x00B2...0x00B3, 0x00B9, 0x06F0...0x06F9, 0x2070, 0x2074...0x2079,
             0x2080...0x2089, 0x2488...0x249B, 0xFF10...0xFF19, 0x102E1...0x102FB,
             0x1D7CE...0x1D7FF, 0x1F100...0x1F10A, 0x1FBF0...0x1FBF9:
            return .europeanNumber
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF,
             0x1E800...0x1EFFF:
            return .rightToLeft
        case 0x002D:
            return .separator
        default:
            break
        }
        switch category {
        case .format: return .boundaryNeutral
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
             .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol,
             .currencySymbol, .modifierSymbol, .otherSymbol:
            return .otherNeutral
        default:
            return .leftToRight
        }
    }

    private static func labelSatisfiesBidiRule(_ classes: [BidiClass]) -> Bool {
        guard let first = classes.first else { return false }
        let last = classes.last { $0 != .nonspacingMark }
        switch first {
        case .rightToLeft:
            guard !classes.contains(.leftToRight),
                  last == .rightToLeft || last == .europeanNumber || last == .arabicNumber
            else { return false }
            return !(classes.contains(.europeanNumber) && classes.contains(.arabicNumber))
        case .leftToRight:
            guard !classes.contains(.rightToLeft), !classes.contains(.arabicNumber) else {
                return false
            }
            return last == .leftToRight || last == .europeanNumber
        default:
            return false
        }
    }

    // MARK: - Helpers

    private static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    private static func isNFC(_ label: [Unicode.Scalar]) -> Bool {
        if label.allSatisfy(\.isASCII) { return true }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: label)
        return String(view).precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(label)
    }
}
