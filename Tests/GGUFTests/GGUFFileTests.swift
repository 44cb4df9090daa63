import Foundation
import Testing
import TestSupport
@testable import GGUF

/// The GGUF reader on files written here byte by byte (every metadata type, nested arrays,
/// tensors, alignment), on every truncation and on seeded random damage — typed errors, never a
/// crash — and on the real SmolLM2 model when `.ci/run` has fetched it.
@Suite struct GGUFFileTests {
    /// A small file: header, eight metadata keys of every kind, two tensors and their data.
    static func sample(alignment: UInt32 = 64) -> [UInt8] {
        var w = GGUFWriter()
        w.bytes.append(contentsOf: "GGUF".utf8)
        w.int(UInt32(3))
        w.int(UInt64(2))     // tensors
        w.int(UInt64(9))     // keys
        w.key("general.architecture", type: 8); w.string("llama")
        w.key("general.alignment", type: 4); w.int(alignment)
        w.key("llama.context_length", type: 10); w.int(UInt64(8192))
        w.key("llama.rope.freq_base", type: 6); w.int(Float(10_000).bitPattern)
        w.key("x.flag", type: 7); w.bytes.append(1)
        w.key("x.signed", type: 11); w.int(Int64(-5))
        w.key("x.double", type: 12); w.int(Double(0.25).bitPattern)
        w.key("x.nested", type: 9); w.int(UInt32(9)); w.int(UInt64(2))
        w.int(UInt32(5)); w.int(UInt64(2)); w.int(Int32(1)); w.int(Int32(-2))
        w.int(UInt32(5)); w.int(UInt64(1)); w.int(Int32(7))
        w.key("tokenizer.ggml.tokens", type: 9); w.int(UInt32(8)); w.int(UInt64(3))
        w.string("a"); w.string("Ġb"); w.string("<|end|>")
        w.string("token_embd.weight"); w.int(UInt32(2)); w.int(UInt64(32)); w.int(UInt64(2)); w.int(UInt32(8)); w.int(UInt64(0))
        w.string("output_norm.weight"); w.int(UInt32(1)); w.int(UInt64(4)); w.int(UInt32(0)); w.int(UInt64(128))
        while w.bytes.count % Int(alignment) != 0 { w.bytes.append(0) }
        w.bytes.append(contentsOf: (0..<(128 + 16)).map { UInt8($0 & 0xFF) })
        return w.bytes
    }

    @Test func readsEveryMetadataTypeAndTheTensorLayout() throws {
        let file = try GGUFFile(bytes: Data(Self.sample()))
        #expect(file.version == 3)
        #expect(file.keys.count == 9)
        #expect(file.metadata["general.architecture"]?.string == "llama")
        #expect(file.metadata["llama.context_length"]?.integer == 8192)
        #expect(file.metadata["llama.rope.freq_base"]?.number == 10_000)
        #expect(file.metadata["x.flag"]?.bool == true)
        #expect(file.metadata["x.signed"]?.integer == -5)
        #expect(file.metadata["x.double"]?.number == 0.25)
        #expect(file.metadata["x.nested"] == .array([.array([.int32(1), .int32(-2)]), .array([.int32(7)])]))
        #expect(file.alignment == 64)
        #expect(file.dataOffset % 64 == 0)
        let embedding = try #require(file.tensor(named: "token_embd.weight"))
        #expect(embedding.shape == [32, 2])
        #expect(embedding.type == .q8_0)
        #expect(embedding.byteCount == 2 * 34)
        let norm = try #require(file.tensor(named: "output_norm.weight"))
        #expect(norm.type == .f32)
        #expect(Array(file.data(of: norm)) == (128..<144).map { UInt8($0) })
    }

    @Test func everyTruncationIsATypedError() {
        let whole = Self.sample()
        for length in 0..<whole.count - 1 {
            do {
                _ = try GGUFFile(bytes: Data(whole.prefix(length)), name: "cut.gguf")
                Issue.record("a file cut at \(length) bytes was read")
            } catch {
                switch error {
                case .truncated, .notGGUF: break
                default: Issue.record("cut at \(length): \(error)")
                }
            }
        }
    }

    @Test func randomDamageNeverCrashes() {
        let whole = Self.sample()
        var state: UInt64 = 0x6767_7566
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        var refused = 0
        for _ in 0..<3_000 {
            var damaged = whole
            for _ in 0...(next() % 4) { damaged[Int(next() % UInt64(damaged.count))] = UInt8(truncatingIfNeeded: next()) }
            do { _ = try GGUFFile(bytes: Data(damaged)) } catch { refused += 1; #expect(!error.description.isEmpty) }
        }
        #expect(refused > 500)
    }

    @Test func foreignAndUnsupportedFiles() {
        #expect(throws: GGUFError.notGGUF(file: "x.bin")) { try GGUFFile(bytes: Data("PK\u{3}\u{4}zip".utf8), name: "x.bin") }
        var old = Self.sample()
        old[4] = 1
        #expect(throws: GGUFError.unsupportedVersion(1, file: "old.gguf")) { try GGUFFile(bytes: Data(old), name: "old.gguf") }
        #expect(throws: GGUFError.self, "an alignment that is not a power of two") { try GGUFFile(bytes: Data(Self.sample(alignment: 48))) }
        #expect(throws: GGUFError.self) { try GGUFFile(contentsOf: URL(fileURLWithPath: "/nonexistent/model.gguf")) }
    }

    /// A FIFO or a device given as the model is refused before it is opened (issue 43: a FIFO
    /// blocked `open()` forever, in `model info`, `serve` and the game alike).
    @Test func aFIFOOrADeviceIsRefusedNotWaitedOn() throws {
        let fifo = try TemporaryFIFO(named: "model.gguf")
        let outcome = fifo.withoutHanging { try GGUFFile(contentsOf: URL(fileURLWithPath: fifo.path)).name }
        #expect(throws: GGUFError.unreadable(file: fifo.path, reason: "it is a FIFO (named pipe), not a file")) { try #require(outcome).get() }
        #expect(throws: GGUFError.unreadable(file: "/dev/zero", reason: "it is a character device, not a file")) {
            try GGUFFile(contentsOf: URL(fileURLWithPath: "/dev/zero"))
        }
    }

    @Test func vocabularyBytesFromByteLevelTokens() throws {
        let file = try GGUFFile(bytes: Data(Self.sample()))
        #expect(throws: GGUFError.missingKey("tokenizer.ggml.model", expected: "a string", file: "model.gguf")) { try GGUFVocabulary(file) }
    }
}
