/// The line being typed, its cursor, and the history the arrow keys walk: what a line editor
/// keeps, without any terminal. `apply` returns the finished line on Enter.
///
/// ```swift
/// var line = LineBuffer(history: ["go seating"])
/// for key in [Key.up, .backspace, .character("x"), .enter] { if case .finished(let text) = line.apply(key) { print(text) } }
/// // go seatinx
/// ```
package struct LineBuffer: Sendable {
    /// What a key did.
    package enum Outcome: Equatable, Sendable {
        case editing
        case finished(String)
        case endOfInput
    }

    private(set) var characters: [Character] = []
    private(set) var cursor = 0
    /// Lines entered before, oldest first (a repeat of the last one is not added again).
    package private(set) var history: [String]
    /// The position in `history` being shown (history.count: the new line).
    private var shown: Int
    /// The new line as it was before walking the history.
    private var draft: [Character] = []

    package init(history: [String] = []) {
        self.history = history
        shown = history.count
    }

    package var text: String { String(characters) }

    package mutating func apply(_ key: Key) -> Outcome {
        switch key {
        case .character(let character):
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .endOfInput:
            if characters.isEmpty { return .endOfInput }
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .killToStart:
            characters.removeFirst(cursor)
            cursor = 0
        case .killToEnd: characters.removeLast(characters.count - cursor)
        case .killWord:
            var start = cursor
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .up: show(shown - 1)
        case .down: show(shown + 1)
        case .enter:
            let line = text
            if !line.trimmingCharacters(in: .whitespaces).isEmpty, history.last != line { history.append(line) }
            characters = []
            cursor = 0
            shown = history.count
            draft = []
            return .finished(line)
        case .ignored: break
        }
        return .editing
    }

    private mutating func show(_ index: Int) {
        guard (0...history.count).contains(index), index != shown else { return }
        if shown == history.count { draft = characters }
        shown = index
        characters = index == history.count ? draft : Array(history[index])
        cursor = characters.count
    }
}
