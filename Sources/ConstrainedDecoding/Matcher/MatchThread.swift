import JSONSchema

/// One reading of the text so far: the open containers, the value expected next or the scalar
/// being read. A `JSONMatcher.State` holds every reading still possible (several while the
/// branches of an `anyOf`, or a `contains` item that may or may not match, are undecided).
package struct MatchThread: Hashable, Sendable {
    package var frames: [MatchFrame] = []
    /// The plan node whose value starts with the next byte, or -1.
    package var pending: Int32
    package var leaf: MatchLeaf = .none

    /// Nothing open and nothing expected: the root value is complete.
    package var isFinished: Bool { frames.isEmpty && pending < 0 && leaf == .none }
}

package enum MatchFrame: Hashable, Sendable {
    case array(ArrayFrame)
    case object(ObjectFrame)
}

package struct ArrayFrame: Hashable, Sendable {
    package enum Phase: UInt8, Hashable, Sendable { case opened, afterComma, inItem, afterItem }

    package let node: Int32
    package var phase = Phase.opened
    package var count: Int32 = 0
    /// Items known to match `contains`.
    package var matches: Int32 = 0
    /// Whether the item being read was started as a `contains` match.
    package var itemMatches = false
    /// The items so far, for `uniqueItems` (nil otherwise).
    package var unique: UniqueItems?
    /// The text of the item being read, for `uniqueItems`.
    package var itemText: [UInt8] = []
}

package struct ObjectFrame: Hashable, Sendable {
    package enum Phase: UInt8, Hashable, Sendable { case opened, afterComma, inKey, afterKey, inValue, afterValue }

    package let node: Int32
    package var phase = Phase.opened
    /// The first declared property (by declaration index) that may still come.
    package var next: Int32 = 0
    package var count: Int32 = 0
    /// Declared properties present, by declaration index (ascending).
    package var present: [Int32] = []
    /// Declared properties that must still come (ascending; all at or after `next`).
    package var needed: [Int32]
    /// Whether an extra key has been written (declared properties come first).
    package var extrasStarted = false
    package var usedExtras = SortedByteStrings.empty
    /// The current key (decoded UTF-8) and the plan of its value.
    package var key: [UInt8] = []
    package var valuePlan: Int32 = -1
}

/// What an array of unique items has held so far: the items' texts and values, and the string
/// and number values among them, which the next item's leaf must avoid.
package final class UniqueItems: Hashable, Sendable {
    package let texts: SortedByteStrings
    package let values: Set<GeneratedContent>
    /// String items' contents as UTF-8.
    package let strings: SortedByteStrings
    /// Number items, sorted.
    package let numbers: [ExactDecimal]
    /// How many items are arrays and how many objects: only those can equal a structured item.
    package let arrays: Int, objects: Int

    package init(texts: SortedByteStrings = .empty, values: Set<GeneratedContent> = [], strings: SortedByteStrings = .empty,
         numbers: [ExactDecimal] = [], arrays: Int = 0, objects: Int = 0) {
        self.texts = texts
        self.values = values
        self.strings = strings
        self.numbers = numbers
        self.arrays = arrays
        self.objects = objects
    }

    package static let empty = UniqueItems()

    /// The items with one more, or nil when it equals an earlier one.
    package func adding(text: [UInt8]) -> UniqueItems? {
        guard let value = try? GeneratedContent(jsonBytes: text), !values.contains(value) else { return nil }
        var strings = self.strings
        var numbers = self.numbers
        if let string = value.stringValue { strings = strings.inserting(Array(string.utf8)) }
        if let number = value.exactNumber {
            numbers.append(number)
            numbers.sort()
        }
        return UniqueItems(texts: texts.inserting(text), values: values.union([value]), strings: strings, numbers: numbers,
                           arrays: arrays + (value.elements == nil ? 0 : 1), objects: objects + (Self.isObject(value) ? 1 : 0))
    }

    private static func isObject(_ value: GeneratedContent) -> Bool {
        if case .object = value.storage { return true }
        return false
    }

    package static func == (a: UniqueItems, b: UniqueItems) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

package enum MatchLeaf: Hashable, Sendable {
    case none
    case string(StringCursor)
    case key(KeyCursor)
    case number(NumberCursor)
    case literal(LiteralCursor)
}

/// A string value being read.
package struct StringCursor: Hashable, Sendable {
    package let node: Int32
    package var decoder = StringContentDecoder()
    package var language: LanguageCursor
    /// Earlier items of a unique array: the string must be none of them.
    package var earlier: SortedByteStrings?
}

/// A finite value (`enum`, `const`, booleans, null) being read along its choice trie.
package struct LiteralCursor: Hashable, Sendable {
    package let node: Int32
    package var trieNode: Int32
    package var depth: Int32
    /// Earlier items' texts of a unique array, and those the text so far is a prefix of.
    package var earlier: SortedByteStrings?
    package var earlierRange: Range<Int32>
}

/// An object key being read: the declared names still possible and the extra-key languages.
package struct KeyCursor: Hashable, Sendable {
    package var decoder = StringContentDecoder()
    /// The key so far, decoded to UTF-8.
    package var bytes: [UInt8] = []
    /// The range of declared names sharing the key so far, and the sorted positions allowed here.
    package var declared: Range<Int32>
    package var allowed: [Int32]
    /// One per extra-key language of the object (nil where that language is not open here).
    package var extras: [LanguageCursor?]
}
