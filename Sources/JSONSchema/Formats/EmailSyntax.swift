/// Mailbox addresses (`local-part@domain`) per RFC 5321 section 4.1.2, with RFC 5322's
/// whitespace inside quoted local parts; `idn-email` adds the UTF-8 extensions of RFC 6531.
package enum EmailSyntax {
    /// A dot-atom or quoted local part of at most 64 characters, `@`, then a host name (an
    /// internationalized one when `international`) or an `[IPv4]` / `[IPv6:…]` address literal.
    package static func isMailbox(_ string: String, international: Bool) -> Bool {
        let scalars = Array(string.unicodeScalars)
        guard let at = localPartEnd(scalars, international: international),
              at <= 64, at < scalars.count, scalars[at] == "@"
        else { return false }
        let domain = scalars[(at + 1)...]
        if domain.first == "[" {
            return domain.last == "]" && isAddressLiteral(domain.dropFirst().dropLast())
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: domain)
        let host = String(view)
        return international
            ? HostnameSyntax.isInternationalHostname(host)
            : HostnameSyntax.isHostname(host)
    }

    /// The index just past a well-formed local part at the start of `scalars`, or nil.
    private static func localPartEnd(_ scalars: [Unicode.Scalar], international: Bool) -> Int? {
        if scalars.first == "\"" {
            var index = 1
            while index < scalars.count {
                let scalar = scalars[index]
                switch scalar {
                case "\"":
                    return index + 1
                case "\\":
                    guard index + 1 < scalars.count else { return nil }
                    let escaped = scalars[index + 1]
                    guard (0x20...0x7E).contains(escaped.value) || (international && !escaped.isASCII)
                    else { return nil }
                    index += 2
                default:
                    guard isQuotedText(scalar, international: international) else { return nil }
                    index += 1
                }
            }
            return nil
        }
        var index = 0
        var atomLength = 0
        while index < scalars.count, scalars[index] != "@" {
            if scalars[index] == "." {
                guard atomLength > 0 else { return nil }
                atomLength = 0
            } else {
                guard isAtomText(scalars[index], international: international) else { return nil }
                atomLength += 1
            }
            index += 1
        }
        return atomLength > 0 ? index : nil
    }

    private static func isAtomText(_ scalar: Unicode.Scalar, international: Bool) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "!", "#", "$", "%", "&", "'", "*", "+", "-", "/",
             "=", "?", "^", "_", "`", "{", "|", "}", "~":
            true
        default:
            international && !scalar.isASCII
        }
    }

    /// `qtextSMTP` plus the space and tab that RFC 5322 allows as folding whitespace.
    private static func isQuotedText(_ scalar: Unicode.Scalar, international: Bool) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0x21, 0x23...0x5B, 0x5D...0x7E: true
        default: international && !scalar.isASCII
        }
    }

    private static func isAddressLiteral(_ literal: ArraySlice<Unicode.Scalar>) -> Bool {
        guard literal.allSatisfy(\.isASCII) else { return false }
        let bytes = literal.map { UInt8($0.value) }
        let tag = Array("ipv6:".utf8)
        if bytes.count > tag.count,
           zip(bytes, tag).allSatisfy({ ($0 | 0x20) == $1 }) {
            return IPAddressSyntax.isIPv6(bytes[tag.count...])
        }
        return IPAddressSyntax.isIPv4(bytes[...])
    }
}
