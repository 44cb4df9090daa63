import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GuidedGeneration
import Testing
import TestSupport
@testable import NativeModel
import RegexAutomata

/// llama.cpp's own server on the same file as a native model: the two compared token by token.
struct ServerOracle {
    let url: URL
    let model: NativeModel

    /// The oracle for the server at the environment's `urlKey` and the file at `modelKey`.
    static func load(urlKey: String, modelKey: String) -> ServerOracle? {
        let environment = ProcessInfo.processInfo.environment
        guard let url = environment[urlKey].flatMap(URL.init(string:)), let path = environment[modelKey],
              let model = try? NativeModel(contentsOf: URL(fileURLWithPath: path), threads: 2) else { return nil }
        return ServerOracle(url: url, model: model)
    }

    func post(_ path: String, _ body: [String: Any]) async throws -> [String: Any] {
        var request = URLRequest(url: url.appendingPathComponent(path))
        request.httpMethod = "POST"
        // Generous: the machine may be busy with other tests' builds and models.
        request.timeoutInterval = 600
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        let (data, _) = try await URLSession.shared.data(for: request)
        return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func serverTokens(_ text: String) async throws -> [Int] {
        let reply = try await post("tokenize", ["content": text, "add_special": false, "parse_special": true])
        return try #require(reply["tokens"] as? [Int])
    }

    /// Every text tokenizes as the server does, and the server's tokens decode back to it.
    func expectSameTokens(_ texts: [String]) async throws {
        for text in texts {
            let expected = try await serverTokens(text)
            #expect(model.tokenizer.encode(text, addBeginning: false) == expected, "\(text.prefix(80).debugDescription)")
            #expect(model.tokenizer.decode(expected, special: true) == text, "round trip of \(text.prefix(80).debugDescription)")
        }
    }

    /// 64 greedy steps after each prompt, teacher-forced on the server's tokens: a step where we
    /// choose another token counts only when the server's two most likely tokens are at least
    /// `clearMargin` apart, and at most `allowedPartings` steps of a prompt may part at all.
    func expectGreedyAgreement(_ prompts: [String], clearMargin: Double, allowedPartings: Int) async throws {
        for prompt in prompts {
            let reply = try await post("completion", ["prompt": prompt, "n_predict": 64, "temperature": 0, "n_probs": 2,
                                                      "cache_prompt": false, "ignore_eos": true])
            let steps = try #require(reply["completion_probabilities"] as? [[String: Any]])
            let session = model.makeSession()
            var context = model.tokenizer.encode(prompt)
            var parted = 0
            var first: Int?
            for (index, step) in steps.enumerated() {
                let chosen = try #require(step["id"] as? Int)
                let top = try #require(step["top_logprobs"] as? [[String: Any]])
                let margin = (top[0]["logprob"] as? Double ?? 0) - (top.count > 1 ? top[1]["logprob"] as? Double ?? -.infinity : -.infinity)
                var logits = try session.evaluate(context)
                // `ignore_eos` makes the server bar end-of-generation tokens; so do we.
                for stop in model.tokenizer.vocabulary.endOfSequence { logits[stop] = -.infinity }
                let ours = logits.indices.max { logits[$0] < logits[$1] }!
                if ours != chosen {
                    parted += 1
                    if first == nil { first = index }
                    #expect(margin < clearMargin, "\(prompt.debugDescription) step \(index): we chose \(ours), the server \(chosen) by a margin of \(margin)")
                }
                // Teacher forcing: both continue from the server's token.
                context.append(chosen)
            }
            #expect(steps.count == 64)
            #expect(parted <= allowedPartings, "\(prompt.debugDescription): \(parted) of 64 steps parted (first at \(first ?? -1))")
        }
    }
}

/// The native runtime against llama.cpp's own server on the same SmolLM2 file (`.ci/run` starts
/// it): tokenization identical on the repository's content and on seeded random Unicode, and
/// greedy decoding that agrees wherever the server's choice is clear. Skipped without a server.
@Suite(.enabled(if: Prerequisite.ready(.llamaServer), Comment(rawValue: Prerequisite.reason(.llamaServer))),
       .serialized)
struct LlamaServerOracleTests {
    static let oracle = ServerOracle.load(urlKey: "COFFEESHOP_LLM_URL", modelKey: "COFFEESHOP_LLAMA_MODEL")

    /// Text of every kind the pre-tokenizer splits on: letters with accents, CJK, emoji with
    /// joiners and modifiers, digit runs, contractions, code, and runs of mixed whitespace.
    static func randomText(_ random: inout SeededRandom) -> String {
        let pieces: [(inout SeededRandom) -> String] = [
            { r in ["coffee", "Latte", "the", "naïve", "café", "Zoë", "ÜBER", "smörgåsbord", "Ελληνικά", "Москва"][r.int(in: 0..<10)] },
            { r in String((0..<r.int(in: 1...6)).map { _ in Character(UnicodeScalar(UInt32(0x4E00 + r.int(in: 0..<20_000)))!) }) },
            { r in ["😀", "👍🏽", "👩‍💻", "🇫🇷", "☕️", "🫖", "❤"][r.int(in: 0..<7)] },
            { r in String((0..<r.int(in: 1...9)).map { _ in Character(String(r.int(in: 0...9))) }) },
            { r in ["'s", "'t", "'re", "'LL", "’m", "n't"][r.int(in: 0..<6)] },
            { r in ["func x() { return 42 }", "a[i] += b_c;", "<div class=\"x\">", "x => x * 2", "#!/bin/sh"][r.int(in: 0..<5)] },
            { r in String((0..<r.int(in: 1...7)).map { _ in [" ", "  ", "\t", "\n", "\r\n", "\u{A0}", "\u{3000}"][r.int(in: 0..<7)] }.joined()) },
            { r in ["!", "?!", "...", "—", "«»", "$5.50", "100%", "@user", "<|im_end|>"][r.int(in: 0..<9)] },
        ]
        return (0..<random.int(in: 1...24)).map { _ in pieces[random.int(in: 0..<pieces.count)](&random) }.joined(separator: random.chance(0.6) ? " " : "")
    }

    /// The repository's content files and 300 seeded random texts.
    static func texts() throws -> [String] {
        let content = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../content").standardized
        let files = try #require(FileManager.default.enumerator(at: content, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL })
        var texts = try files.filter { !$0.hasDirectoryPath }.sorted { $0.path < $1.path }.map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(texts.count >= 10)
        var random = SeededRandom(seed: 14)
        texts += (0..<300).map { _ in Self.randomText(&random) }
        return texts
    }

    @Test func tokenizationMatchesTheServerOnTheContentAndRandomUnicode() async throws {
        try await #require(Self.oracle).expectSameTokens(Self.texts())
    }

    static let prompts = [
        "The best coffee in the world is",
        "<|im_start|>user\nName three coffee drinks.<|im_end|>\n<|im_start|>assistant\n",
        "<|im_start|>system\nYou are Juno, a barista.<|im_end|>\n<|im_start|>user\nWhat do you recommend today?<|im_end|>\n<|im_start|>assistant\n",
        "Once upon a time, in a small coffee shop,",
        "def fibonacci(n):\n",
        "Q: What is the capital of France?\nA:",
        "<|im_start|>user\nWrite a riddle about a teapot.<|im_end|>\n<|im_start|>assistant\n",
        "1, 2, 3, 4, 5,",
    ]

    /// How far apart the server's two most likely tokens must be for a disagreement to count.
    /// SmolLM2-135M is chaotic under 8-bit activation rounding: perturbing its activations by one
    /// part in a million moves log-probabilities by up to 0.05, and over 60 tokens of context two
    /// runtimes that do not round bit for bit alike drift up to ~0.25 apart (measured against
    /// llama-server with flash attention off). A real defect moves them by whole units and parts at
    /// most steps: rotating the wrong pairs of a head, say, parts at 25 to 49 steps of 64.
    static let clearMargin = 0.3
    static let allowedPartings = 6

    @Test func greedyDecodingAgreesWhereverTheServerIsClear() async throws {
        try await MachineTurns.exclusively {
            try await #require(Self.oracle).expectGreedyAgreement(Self.prompts, clearMargin: Self.clearMargin, allowedPartings: Self.allowedPartings)
        }
    }
}

/// Gemma 3 270M (`scripts/fetch-model.sh gemma3`: Q4_K_M with Q5_0, Q6_K and Q8_0 tensors; a base
/// model with a 262,144-token SentencePiece vocabulary) against llama.cpp's server on the same
/// file: the same tokens on the content and random Unicode, and greedy decoding that agrees
/// wherever the server's choice is clear, on prompts short and past the 512-position sliding
/// window.
@Suite(.enabled(if: Prerequisite.ready(.gemmaServer), Comment(rawValue: Prerequisite.reason(.gemmaServer))),
       .serialized)
struct GemmaOracleTests {
    static let oracle = ServerOracle.load(urlKey: "COFFEESHOP_GEMMA_URL", modelKey: "COFFEESHOP_GEMMA_MODEL")

    @Test func tokenizationMatchesTheServerOnTheContentAndRandomUnicode() async throws {
        try await #require(Self.oracle).expectSameTokens(LlamaServerOracleTests.texts())
    }

    static let prompts = [
        "The best coffee in the world is",
        "Once upon a time, in a small coffee shop,",
        "def fibonacci(n):\n",
        "Q: What is the capital of France?\nA:",
        "1, 2, 3, 4, 5,",
        // About 700 tokens: the sliding-window layers see only the last 512 positions.
        String(repeating: "The barista wiped the counter, steamed the milk and smiled at the regulars. ", count: 45) + "Then",
    ]

    /// Gemma drifts a little further from llama.cpp than SmolLM2 over a long teacher-forced
    /// run: on 2026-12-01 two steps of "Once upon a time…" (steps 40 and 44) parted where the
    /// server's two best tokens were 0.31 and 0.33 apart; every other step of the six prompts,
    /// the window-crossing one included, agreed or parted below 0.3.
    static let clearMargin = 0.5

    @Test func greedyDecodingAgreesWhereverTheServerIsClear() async throws {
        try await MachineTurns.exclusively {
            try await #require(Self.oracle).expectGreedyAgreement(Self.prompts, clearMargin: Self.clearMargin,
                                                                  allowedPartings: LlamaServerOracleTests.allowedPartings)
        }
    }
}
