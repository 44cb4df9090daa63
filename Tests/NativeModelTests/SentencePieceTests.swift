import Foundation
import GGUF
import Testing
import TestSupport
@testable import NativeModel

/// SentencePiece vocabularies (`tokenizer.ggml.model = llama`): a vocabulary written by the test,
/// whose scores make the highest-scoring pair win over the longest token, a tie go to the
/// leftmost pair, and a character without a token fall back to `<0xNN>` byte tokens.
@Suite struct SentencePieceTests {
    static let pieces: [(String, Float)] = [("\u{2581}", -1), ("h", -1), ("e", -1), ("l", -1), ("o", -1), ("a", -1),
                                            ("ll", -1), ("lo", -0.5), ("\u{2581}h", -2), ("\u{2581}he", -3), ("\u{2581}hell", -4),
                                            ("\u{2581}hello", -5), ("aa", -2), ("\u{2581}a", -2)]

    static let tokenizer: Tokenizer = {
        var w = GGUFWriter()
        w.bytes.append(contentsOf: "GGUF".utf8)
        w.int(UInt32(3))
        w.int(UInt64(0))
        w.int(UInt64(6))
        let texts = ["<unk>", "<s>", "</s>"] + (0..<256).map { String(format: "<0x%02X>", $0) } + pieces.map(\.0)
        let kinds: [Int32] = [2, 3, 3] + Array(repeating: 6, count: 256) + Array(repeating: 1, count: pieces.count)
        let scores: [Float] = [0, 0, 0] + Array(repeating: 0, count: 256) + pieces.map(\.1)
        w.key("general.architecture", type: GGUFWriter.string); w.string("llama")
        w.key("tokenizer.ggml.model", type: GGUFWriter.string); w.string("llama")
        w.key("tokenizer.ggml.tokens", type: GGUFWriter.array); w.int(GGUFWriter.string); w.int(UInt64(texts.count))
        for text in texts { w.string(text) }
        w.key("tokenizer.ggml.token_type", type: GGUFWriter.array); w.int(GGUFWriter.int32); w.int(UInt64(kinds.count))
        for kind in kinds { w.int(kind) }
        w.key("tokenizer.ggml.scores", type: GGUFWriter.array); w.int(GGUFWriter.float32); w.int(UInt64(scores.count))
        for score in scores { w.int(score.bitPattern) }
        w.key("tokenizer.ggml.bos_token_id", type: GGUFWriter.uint32); w.int(UInt32(1))
        return try! Tokenizer(GGUFFile(bytes: Data(w.bytes)))
    }()

    /// The pieces' texts of `ids`, for readable expectations.
    static func texts(_ ids: [Int]) -> [String] { ids.map { tokenizer.vocabulary.texts[$0] } }

    @Test func theHighestScoringPairMergesFirstAfterALeadingSpace() {
        let ids = Self.tokenizer.encode("hello")
        #expect(ids.first == 1, "the beginning of sequence comes first by default")
        // "lo" outscores every other pair, so "▁hello" is never reached.
        #expect(Self.texts(Array(ids.dropFirst())) == ["\u{2581}he", "l", "lo"])
    }

    @Test func equalScoresMergeTheLeftmostPair() {
        #expect(Self.texts(Self.tokenizer.encode("aaa", addBeginning: false, continuing: true)) == ["aa", "a"])
    }

    @Test func aCharacterWithoutAPieceIsSpelledInBytes() {
        #expect(Self.texts(Self.tokenizer.encode("€", addBeginning: false)) == ["\u{2581}", "<0xE2>", "<0x82>", "<0xAC>"])
        #expect(Self.tokenizer.decode(Self.tokenizer.encode("€ hello", addBeginning: false)) == " € hello")
    }

    @Test func textAfterASpecialTokenStartsWithASpaceAndContinuedTextDoesNot() {
        let afterSpecial = Self.tokenizer.encode("</s>hello", addBeginning: false)
        #expect(Self.texts(afterSpecial) == ["</s>", "\u{2581}he", "l", "lo"])
        let continued = Self.tokenizer.encode("hello", addBeginning: false, continuing: true)
        #expect(Self.texts(continued) == ["h", "e", "l", "lo"])
        #expect(Self.tokenizer.decode(continued) == "hello")
    }
}
