import NPCKit

/// Reads the drink a player names — "large iced oat latte with vanilla syrup and an extra shot"
/// — into a `CoffeeOrder` from the shop's menu. Names are matched longest first (so "extra hot"
/// is a temperature and "extra shot" an extra); "a", "an", "with", "and", "milk", "syrup" and
/// commas are skipped; a part not named is the menu's first size and temperature, and no milk,
/// syrup or extras. A word the menu does not have is an error that names it.
///
/// ```swift
/// let order = try OrderReading(menu: menu).read("large iced oat latte with vanilla")
/// print(order)   // a large iced oat latte with vanilla syrup
/// ```
package struct OrderReading: Sendable {
    /// Why the words are not a drink.
    package enum Problem: Error, Equatable, CustomStringConvertible {
        case unknownWords(String)
        case noDrink
        case twoDrinks(String, String)

        package var description: String {
            switch self {
            case .unknownWords(let words): "the menu has nothing called '\(words)'"
            case .noDrink: "name a drink from the menu (or say 'make order' to make what they asked for)"
            case .twoDrinks(let first, let second): "one drink at a time: '\(first)' or '\(second)'?"
            }
        }
    }

    private enum Part { case size, temperature, drink, milk, syrup, extra }

    private let menu: Menu
    /// Every name as words, with its part, longest first.
    private let names: [(words: [Substring], name: String, part: Part)]

    package init(menu: Menu) {
        self.menu = menu
        var names: [(words: [Substring], name: String, part: Part)] = []
        for (items, part) in [(menu.sizes, Part.size), (menu.temperatures, .temperature), (menu.drinks, .drink),
                              (menu.milks, .milk), (menu.syrups, .syrup), (menu.extras, .extra)] {
            for item in items {
                let words = Self.words(item.name)
                names.append((words, item.name, part))
                if let first = words.first, ["a", "an"].contains(first), words.count > 1 {
                    names.append((Array(words.dropFirst()), item.name, part))
                }
            }
        }
        self.names = names.sorted { $0.words.count > $1.words.count }
    }

    package func read(_ text: String) throws(Problem) -> CoffeeOrder {
        let words = Self.words(text)
        var size: String?, temperature: String?, drink: String?, milk: String?, syrup: String?
        var extras: [String] = []
        var unknown: [Substring] = []
        var index = 0
        while index < words.count {
            if let match = names.first(where: { index + $0.words.count <= words.count && Array(words[index..<index + $0.words.count]) == $0.words }) {
                switch match.part {
                case .size: size = match.name
                case .temperature: temperature = match.name
                case .milk: milk = match.name
                case .syrup: syrup = match.name
                case .extra: if !extras.contains(match.name) { extras.append(match.name) }
                case .drink:
                    if let drink, drink != match.name { throw .twoDrinks(drink, match.name) }
                    drink = match.name
                }
                index += match.words.count
            } else {
                if !Self.filler.contains(words[index]) { unknown.append(words[index]) }
                index += 1
            }
        }
        guard unknown.isEmpty else { throw .unknownWords(unknown.joined(separator: " ")) }
        guard let drink else { throw .noDrink }
        return CoffeeOrder(size: size ?? menu.sizes.first?.name ?? "", temperature: temperature ?? menu.temperatures.first?.name ?? "",
                           drink: drink, milk: milk, syrup: syrup, extras: extras)
    }

    private static let filler: Set<Substring> = ["a", "an", "with", "and", "milk", "syrup", "please", "one", "some", "of"]

    private static func words(_ text: String) -> [Substring] {
        Substring(text.lowercased()).split { $0 == " " || $0 == "," || $0 == "." || $0 == "!" }
    }
}
