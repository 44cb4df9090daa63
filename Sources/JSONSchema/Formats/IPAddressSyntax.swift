/// IPv4 dotted-quad addresses (RFC 2673 `dotted-quad`, no leading zeros) and RFC 4291 IPv6
/// text addresses, with `::` compression and a trailing embedded IPv4 address.
package enum IPAddressSyntax {
    package static func isIPv4(_ string: String) -> Bool {
        isIPv4(Array(string.utf8)[...])
    }

    package static func isIPv6(_ string: String) -> Bool {
        isIPv6(Array(string.utf8)[...])
    }

    package static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy(isDecimalOctet)
    }

    package static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        let colon = UInt8(ascii: ":")
        var halves: [ArraySlice<UInt8>] = []
        var start = bytes.startIndex
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == colon, index + 1 < bytes.endIndex, bytes[index + 1] == colon {
                halves.append(bytes[start..<index])
                index += 2
                start = index
            } else {
                index += 1
            }
        }
        halves.append(bytes[start..<bytes.endIndex])
        guard halves.count <= 2 else { return false }
        let compressed = halves.count == 2

        var groups = 0
        for (halfIndex, half) in halves.enumerated() where !half.isEmpty {
            let pieces = half.split(separator: colon, omittingEmptySubsequences: false)
            let isLastHalf = halfIndex == halves.count - 1
            for (pieceIndex, piece) in pieces.enumerated() {
                if isLastHalf, pieceIndex == pieces.count - 1, piece.contains(UInt8(ascii: ".")) {
                    guard isIPv4(piece) else { return false }
                    groups += 2
                } else {
                    guard (1...4).contains(piece.count), piece.allSatisfy(isHexDigit) else {
                        return false
                    }
                    groups += 1
                }
            }
        }
        return compressed ? groups <= 7 : groups == 8
    }

    private static func isDecimalOctet(_ part: ArraySlice<UInt8>) -> Bool {
        guard (1...3).contains(part.count),
              part.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
              part.count == 1 || part.first != UInt8(ascii: "0")
        else { return false }
        return part.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } <= 255
    }

    package static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "a")...UInt8(ascii: "f"),
             UInt8(ascii: "A")...UInt8(ascii: "F"): true
        default: false
        }
    }
}
