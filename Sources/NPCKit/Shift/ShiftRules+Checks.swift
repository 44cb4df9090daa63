/// The checks on `shift.json` that decoding alone cannot make: times in order, days that can
/// be played, known remedy verbs, traits that are attributes, and upgrades that name the menu.
extension ShiftRules {
    package func problems(menu: Menu, attributes: [String]) -> [(keyPath: String, problem: String)] {
        var found: [(String, String)] = []
        if length < 30 { found.append(("shift.closing", "closing is at least 30 minutes after opening")) }
        if days.isEmpty { found.append(("shift.days", "list at least one day")) }
        for (index, day) in days.enumerated() {
            if day.customers < 1 { found.append(("shift.days[\(index)].customers", "a day has at least 1 customer")) }
            if day.patience < 1 { found.append(("shift.days[\(index)].patience", "patience is at least 1 minute")) }
            if let regulars = day.regulars, regulars < 0 || regulars > day.customers {
                found.append(("shift.days[\(index)].regulars", "between 0 and the day's customers (\(day.customers))"))
            }
            if index == 0, (day.regulars ?? 0) > 0 { found.append(("shift.days[0].regulars", "no one can come back on the first day")) }
        }
        if days.contains(where: { ($0.regulars ?? 0) > 0 }), lines.regular?.isEmpty ?? true {
            found.append(("shift.lines.regular", "list at least one line for the regulars who come back"))
        }
        if lastArrivalBeforeClosing < 0 || lastArrivalBeforeClosing >= length {
            found.append(("shift.lastArrivalBeforeClosing", "between 0 and the length of the day (\(length) minutes)"))
        }
        if startingReputation < 1 { found.append(("shift.startingReputation", "at least 1 (a reputation of 0 loses the game)")) }
        if minutes.wait < 1 { found.append(("shift.minutes.wait", "waiting takes at least 1 minute")) }
        let costs = [minutes.move, minutes.make, minutes.settle, minutes.say, minutes.examine, minutes.riddle, minutes.create]
        if costs.contains(where: { $0 < 0 }) { found.append(("shift.minutes", "no action takes negative time")) }
        for (name, words) in [("fussy", traits.fussy), ("generous", traits.generous), ("hurried", traits.hurried), ("curious", traits.curious)] {
            for (index, word) in words.enumerated() where !attributes.contains(word) {
                found.append(("shift.traits.\(name)[\(index)]", "'\(word)' is not an alternative of the attribute symbol"))
            }
        }
        for (index, remedy) in remedies.enumerated() {
            if !Self.remedyVerbs.contains(remedy.verb) {
                found.append(("shift.remedies[\(index)].verb", "'\(remedy.verb)' is not one of " + Self.remedyVerbs.joined(separator: ", ")))
            }
            if remedies[..<index].contains(where: { $0.verb == remedy.verb }) {
                found.append(("shift.remedies[\(index)].verb", "'\(remedy.verb)' is listed twice"))
            }
        }
        if !remedies.contains(where: { $0.verb == defaultRemedy }) {
            found.append(("shift.defaultRemedy", "'\(defaultRemedy)' is not one of the remedies"))
        }
        for (index, upgrade) in upgrades.enumerated() {
            if upgrade.price < 0 { found.append(("shift.upgrades[\(index)].price", "a price is 0 or more")) }
            if upgrades[..<index].contains(where: { $0.id == upgrade.id }) {
                found.append(("shift.upgrades[\(index)].id", "'\(upgrade.id)' is listed twice"))
            }
            for (key, names) in (upgrade.adds ?? [:]).sorted(by: { $0.key < $1.key }) {
                guard let section = menu.sections.first(where: { $0.key == key }) else {
                    found.append(("shift.upgrades[\(index)].adds.\(key)", "the menu has no section '\(key)'"))
                    continue
                }
                for name in names where !section.items.contains(where: { $0.name == name }) {
                    found.append(("shift.upgrades[\(index)].adds.\(key)", "'\(name)' is not on the menu"))
                }
            }
        }
        let opening = self.menu(from: menu, purchases: [])
        for section in opening.sections where section.items.isEmpty {
            found.append(("shift.upgrades", "the upgrades take every item of the menu's \(section.key) off the opening menu"))
        }
        for (name, lines) in [("arrive", lines.arrive), ("restless", lines.restless), ("leave", lines.leave)] where lines.isEmpty {
            found.append(("shift.lines.\(name)", "list at least one line"))
        }
        return found
    }
}
