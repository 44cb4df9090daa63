import GuidedGeneration

/// Reads English numbers written as numerals ("3", "24th") or words ("three", "twenty-one",
/// "one hundred and five", "third", "twenty-first") from a sequence of lowercase words as
/// `DialogWords.words` produces them (hyphens already split).
package enum NumberWords {
    /// A number read at some position: its value, whether it was an ordinal ("3rd", "third"),
    /// and how many words it used.
    package struct Reading: Equatable {
        package let value: Int
        package let isOrdinal: Bool
        package let length: Int
    }

    private static let units: [String: Int] = [
        "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13,
        "fourteen": 14, "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18,
        "nineteen": 19,
    ]
    private static let tens: [String: Int] = [
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90,
    ]
    private static let ordinalUnits: [String: Int] = [
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6, "seventh": 7,
        "eighth": 8, "ninth": 9, "tenth": 10, "eleventh": 11, "twelfth": 12, "thirteenth": 13,
        "fourteenth": 14, "fifteenth": 15, "sixteenth": 16, "seventeenth": 17,
        "eighteenth": 18, "nineteenth": 19,
    ]
    private static let ordinalTens: [String: Int] = [
        "twentieth": 20, "thirtieth": 30, "fortieth": 40, "fiftieth": 50, "sixtieth": 60,
        "seventieth": 70, "eightieth": 80, "ninetieth": 90,
    ]
    private static let ordinalSuffixes = ["st", "nd", "rd", "th"]

    /// The number starting at `words[index]`, or nil when none starts there. `"a"`/`"an"` read
    /// as 1 only when `articleIsOne` ("in a week").
    package static func reading(_ words: [String], at index: Int, articleIsOne: Bool = false) -> Reading? {
        guard index < words.count else { return nil }
        let word = words[index]
        if let numeral = numeral(word) { return numeral }
        if articleIsOne, word == "a" || word == "an" { return Reading(value: 1, isOrdinal: false, length: 1) }
        if word == "couple", index + 1 < words.count, words[index + 1] == "of" {
            return Reading(value: 2, isOrdinal: false, length: 2)
        }
        guard var total = belowHundred(words, at: index) else { return nil }
        var next = index + total.length
        if !total.isOrdinal, next < words.count, words[next] == "hundred" || words[next] == "hundredth" {
            let hundreds = total.value * 100
            let isOrdinal = words[next] == "hundredth"
            next += 1
            if !isOrdinal {
                let afterAnd = next < words.count && words[next] == "and" ? next + 1 : next
                if let rest = belowHundred(words, at: afterAnd), rest.value > 0 {
                    total = Reading(value: hundreds + rest.value, isOrdinal: rest.isOrdinal, length: afterAnd + rest.length - index)
                    return total
                }
            }
            return Reading(value: hundreds, isOrdinal: isOrdinal, length: next - index)
        }
        return total
    }

    /// Every number in `words`, left to right, with the index it starts at.
    static func readings(_ words: [String], articleIsOne: Bool = false) -> [(index: Int, reading: Reading)] {
        var result: [(Int, Reading)] = []
        var index = 0
        while index < words.count {
            if let reading = reading(words, at: index, articleIsOne: articleIsOne) {
                result.append((index, reading))
                index += reading.length
            } else {
                index += 1
            }
        }
        return result
    }

    /// "24", "24th", "1st".
    private static func numeral(_ word: String) -> Reading? {
        if word.allSatisfy(\.isASCIIDigit) {
            return word.count <= 9 ? Int(word).map { Reading(value: $0, isOrdinal: false, length: 1) } : nil
        }
        for suffix in ordinalSuffixes where word.hasSuffix(suffix) {
            let digits = word.dropLast(2)
            if !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) {
                return Reading(value: value, isOrdinal: true, length: 1)
            }
        }
        return nil
    }

    /// 0...99 in words: "seven", "seventh", "forty", "fortieth", "forty two", "forty second".
    private static func belowHundred(_ words: [String], at index: Int) -> Reading? {
        let word = words[index]
        if let value = units[word] { return Reading(value: value, isOrdinal: false, length: 1) }
        if let value = ordinalUnits[word] { return Reading(value: value, isOrdinal: true, length: 1) }
        if let value = ordinalTens[word] { return Reading(value: value, isOrdinal: true, length: 1) }
        guard let value = tens[word] else { return nil }
        if index + 1 < words.count {
            let next = words[index + 1]
            if let unit = units[next], (1...9).contains(unit) {
                return Reading(value: value + unit, isOrdinal: false, length: 2)
            }
            if let unit = ordinalUnits[next], unit <= 9 {
                return Reading(value: value + unit, isOrdinal: true, length: 2)
            }
        }
        return Reading(value: value, isOrdinal: false, length: 1)
    }
}

private extension Character {
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
