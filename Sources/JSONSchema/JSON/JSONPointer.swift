/// RFC 6901 JSON Pointers: building them for error reports and following them into documents.
package enum JSONPointer {
    /// Escapes one reference token (`~` → `~0`, `/` → `~1`).
    package static func escape(_ token: String) -> String {
        // A byte scan: `String.contains(String)` goes through Foundation and is slow on this hot path.
        guard token.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else { return token }
        return token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// Appends a token to a pointer.
    package static func append(_ pointer: String, _ token: String) -> String {
        pointer + "/" + escape(token)
    }

    /// Appends an array index to a pointer.
    package static func append(_ pointer: String, _ index: Int) -> String {
        pointer + "/" + String(index)
    }

    /// Splits a pointer into its unescaped tokens; nil when it is not a valid pointer.
    package static func tokens(_ pointer: String) -> [String]? {
        if pointer.isEmpty { return [] }
        guard pointer.hasPrefix("/") else { return nil }
        var result: [String] = []
        for raw in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            var token = ""
            var iterator = raw.makeIterator()
            while let c = iterator.next() {
                if c == "~" {
                    switch iterator.next() {
                    case "0": token.append("~")
                    case "1": token.append("/")
                    default: return nil
                    }
                } else {
                    token.append(c)
                }
            }
            result.append(token)
        }
        return result
    }

    /// The value a pointer designates in a document, if any.
    package static func resolve(_ pointer: String, in document: GeneratedContent) -> GeneratedContent? {
        guard let tokens = tokens(pointer) else { return nil }
        var current = document
        for token in tokens {
            switch current.storage {
            case .object:
                guard let next = current[token] else { return nil }
                current = next
            case .array(let items):
                guard let index = Int(token), index >= 0, index < items.count,
                      token == String(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Decodes the percent-escapes a pointer may carry inside a URI fragment.
    package static func percentDecoded(_ fragment: String) -> String {
        guard fragment.contains("%") else { return fragment }
        var bytes: [UInt8] = []
        var utf8 = Array(fragment.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
