/// Python's string operations, working on Unicode scalars (Python's code points) rather than
/// Swift's grapheme clusters, so lengths, slices and searches agree with Jinja.
enum PythonString {
    static func scalars(_ string: String) -> [Unicode.Scalar] { Array(string.unicodeScalars) }

    static func text<S: Sequence<Unicode.Scalar>>(_ scalars: S) -> String {
        var result = ""
        result.unicodeScalars.append(contentsOf: scalars)
        return result
    }

    /// Non-overlapping occurrences of `needle`, left to right; an empty needle matches between
    /// every pair of scalars, as in Python.
    static func occurrences(of needle: [Unicode.Scalar], in haystack: [Unicode.Scalar]) -> [Range<Int>] {
        guard !needle.isEmpty else { return (0...haystack.count).map { $0..<$0 } }
        var found: [Range<Int>] = []
        var start = 0
        while start + needle.count <= haystack.count {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) {
                found.append(start..<(start + needle.count))
                start += needle.count
            } else {
                start += 1
            }
        }
        return found
    }

    static func contains(_ haystack: String, _ needle: String) -> Bool {
        !occurrences(of: scalars(needle), in: scalars(haystack)).isEmpty
    }

    static func hasPrefix(_ string: String, _ prefix: String) -> Bool {
        string.unicodeScalars.starts(with: prefix.unicodeScalars)
    }

    static func hasSuffix(_ string: String, _ suffix: String) -> Bool {
        string.unicodeScalars.reversed().starts(with: suffix.unicodeScalars.reversed())
    }

    /// `str.strip`, `lstrip` and `rstrip`: whitespace, or any of `characters` when given.
    static func strip(_ string: String, characters: String?, leading: Bool = true, trailing: Bool = true) -> String {
        let set = characters.map { Set($0.unicodeScalars) }
        let strips = { (scalar: Unicode.Scalar) in set?.contains(scalar) ?? scalar.properties.isWhitespace }
        var view = scalars(string)[...]
        if leading { view = view.drop(while: strips) }
        if trailing {
            while let last = view.last, strips(last) { view.removeLast() }
        }
        return text(view)
    }

    /// `str.split(separator, maxsplit)`: without a separator, runs of whitespace split and
    /// leading and trailing whitespace is ignored.
    static func split(_ string: String, separator: String?, maximum: Int) -> [String] {
        let source = scalars(string)
        guard let separator else {
            var parts: [String] = []
            var index = 0
            while index < source.count {
                while index < source.count, source[index].properties.isWhitespace { index += 1 }
                guard index < source.count else { break }
                if maximum >= 0, parts.count == maximum {
                    parts.append(strip(Self.text(source[index...]), characters: nil, leading: false))
                    break
                }
                let start = index
                while index < source.count, !source[index].properties.isWhitespace { index += 1 }
                parts.append(Self.text(source[start..<index]))
            }
            return parts
        }
        var found = occurrences(of: scalars(separator), in: source)
        if maximum >= 0 { found = Array(found.prefix(maximum)) }
        var parts: [String] = []
        var start = 0
        for range in found {
            parts.append(Self.text(source[start..<range.lowerBound]))
            start = range.upperBound
        }
        parts.append(Self.text(source[start...]))
        return parts
    }

    /// `str.replace(old, new, count)`.
    static func replace(_ string: String, _ old: String, with new: String, count: Int?) -> String {
        let source = scalars(string)
        var found = occurrences(of: scalars(old), in: source)
        if let count, count >= 0 { found = Array(found.prefix(count)) }
        var result = ""
        var start = 0
        for range in found {
            result += Self.text(source[start..<range.lowerBound]) + new
            start = range.upperBound
        }
        return result + Self.text(source[start...])
    }

    /// First character upper case, the rest lower case (`str.capitalize`).
    static func capitalize(_ string: String) -> String {
        guard let first = string.unicodeScalars.first else { return string }
        return String(first).uppercased() + text(string.unicodeScalars.dropFirst()).lowercased()
    }

    /// Upper case after a word boundary, lower case elsewhere. Python's `str.title` starts a
    /// word after any scalar that is not a cased letter; Jinja's `title` filter only after
    /// whitespace and `-([{<`.
    static func title(_ string: String, pythonStyle: Bool) -> String {
        var result = ""
        var atBoundary = true
        for scalar in string.unicodeScalars {
            result += atBoundary ? String(scalar).uppercased() : String(scalar).lowercased()
            atBoundary = pythonStyle ? !(scalar.properties.isCased) : scalar.properties.isWhitespace || "-([{<".unicodeScalars.contains(scalar)
        }
        return result
    }
}
