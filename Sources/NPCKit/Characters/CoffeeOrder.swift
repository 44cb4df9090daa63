import GuidedGeneration

/// A drink order composed from the menu: a drink with its size and temperature, optionally a
/// milk and a syrup, and up to two extras. Generated NPCs draw every part from `Menu`: the
/// derived schema leaves the words open, and `NPC.schema(for:menu:)` guides each to the menu's.
///
/// ```swift
/// let order = CoffeeOrder(size: "large", temperature: "iced", drink: "latte", milk: "oat", syrup: "vanilla", extras: [])
/// print(order)   // a large iced oat latte with vanilla syrup
/// ```
public struct CoffeeOrder: Generable, Equatable, Hashable, CustomStringConvertible {
    public var size: String
    public var temperature: String
    public var drink: String
    public var milk: String?
    public var syrup: String?
    public var extras: [String]

    public static let guides: [String: GenerationGuide] = ["extras": .maximumCount(2).uniqueElements()]

    public init(size: String, temperature: String, drink: String, milk: String? = nil, syrup: String? = nil, extras: [String] = []) {
        self.size = size
        self.temperature = temperature
        self.drink = drink
        self.milk = milk
        self.syrup = syrup
        self.extras = extras
    }

    /// The order in words, e.g. "a large iced oat latte with vanilla syrup and an extra shot".
    public var description: String {
        let head = [size, temperature, milk, drink].compactMap { $0 }.joined(separator: " ")
        let additions = (syrup.map { ["\($0) syrup"] } ?? []) + extras
        var text = CoffeeOrder.withArticle(head)
        if !additions.isEmpty {
            text += " with " + (additions.count == 1 ? additions[0]
                : additions.dropLast().joined(separator: ", ") + " and " + additions[additions.count - 1])
        }
        return text
    }

    /// `words` after "a" or "an", chosen by the first letter (a vowel letter takes "an").
    package static func withArticle(_ words: String) -> String {
        let vowel = words.first.map { "aeiouAEIOU".contains($0) } ?? false
        return (vowel ? "an " : "a ") + words
    }
}
