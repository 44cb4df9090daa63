import GuidedGeneration

/// The English word forms the grammar modifiers need: indefinite articles, plurals and
/// possessives, by spelling rules plus small exception tables.
enum EnglishMorphology {
    // MARK: Articles

    /// Prefixes `"a "` or `"an "` by the sound the text starts with: `"an owl"`, `"an hour"`,
    /// `"a university"`, `"a one-eyed cat"`, `"an 8"`, `"an X-ray"`.
    static func withIndefiniteArticle(_ text: String) -> String {
        guard let word = firstWord(of: text) else { return text }
        return (startsWithVowelSound(word) ? "an " : "a ") + text
    }

    /// Letters whose spoken name starts with a vowel sound ("ef", "aitch", "em", …).
    private static let vowelSoundingLetters: Set<Character> = ["a", "e", "f", "h", "i", "l", "m", "n", "o", "r", "s", "x"]
    /// Vowel-initial words that start with a consonant sound ("you", "wuh").
    private static let consonantSoundPrefixes = ["uni", "use", "usu", "uti", "ure", "uro", "ubiq", "ufo", "uk", "eu", "ewe"]
    /// Exceptions to the exceptions: "an unimportant", "an unidentified", "an uninvited".
    private static let vowelSoundUniPrefixes = ["unim", "unin", "unid"]
    /// Consonant-initial words with a silent h.
    private static let silentHPrefixes = ["hour", "honest", "honor", "honour", "heir"]

    private static func firstWord(of text: String) -> String? {
        if let ascii = asciiFirstWord(of: text) { return ascii }
        let word = text.drop { !$0.isLetter && !$0.isNumber }.prefix { $0.isLetter || $0.isNumber || $0 == "," }
        return word.isEmpty ? nil : String(word)
    }

    /// `firstWord` read byte by byte while the text up to the word's end is ASCII (grammar lines
    /// mostly are); nil hands anything else to the `Character` rules.
    private static func asciiFirstWord(of text: String) -> String? {
        func isWordByte(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        }
        let bytes = text.utf8
        var index = bytes.startIndex
        while index < bytes.endIndex, bytes[index] < 0x80, !isWordByte(bytes[index]) { index = bytes.index(after: index) }
        guard index < bytes.endIndex, bytes[index] < 0x80 else { return nil }
        var end = index
        while end < bytes.endIndex, isWordByte(bytes[end]) || bytes[end] == UInt8(ascii: ",") { end = bytes.index(after: end) }
        guard end == bytes.endIndex || bytes[end] < 0x80 else { return nil }
        return String(text[index..<end])
    }

    private static func startsWithVowelSound(_ word: String) -> Bool {
        let shape = WordShape(word)
        if shape.startsWithDigit { return numberStartsWithVowelSound(word.filter(\.isNumber)) }
        let lower = word.lowercased()
        if shape.isSingleCharacter { return vowelSoundingLetters.contains(lower.first!) }
        if shape.isAllUppercase {
            // An initialism is read letter by letter: "an FBI agent", "a UFO".
            return lower != "ufo" && vowelSoundingLetters.contains(lower.first!)
        }
        if lower == "one" || lower == "once" { return false }
        if silentHPrefixes.contains(where: lower.hasPrefix) { return true }
        guard "aeiou".contains(lower.first!) else { return false }
        if vowelSoundUniPrefixes.contains(where: lower.hasPrefix) { return true }
        return !consonantSoundPrefixes.contains(where: lower.hasPrefix)
    }

    /// What the article rules ask of a word's characters, read from its bytes when it is ASCII
    /// (grammar words mostly are) and from its `Character`s otherwise.
    private struct WordShape {
        var startsWithDigit: Bool
        var isSingleCharacter: Bool
        var isAllUppercase: Bool

        init(_ word: String) {
            let bytes = word.utf8
            if bytes.allSatisfy({ $0 < 0x80 }) {
                let first = bytes.first!
                startsWithDigit = first >= UInt8(ascii: "0") && first <= UInt8(ascii: "9")
                isSingleCharacter = bytes.count == 1
                isAllUppercase = bytes.allSatisfy { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }
            } else {
                startsWithDigit = word.first!.isNumber
                isSingleCharacter = word.count == 1
                isAllUppercase = word.allSatisfy(\.isUppercase)
            }
        }
    }

    /// "an 8", "an 80", "an 11", "an 18,000", but "a 1", "a 110", "a 1,100".
    private static func numberStartsWithVowelSound(_ digits: String) -> Bool {
        if digits.hasPrefix("8") { return true }
        return (digits.hasPrefix("11") || digits.hasPrefix("18")) && digits.count % 3 == 2
    }

    // MARK: Plurals

    /// Plurals whose spelling no rule gives.
    private static let irregularPlurals: [String: String] = [
        "man": "men", "woman": "women", "child": "children", "person": "people", "mouse": "mice",
        "goose": "geese", "tooth": "teeth", "foot": "feet", "ox": "oxen", "die": "dice",
        "leaf": "leaves", "loaf": "loaves", "knife": "knives", "wife": "wives", "life": "lives",
        "half": "halves", "wolf": "wolves", "shelf": "shelves", "thief": "thieves", "elf": "elves",
        "calf": "calves", "quiz": "quizzes", "potato": "potatoes", "tomato": "tomatoes",
        "hero": "heroes", "echo": "echoes", "cactus": "cacti", "fungus": "fungi",
        "sheep": "sheep", "deer": "deer", "fish": "fish", "moose": "moose", "series": "series",
        "species": "species", "aircraft": "aircraft",
    ]

    /// The plural of the text's head noun: its last word, or the word before " of "
    /// (`"cup of tea"` → `"cups of tea"`).
    static func plural(of text: String) -> String {
        let head = text.firstRange(of: " of ").map { text[..<$0.lowerBound] } ?? text[...]
        guard let last = head.lastIndex(where: { !$0.isLetter }).map({ head.index(after: $0) }) ?? head.indices.first,
              last < head.endIndex
        else { return text }
        let word = String(head[last...])
        return text[..<last] + pluralWord(word) + text[head.endIndex...]
    }

    private static func pluralWord(_ word: String) -> String {
        let lower = word.lowercased()
        let shouting = word.count > 1 && word.allSatisfy(\.isUppercase)
        let plural: String
        if let irregular = irregularPlurals[lower] {
            plural = irregular
        } else if lower.hasSuffix("y"), lower.count > 1, !"aeiou".contains(lower.dropLast().last!) {
            plural = lower.dropLast() + "ies"
        } else if ["s", "x", "z", "ch", "sh"].contains(where: lower.hasSuffix) {
            plural = lower + "es"
        } else {
            plural = lower + "s"
        }
        if shouting { return plural.uppercased() }
        // Keep the word's own spelling and only append or swap its tail.
        let shared = zip(lower, plural).prefix { $0 == $1 }.count
        return String(word.prefix(shared)) + plural.dropFirst(shared)
    }

    // MARK: Possessives

    /// `"cat"` → `"cat's"`, `"James"` → `"James'"`.
    static func possessive(of text: String) -> String {
        guard let last = text.last else { return text }
        return text + (last == "s" || last == "S" ? "'" : "'s")
    }
}
