import Foundation
import GGUF
import GuidedGeneration
import Testing
@testable import NativeModel

/// Found by fuzzing damaged model files: a vocabulary of three tokens, which cannot spell the
/// bytes a schema forces (`{"`), made structured decoding loop forever at full CPU — the forced
/// bytes tokenized to nothing, so the matcher never moved and no token was counted.
@Suite struct SmallVocabularyTests {
    static let template = "{% for message in messages %}{% if loop.last %}{{ message.content }}{% endif %}{% endfor %}"

    static func model(_ tokens: [String]) throws -> LocalModel {
        let tiny = TinyModel(type: .f32, tokens: tokens, chatTemplate: template)
        let file = try GGUFFile(bytes: Data(tiny.bytes), name: "tiny.gguf")
        return LocalModel(model: try NativeModel(file: file, threads: 1), options: LocalModel.Options(threads: 1, contextSize: 64))
    }

    /// Text the tokenizer cannot spell is a typed error naming the bytes, and a structured reply
    /// whose forced bytes it cannot spell fails at once instead of spinning.
    @Test func forcedBytesTheVocabularyCannotSpellFailTheReply() async throws {
        let local = try Self.model(["a", "b", "<|end|>"])
        #expect(throws: NativeModelError.unspellable("{\"")) {
            try local.model.tokenizer.spell("{\"")
        }
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"]}"#)
        let session = LanguageModelSession(model: local)
        await #expect {
            _ = try await session.respond(to: "ab", schema: schema)
        } throws: { error in
            "\(error)".contains("cannot spell")
        }
    }

    /// A vocabulary that spells every byte the schema needs still answers.
    @Test func aVocabularyWithTheNeededBytesAnswers() async throws {
        let local = try Self.model(TinyModel.byteSymbols + ["<|end|>"])
        let schema = try GenerationSchema(jsonSchema: #"{"enum": ["yes"]}"#)
        let reply = try await LanguageModelSession(model: local).respond(to: "ab", schema: schema)
        #expect(reply.content.jsonString == "\"yes\"")
    }
}
