@testable import GuidedGeneration
import RegexAutomata
import Testing

@Suite struct SimpleTokenizerTests {
    private func tokens(_ text: String) -> [String] { SimpleTokenizer.tokens(text).map(String.init) }

    @Test func emptyAndWhitespaceHaveNoTokens() {
        #expect(SimpleTokenizer.count("") == 0)
        #expect(SimpleTokenizer.count(" \t\n  ") == 0)
    }

    @Test func wordsPunctuationAndLongWords() {
        #expect(tokens("Hello, world!") == ["Hell", "o", ",", "worl", "d", "!"])
        #expect(tokens("a cup of tea") == ["a", "cup", "of", "tea"])
        #expect(tokens("extraordinarily") == ["extr", "aord", "inar", "ily"])
        #expect(tokens("don't") == ["don", "'", "t"])
    }

    @Test func numbersAreWordRuns() {
        #expect(tokens("3 cups for 12.50") == ["3", "cups", "for", "12", ".", "50"])
        #expect(tokens("1234567") == ["1234", "567"])
    }

    @Test func eachCJKCharacterIsOneToken() {
        #expect(tokens("你好世界") == ["你", "好", "世", "界"])
        #expect(tokens("コーヒーを") == ["コ", "ー", "ヒ", "ー", "を"])
        #expect(tokens("안녕하세요") == ["안", "녕", "하", "세", "요"])
        #expect(tokens("Tea茶") == ["Tea", "茶"])
    }

    @Test func emojiAndCombiningMarksStayWhole() {
        #expect(tokens("I ❤️ 👩‍👩‍👧 coffee") == ["I", "❤️", "👩‍👩‍👧", "coff", "ee"])
        #expect(tokens("cafe\u{301}") == ["cafe\u{301}"])
        #expect(tokens("Привет") == ["Прив", "ет"])
    }

    @Test func theASCIICountAgreesWithTheCharacterWalk() {
        var random = SeededRandom(seed: 11)
        let alphabet = Array("abcXYZ019 \t\n\r,.!?'-#_")
        for _ in 0..<500 {
            let text = String((0..<Int(random.below(40))).map { _ in alphabet[Int(random.below(UInt64(alphabet.count)))] })
            #expect(SimpleTokenizer.count(text) == SimpleTokenizer.tokens(text).count, "\(text.debugDescription)")
        }
    }

    @Test func countAgreesWithTokens() {
        for text in ["", "Hello, world!", "你好 world", "x = 42; y = 7 → 49 ✅", String(repeating: "ab ", count: 100)] {
            #expect(SimpleTokenizer.count(text) == SimpleTokenizer.tokens(text).count)
        }
    }
}
