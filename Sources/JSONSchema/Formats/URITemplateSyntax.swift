/// RFC 6570 URI templates (level 4): literals with `{…}` expressions in between.
package enum URITemplateSyntax {
    package static func isValid(_ string: String) -> Bool {
        let scalars = Array(string.unicodeScalars)
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "{":
                guard let close = scalars[index...].firstIndex(of: "}"),
                      isExpression(scalars[(index + 1)..<close])
                else { return false }
                index = close + 1
            case "%":
                guard isPercentEncoded(scalars, at: index) else { return false }
                index += 3
            default:
                guard isLiteral(scalars[index]) else { return false }
                index += 1
            }
        }
        return true
    }

    /// `[ operator ] varspec *( "," varspec )`, the text between the braces.
    private static func isExpression(_ body: ArraySlice<Unicode.Scalar>) -> Bool {
        var list = body
        if let first = list.first, "+#./;?&=,!@|".unicodeScalars.contains(first) {
            list = list.dropFirst()
        }
        return list.split(separator: ",", omittingEmptySubsequences: false).allSatisfy(isVariableSpec)
    }

    /// `varname [ ":" max-length / "*" ]`, where `max-length` is 1 to 9999 without leading zero.
    private static func isVariableSpec(_ spec: ArraySlice<Unicode.Scalar>) -> Bool {
        var name = spec
        if spec.last == "*" {
            name = spec.dropLast()
        } else if let colon = spec.firstIndex(of: ":") {
            let length = spec[(colon + 1)...]
            guard (1...4).contains(length.count), length.first != "0",
                  length.allSatisfy({ ("0"..."9").contains($0) })
            else { return false }
            name = spec[..<colon]
        }
        return isVariableName(name)
    }

    /// `varchar *( ["."] varchar )` with `varchar = ALPHA / DIGIT / "_" / pct-encoded`.
    private static func isVariableName(_ name: ArraySlice<Unicode.Scalar>) -> Bool {
        let scalars = Array(name)
        var index = 0
        var previousWasDot = true
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "." {
                guard !previousWasDot else { return false }
                previousWasDot = true
                index += 1
                continue
            }
            if scalar == "%" {
                guard isPercentEncoded(scalars, at: index) else { return false }
                index += 3
            } else {
                guard ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                        || ("0"..."9").contains(scalar) || scalar == "_"
                else { return false }
                index += 1
            }
            previousWasDot = false
        }
        return !previousWasDot
    }

    /// Literal characters: printable ASCII other than `"` `%` `<` `>` `\` `^` `` ` `` `{` `|`
    /// `}` (the apostrophe is allowed, as RFC 6570 erratum 6937 and the test suite have it),
    /// plus `ucschar` and `iprivate`.
    private static func isLiteral(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x21, 0x23, 0x24, 0x26...0x3B, 0x3D, 0x3F...0x5B, 0x5D, 0x5F, 0x61...0x7A, 0x7E:
            return true
        case 0xA0...0xD7FF, 0xE000...0xFDCF, 0xFDF0...0xFFEF:
            return true
        case 0xE0000...0xE0FFF:
            return false
        case 0x10000...0x10FFFD:
            return scalar.value & 0xFFFF <= 0xFFFD
        default:
            return false
        }
    }

    private static func isPercentEncoded(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 2 < scalars.count else { return false }
        return scalars[(index + 1)...(index + 2)].allSatisfy {
            ("0"..."9").contains($0) || ("a"..."f").contains($0) || ("A"..."F").contains($0)
        }
    }
}
