import Foundation
import GuidedGeneration
import JSONSchema

/// Fields of a generated instance in words: `flaky: true` is "flaky", `shots: 2` is "shots 2",
/// `description: "…"` is the text itself, a list is its items joined ("toppings: cream, cocoa and
/// salt"), a list of structures is counted ("3 answers").
package enum CreationProse {
    /// Fields whose value is said as it is, without the field's name.
    package static let plainKeys: Set<String> = ["description", "desc", "about", "text", "flavor", "flavour", "look", "summary"]

    package static func details(of content: GeneratedContent, skipping: [String]) -> String {
        content.orderedKeys.filter { !skipping.contains($0) }.compactMap { key -> String? in
            guard let value = content[key] else { return nil }
            let label = words(key).joined(separator: " ")
            if let text = value.stringValue { return plainKeys.contains(key.lowercased()) ? text : "\(label) \(text)" }
            if let flag = value.boolValue { return flag ? label : "not \(label)" }
            // Written as JSON writes numbers: every digit, never an exponent (`0.00001`).
            if value.numberValue != nil { return "\(label) \(value.jsonString)" }
            if let elements = value.elements {
                let texts = elements.compactMap(\.stringValue)
                if texts.count == elements.count, !texts.isEmpty { return "\(label): " + list(texts) }
                return "\(elements.count) \(label)"
            }
            return nil
        }.joined(separator: ", ")
    }

    /// The words of a camel-case or snake-case name, lower case: "isCorrect" → ["is", "correct"].
    package static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        for character in name {
            if character == "_" || character == "-" || character == " " {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else if character.isUppercase, !current.isEmpty, current.last?.isUppercase == false {
                words.append(current)
                current = String(character)
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    /// "a, b and c" (or "a, b or c").
    package static func list(_ items: [String], joinedBy conjunction: String = "and") -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " \(conjunction) " + items[items.count - 1]
    }

    /// `name` after "a" or "an" — unless it already starts with an article or a capital (a
    /// proper name).
    package static func withArticle(_ name: String) -> String {
        let lower = name.lowercased()
        if lower.hasPrefix("a ") || lower.hasPrefix("an ") || lower.hasPrefix("the ") || name.first?.isUppercase == true { return name }
        return CoffeeOrder.withArticle(name)
    }
}
