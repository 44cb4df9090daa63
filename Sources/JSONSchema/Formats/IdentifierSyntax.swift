/// Identifiers and pointers: RFC 4122 UUIDs, RFC 6901 JSON pointers and relative JSON pointers
/// (draft-bhutton-relative-json-pointer-00).
package enum IdentifierSyntax {
    /// `8-4-4-4-12` hexadecimal digits in either case; any version and variant.
    package static func isUUID(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        guard bytes.count == 36 else { return false }
        for (index, byte) in bytes.enumerated() {
            let isHyphenPosition = index == 8 || index == 13 || index == 18 || index == 23
            guard isHyphenPosition ? byte == UInt8(ascii: "-") : IPAddressSyntax.isHexDigit(byte)
            else { return false }
        }
        return true
    }

    /// Empty, or `/`-prefixed reference tokens in which `~` is always followed by `0` or `1`.
    package static func isJSONPointer(_ string: String) -> Bool {
        isJSONPointer(Array(string.utf8)[...])
    }

    /// A non-negative integer without leading zeros, then `#` or a JSON pointer.
    package static func isRelativeJSONPointer(_ string: String) -> Bool {
        let bytes = Array(string.utf8)
        let digits = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty, digits.count == 1 || digits.first != UInt8(ascii: "0") else {
            return false
        }
        let rest = bytes[digits.count...]
        return rest.elementsEqual([UInt8(ascii: "#")]) || isJSONPointer(rest)
    }

    private static func isJSONPointer(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        guard first == UInt8(ascii: "/") else { return false }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "~") {
                guard index + 1 < bytes.endIndex,
                      bytes[index + 1] == UInt8(ascii: "0") || bytes[index + 1] == UInt8(ascii: "1")
                else { return false }
                index += 2
            } else {
                index += 1
            }
        }
        return true
    }
}
