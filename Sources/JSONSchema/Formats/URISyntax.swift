/// URIs and URI references (RFC 3986 section 4) and their internationalized forms, IRIs and
/// IRI references (RFC 3987 section 2.2), which also admit `ucschar` and, in queries, `iprivate`.
package enum URISyntax {
    /// A URI (or IRI) when `allowRelative` is false: it must have a scheme. With
    /// `allowRelative`, also a relative reference such as `/a`, `?q` or `#f`, or the empty string.
    package static func isValid(_ string: String, international: Bool, allowRelative: Bool) -> Bool {
        let scalars = Array(string.unicodeScalars)[...]
        let checker = Checker(international: international)

        var rest = scalars
        if let hash = rest.firstIndex(of: "#") {
            guard checker.isQueryOrFragment(rest[(hash + 1)...], isQuery: false) else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            guard checker.isQueryOrFragment(rest[(question + 1)...], isQuery: true) else { return false }
            rest = rest[..<question]
        }

        let firstSegmentEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        if let colon = rest[..<firstSegmentEnd].firstIndex(of: ":"), isScheme(rest[..<colon]) {
            return checker.isHierarchicalPart(rest[(colon + 1)...])
        }
        // A relative reference; its first segment may not hold a colon (`path-noscheme`).
        guard allowRelative, !rest[..<firstSegmentEnd].contains(":") else { return false }
        return checker.isHierarchicalPart(rest)
    }

    private static func isScheme(_ scheme: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = scheme.first, isAlpha(first) else { return false }
        return scheme.allSatisfy { isAlpha($0) || isDigit($0) || $0 == "+" || $0 == "-" || $0 == "." }
    }

    private struct Checker {
        let international: Bool

        /// `"//" authority path-abempty`, or a path that does not start with `//`.
        func isHierarchicalPart(_ part: ArraySlice<Unicode.Scalar>) -> Bool {
            guard part.starts(with: ["/", "/"]) else { return isPath(part) }
            let afterSlashes = part.dropFirst(2)
            let authorityEnd = afterSlashes.firstIndex(of: "/") ?? afterSlashes.endIndex
            return isAuthority(afterSlashes[..<authorityEnd]) && isPath(afterSlashes[authorityEnd...])
        }

        func isQueryOrFragment(_ part: ArraySlice<Unicode.Scalar>, isQuery: Bool) -> Bool {
            allValid(part) { scalar in
                isPathCharacter(scalar) || scalar == "/" || scalar == "?"
                    || (isQuery && international && isPrivateUse(scalar))
            }
        }

        private func isPath(_ path: ArraySlice<Unicode.Scalar>) -> Bool {
            allValid(path) { isPathCharacter($0) || $0 == "/" }
        }

        /// `[ userinfo "@" ] host [ ":" port ]`.
        private func isAuthority(_ authority: ArraySlice<Unicode.Scalar>) -> Bool {
            var hostPort = authority
            if let at = authority.firstIndex(of: "@") {
                guard allValid(authority[..<at], { isUnreservedOrSubDelimiter($0) || $0 == ":" }) else {
                    return false
                }
                hostPort = authority[(at + 1)...]
            }
            let port: ArraySlice<Unicode.Scalar>
            if hostPort.first == "[" {
                guard let close = hostPort.firstIndex(of: "]"),
                      isIPLiteral(hostPort[(hostPort.startIndex + 1)..<close])
                else { return false }
                port = hostPort[(close + 1)...]
            } else {
                let colon = hostPort.firstIndex(of: ":") ?? hostPort.endIndex
                guard allValid(hostPort[..<colon], isUnreservedOrSubDelimiter) else { return false }
                port = hostPort[colon...]
            }
            return port.isEmpty || (port.first == ":" && port.dropFirst().allSatisfy(isDigit))
        }

        /// An IPv6 address or `IPvFuture` (`v` 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )).
        private func isIPLiteral(_ literal: ArraySlice<Unicode.Scalar>) -> Bool {
            guard literal.allSatisfy(\.isASCII) else { return false }
            let bytes = literal.map { UInt8($0.value) }[...]
            guard bytes.first == UInt8(ascii: "v") || bytes.first == UInt8(ascii: "V") else {
                return IPAddressSyntax.isIPv6(bytes)
            }
            guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")), dot > 1, dot + 1 < bytes.endIndex,
                  bytes[1..<dot].allSatisfy(IPAddressSyntax.isHexDigit)
            else { return false }
            return literal[(literal.startIndex + dot + 1)...].allSatisfy { scalar in
                isUnreserved(scalar, international: false) || isSubDelimiter(scalar) || scalar == ":"
            }
        }

        /// Whether every scalar passes `isAllowed`, or starts a well-formed `%XX` escape.
        private func allValid(
            _ part: ArraySlice<Unicode.Scalar>, _ isAllowed: (Unicode.Scalar) -> Bool
        ) -> Bool {
            var index = part.startIndex
            while index < part.endIndex {
                if part[index] == "%" {
                    guard index + 2 < part.endIndex, isHex(part[index + 1]), isHex(part[index + 2])
                    else { return false }
                    index += 3
                } else {
                    guard isAllowed(part[index]) else { return false }
                    index += 1
                }
            }
            return true
        }

        /// `pchar` (or `ipchar`) less `pct-encoded`, which ``allValid(_:_:)`` handles.
        private func isPathCharacter(_ scalar: Unicode.Scalar) -> Bool {
            isUnreservedOrSubDelimiter(scalar) || scalar == ":" || scalar == "@"
        }

        private func isUnreservedOrSubDelimiter(_ scalar: Unicode.Scalar) -> Bool {
            isUnreserved(scalar, international: international) || isSubDelimiter(scalar)
        }
    }

    private static func isUnreserved(_ scalar: Unicode.Scalar, international: Bool) -> Bool {
        if isAlpha(scalar) || isDigit(scalar) { return true }
        switch scalar {
        case "-", ".", "_", "~": return true
        default: return international && isUCSCharacter(scalar)
        }
    }

    private static func isSubDelimiter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=": true
        default: false
        }
    }

    /// RFC 3987 `ucschar`: non-ASCII characters other than controls, surrogates, private use,
    /// the specials block and each plane's last two noncharacters.
    private static func isUCSCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xA0...0xD7FF, 0xF900...0xFDCF, 0xFDF0...0xFFEF: return true
        case 0x10000...0xDFFFD: return scalar.value & 0xFFFF <= 0xFFFD
        case 0xE1000...0xEFFFD: return true
        default: return false
        }
    }

    private static func isPrivateUse(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0xE000...0xF8FF, 0xF0000...0xFFFFD, 0x100000...0x10FFFD: true
        default: false
        }
    }

    private static func isAlpha(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    private static func isHex(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar) || ("a"..."f").contains(scalar) || ("A"..."F").contains(scalar)
    }
}
