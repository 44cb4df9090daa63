import Foundation

/// Reads the content lines shared by vCard (RFC 6350, 2426) and iCalendar (RFC 5545): lines end
/// in CRLF or LF, a line starting with a space or a tab continues the previous one (folding),
/// and each logical line is `[group.]NAME;PARAM=value:value`, parameter values optionally in
/// double quotes (which may hold `:`, `;` and `,`). Blank lines are skipped.
package enum ContentLineReader {
    package static func lines(in data: Data, file: String?) throws -> [ContentLine] {
        var bytes = Array(data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        // Unfolded on bytes, before decoding, because some writers fold inside a multi-byte
        // character.
        var logical: [(line: Int, bytes: [UInt8])] = []
        var lineNumber = 0
        for var physical in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            if physical.last == 0x0D { physical = physical.dropLast() }
            if physical.first == 0x20 || physical.first == 0x09 {
                guard !logical.isEmpty else {
                    throw ImportError.malformed(file: file, line: lineNumber, problem: "a continuation line with no line before it",
                                                hint: "only a continued line may start with a space or a tab")
                }
                logical[logical.count - 1].bytes += physical.dropFirst()
            } else if !physical.isEmpty {
                logical.append((lineNumber, Array(physical)))
            }
        }
        return try logical.map { entry in
            guard let text = String(validating: entry.bytes, as: UTF8.self) else {
                throw ImportError.invalidUTF8(file: file, line: entry.line)
            }
            return try parse(text, line: entry.line, file: file)
        }
    }

    private static func parse(_ text: String, line: Int, file: String?) throws -> ContentLine {
        func malformed(_ problem: String, _ hint: String) -> ImportError {
            .malformed(file: file, line: line, problem: problem, hint: hint)
        }
        let noColon = malformed("no ':' between the property name and its value", "a line reads NAME:value; a continued line starts with a space")
        guard text.contains(":") else { throw noColon }
        var rest = Substring(text)
        let fullName = rest.prefix { $0 != ";" && $0 != ":" }
        rest = rest.dropFirst(fullName.count)
        let nameParts = fullName.split(separator: ".", omittingEmptySubsequences: false)
        guard nameParts.count <= 2, nameParts.allSatisfy(isName) else {
            throw malformed("\"\(fullName.prefix(40))\" is not a property name",
                            "a line reads NAME:value, NAME made of letters, digits and '-'; a continued line starts with a space")
        }
        var parameters: [String: [String]] = [:]
        while rest.first == ";" {
            rest = rest.dropFirst()
            let parameterName = rest.prefix { $0 != "=" && $0 != ";" && $0 != ":" }
            guard isName(parameterName) else {
                throw malformed("\"\(parameterName.prefix(40))\" is not a parameter name", "parameters read ;NAME=value")
            }
            rest = rest.dropFirst(parameterName.count)
            var values: [String] = []
            if rest.first == "=" {
                repeat {
                    rest = rest.dropFirst()
                    if rest.first == "\"" {
                        let quoted = rest.dropFirst().prefix { $0 != "\"" }
                        rest = rest.dropFirst(quoted.count + 1)
                        guard rest.first == "\"" else {
                            throw malformed("a parameter value's quote is never closed", "close it with \"")
                        }
                        rest = rest.dropFirst()
                        values.append(String(quoted))
                    } else {
                        let plain = rest.prefix { $0 != "," && $0 != ";" && $0 != ":" }
                        rest = rest.dropFirst(plain.count)
                        values.append(String(plain))
                    }
                } while rest.first == ","
            }
            parameters[parameterName.uppercased(), default: []] += values
        }
        guard rest.first == ":" else { throw noColon }
        return ContentLine(line: line, group: nameParts.count == 2 ? String(nameParts[0]) : nil, name: nameParts.last?.uppercased() ?? "",
                           parameters: parameters, value: String(rest.dropFirst()))
    }

    private static func isName(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
