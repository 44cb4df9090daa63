import Foundation

/// Host names: RFC 1123 LDH names for `hostname`, internationalized names (RFC 5890, IDNA2008)
/// for `idn-hostname`. Both check `xn--` labels as real A-labels and apply the Bidi rule.
package enum HostnameSyntax {
    /// Labels of letters, digits and inner hyphens, at most 63 octets each and 253 in all, with
    /// no trailing dot. A label with hyphens in its third and fourth places is reserved for IDNA
    /// and must be a valid A-label.
    package static func isHostname(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard !bytes.isEmpty, bytes.count <= 253 else { return false }
        var labels: [[Unicode.Scalar]] = []
        for label in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard let scalars = ldhLabel(label) else { return false }
            labels.append(scalars)
        }
        return IDNA.satisfiesBidiRule(labels)
    }

    /// Like ``isHostname(_:)``, but labels may also be U-labels, and `。`, `．` and `｡` separate
    /// labels as `.` does (RFC 3490 section 3.1). Before the checks a non-ASCII label is mapped
    /// as lookup applications do (compatibility-decomposed, lowercased, recomposed, in the spirit
    /// of RFC 5895), so `Bücher` passes as `bücher`.
    package static func isInternationalHostname(_ string: String) -> Bool {
        let separators: Set<Unicode.Scalar> = [".", "\u{3002}", "\u{FF0E}", "\u{FF61}"]
        let parts = Array(string.unicodeScalars)
            .split(omittingEmptySubsequences: false, whereSeparator: separators.contains)
        var labels: [[Unicode.Scalar]] = []
        var length = parts.count - 1
        for part in parts {
            let mapped = part.allSatisfy(\.isASCII) ? Array(part) : mapForLookup(part)
            if mapped.allSatisfy(\.isASCII) {
                guard let scalars = ldhLabel(mapped.map { UInt8($0.value) }[...]) else { return false }
                labels.append(scalars)
                length += mapped.count
            } else {
                guard IDNA.isULabel(mapped) else { return false }
                labels.append(mapped)
                length += IDNA.aLabel(of: mapped).count
            }
        }
        return length <= 253 && IDNA.satisfiesBidiRule(labels)
    }

    /// The label's scalars (decoded when it is an A-label) if it is a valid LDH label.
    private static func ldhLabel(_ label: ArraySlice<UInt8>) -> [Unicode.Scalar]? {
        guard (1...63).contains(label.count),
              label.first != UInt8(ascii: "-"), label.last != UInt8(ascii: "-"),
              label.allSatisfy(isLetterDigitHyphen)
        else { return nil }
        let s = label.startIndex
        if label.count >= 4, label[s + 2] == UInt8(ascii: "-"), label[s + 3] == UInt8(ascii: "-") {
            return IDNA.uLabel(fromALabel: label)
        }
        return label.map { Unicode.Scalar($0) }
    }

    private static func mapForLookup(_ label: ArraySlice<Unicode.Scalar>) -> [Unicode.Scalar] {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: label)
        let mapped = String(view).precomposedStringWithCompatibilityMapping.lowercased()
        return Array(mapped.precomposedStringWithCanonicalMapping.unicodeScalars)
    }

    private static func isLetterDigitHyphen(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"): true
        default: false
        }
    }
}
