/// The coffee shop's menu (`content/game/menu.json`): drinks, sizes, milks, syrups, extras and
/// temperatures, each with a price in the menu's currency. Every name is also an alternative of
/// the procedural grammar symbol that composes spoken orders (`baseDrink`, `size`, `milk`,
/// `syrup`, `extra`, `temperature`), which `ContentLibrary` checks on load. `food` (optional in
/// the file) is sold beside the drinks and never ordered by customers.
///
/// ```swift
/// let menu = try ContentLibrary.builtIn().menu
/// print(menu.drinks.map(\.name))          // ["latte", "mocha", …]
/// print(menu.price(of: npc.order))        // 7
/// ```
public struct Menu: Sendable, Equatable, Codable {
    /// One item of a menu section, its price and, optionally, what it is (what the barista
    /// says when asked "what's a cortado?") and another name people know it by ("hot chocolate"
    /// for the cocoa), so "how much is a hot chocolate?" is priced.
    public struct Item: Sendable, Equatable, Codable {
        public var name: String
        public var price: Int
        public var about: String?
        public var alsoCalled: String?

        public init(name: String, price: Int, about: String? = nil, alsoCalled: String? = nil) {
            self.name = name
            self.price = price
            self.about = about
            self.alsoCalled = alsoCalled
        }
    }

    public var currency: String
    public var drinks: [Item]
    public var sizes: [Item]
    public var milks: [Item]
    public var syrups: [Item]
    public var extras: [Item]
    public var temperatures: [Item]
    public var food: [Item]

    /// The sections with the grammar symbol each one mirrors, in menu order.
    package var sections: [(key: String, symbol: String, items: [Item])] {
        [("drinks", "baseDrink", drinks), ("sizes", "size", sizes), ("milks", "milk", milks),
         ("syrups", "syrup", syrups), ("extras", "extra", extras), ("temperatures", "temperature", temperatures)]
    }

    /// The menu with only the items `keep` accepts (given each item's section key).
    public func keeping(_ keep: (String, Item) -> Bool) -> Menu {
        var menu = self
        menu.drinks = drinks.filter { keep("drinks", $0) }
        menu.sizes = sizes.filter { keep("sizes", $0) }
        menu.milks = milks.filter { keep("milks", $0) }
        menu.syrups = syrups.filter { keep("syrups", $0) }
        menu.extras = extras.filter { keep("extras", $0) }
        menu.temperatures = temperatures.filter { keep("temperatures", $0) }
        menu.food = food.filter { keep("food", $0) }
        return menu
    }

    private enum CodingKeys: String, CodingKey { case currency, drinks, sizes, milks, syrups, extras, temperatures, food }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        currency = try container.decode(String.self, forKey: .currency)
        drinks = try container.decode([Item].self, forKey: .drinks)
        sizes = try container.decode([Item].self, forKey: .sizes)
        milks = try container.decode([Item].self, forKey: .milks)
        syrups = try container.decode([Item].self, forKey: .syrups)
        extras = try container.decode([Item].self, forKey: .extras)
        temperatures = try container.decode([Item].self, forKey: .temperatures)
        food = try container.decodeIfPresent([Item].self, forKey: .food) ?? []
    }

    /// What `order` costs: the drink plus every choice made with it (unknown names cost 0).
    public func price(of order: CoffeeOrder) -> Int {
        func cost(_ name: String?, in items: [Item]) -> Int {
            name.flatMap { name in items.first { $0.name == name }?.price } ?? 0
        }
        return cost(order.drink, in: drinks) + cost(order.size, in: sizes) + cost(order.milk, in: milks)
            + cost(order.syrup, in: syrups) + cost(order.temperature, in: temperatures)
            + order.extras.reduce(0) { $0 + cost($1, in: extras) }
    }
}
