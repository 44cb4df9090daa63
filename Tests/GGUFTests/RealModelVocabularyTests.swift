import Foundation
import TestSupport
import Testing
import GGUF

/// The SmolLM2 model `.ci/run` fetches for the real-server tests (named in
/// `COFFEESHOP_LLAMA_MODEL`), read by our GGUF reader; skipped when it is absent.
private let modelPath = ProcessInfo.processInfo.environment["COFFEESHOP_LLAMA_MODEL"]

@Suite(.enabled(if: Prerequisite.ready(.llamaServerBinary), Comment(rawValue: Prerequisite.reason(.llamaServerBinary))))
struct RealModelVocabularyTests {
    @Test func smolLM2MetadataTensorsAndVocabulary() throws {
        let file = try GGUFFile(contentsOf: URL(fileURLWithPath: modelPath!))
        #expect(file.metadata["general.architecture"]?.string == "llama")
        #expect(file.tensors.count == 272)
        #expect(file.tensor(named: "token_embd.weight")?.shape == [576, 49_152])
        let vocabulary = try GGUFVocabulary(file)
        #expect(vocabulary.model == "gpt2")
        #expect(vocabulary.bytes.count == 49_152)
        // "Ġ" is GPT-2's stand-in for a space; control tokens keep their text.
        #expect(vocabulary.texts.firstIndex(of: "Ġthe").map { vocabulary.bytes[$0] } == Array(" the".utf8))
        #expect(vocabulary.endOfSequence.map { vocabulary.texts[$0] }.contains("<|im_end|>"))
        #expect(vocabulary.controlTokens.contains(vocabulary.endOfSequence[0]))
        // Every printable ASCII byte has a token that stands for it alone.
        let singles = Set(vocabulary.bytes.filter { $0.count == 1 }.map { $0[0] })
        #expect((0x20...0x7E).allSatisfy { singles.contains(UInt8($0)) })
    }
}
