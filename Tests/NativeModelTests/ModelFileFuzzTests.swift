import Foundation
import GGUF
import GuidedGeneration
@testable import NativeModel
import RegexAutomata
import TestSupport
import Testing

/// The seeded fuzz suite's model-file surface: damaged copies of a tiny model — cut short, bytes
/// flipped, metadata values and tensor descriptions replaced by hostile ones, weights that are
/// not numbers — each put through what a host does with a model file: read it, load it, encode
/// text, render the chat template, evaluate a prompt and sample a reply. Every copy is either
/// refused with a typed error or runs; none traps (which would end this test process) or hangs
/// (the time limit). A damaged model must never take down the host that loads it.
@Suite struct ModelFileFuzzTests {
    static let original = TinyModel(type: .q8_0, chatTemplate: "{% for m in messages %}{{ m.content }}{% endfor %}").bytes

    /// What a damaged copy did.
    enum Outcome: Equatable {
        case ran
        case refused(String)
    }

    /// Each surface of the file, damaged `count` times from its own seed.
    @Test(.timeLimit(.minutes(10)), arguments: Damage.allCases)
    func damagedModelFilesAreRefusedOrRun(damage: Damage) throws {
        var random = SeededRandom(seed: 43 + UInt64(Damage.allCases.firstIndex(of: damage)!))
        var refused = 0, ran = 0
        for _ in 0..<TestTier.cases(fast: 24, full: 400) {
            switch Self.exercise(damage.apply(to: Self.original, random: &random)) {
            case .ran: ran += 1
            case .refused(let reason):
                #expect(!reason.isEmpty)
                refused += 1
            }
        }
        #expect(refused + ran == TestTier.cases(fast: 24, full: 400))
        if damage == .truncated { #expect(ran == 0, "a file cut short never loads") }
    }

    @Test func theUndamagedModelRuns() {
        #expect(Self.exercise(Self.original) == .ran)
    }

    /// Reads, loads and runs `bytes` as a model file.
    static func exercise(_ bytes: [UInt8]) -> Outcome {
        do {
            let model = try NativeModel(file: GGUFFile(bytes: Data(bytes), name: "damaged.gguf"), threads: 1)
            let prompt = model.tokenizer.encode("hello, café ☕")
            _ = try model.chatPrompt([ChatMessage(role: "user", content: "hi")])
            let session = model.makeSession(contextLimit: 24)
            _ = try session.complete(prompt.isEmpty ? [0] : prompt, maxTokens: 4, sampler: Sampler(.sampled(temperature: 1, topK: 20, topP: 0.9, seed: 1)),
                                     stopTokens: [])
            return .ran
        } catch {
            return .refused("\(error)")
        }
    }

    /// A way of damaging a model file.
    enum Damage: CaseIterable {
        case truncated, flippedBytes, metadataValue, metadataType, arrayLength, tensorShape, tensorType, tensorOffset, weightsNotNumbers

        func apply(to original: [UInt8], random: inout SeededRandom) -> [UInt8] {
            var bytes = original
            switch self {
            case .truncated:
                bytes.removeLast(1 + Int(random.below(UInt64(bytes.count - 1))))
            case .flippedBytes:
                for _ in 0..<(1 + random.below(8)) {
                    bytes[Int(random.below(UInt64(bytes.count)))] = UInt8(truncatingIfNeeded: random.next())
                }
            case .metadataValue:
                let key = random.element(of: Self.scalarKeys)
                let at = Self.position(after: key, in: bytes) + 4
                if key.hasSuffix("freq_base") || key.hasSuffix("epsilon") {
                    Self.write(random.element(of: Self.hostileFloats).bitPattern, at: at, in: &bytes)
                } else {
                    Self.write(random.element(of: Self.hostileCounts), at: at, in: &bytes)
                }
            case .metadataType:
                let key = random.element(of: Self.scalarKeys + Self.arrayKeys)
                Self.write(random.element(of: [0, 1, 4, 6, 7, 8, 9, 10, 12, 13, 99, UInt32.max]), at: Self.position(after: key, in: bytes), in: &bytes)
            case .arrayLength:
                let key = random.element(of: Self.arrayKeys)
                let at = Self.position(after: key, in: bytes) + 8
                let length = UInt64(littleEndianBytes: bytes[at..<at + 8])
                Self.write(random.element(of: [0, 1, length - 1, length + 1, length * 2, UInt64(UInt32.max), UInt64.max / 2, UInt64.max]), at: at, in: &bytes)
            case .tensorShape:
                let at = Self.tensorInfo(random: &random, in: bytes)
                if random.below(3) == 0 {
                    Self.write(random.element(of: [0, 1, 3, 4, 5, UInt32.max]), at: at, in: &bytes)
                } else {
                    let dimensions = Int(UInt32(littleEndianBytes: bytes[at..<at + 4]))
                    Self.write(random.element(of: [0, 1, 2, 31, 33, 255, 257, UInt64(UInt32.max) + 1, UInt64(Int64.max), UInt64.max]),
                               at: at + 4 + 8 * Int(random.below(UInt64(dimensions))), in: &bytes)
                }
            case .tensorType:
                let at = Self.tensorInfo(random: &random, in: bytes)
                let dimensions = Int(UInt32(littleEndianBytes: bytes[at..<at + 4]))
                Self.write(UInt32(random.below(42)) | (random.below(4) == 0 ? 0x8000_0000 : 0), at: at + 4 + 8 * dimensions, in: &bytes)
            case .tensorOffset:
                let at = Self.tensorInfo(random: &random, in: bytes)
                let dimensions = Int(UInt32(littleEndianBytes: bytes[at..<at + 4]))
                let offsetAt = at + 8 + 8 * dimensions
                let offset = UInt64(littleEndianBytes: bytes[offsetAt..<offsetAt + 8])
                Self.write(random.element(of: [offset &+ 1, offset &+ 32, offset &- 32, UInt64(bytes.count), UInt64.max - 31, 1 << 40]), at: offsetAt, in: &bytes)
            case .weightsNotNumbers:
                let patterns: [[UInt8]] = [[0xFF, 0xFF, 0xFF, 0xFF], [0x00, 0x00, 0x80, 0x7F], [0x00, 0x00, 0x80, 0xFF], [0x00, 0x7C], [0xFF, 0x7F]]
                let dataStart = bytes.count - bytes.count / 2
                for _ in 0..<(1 + random.below(64)) {
                    let pattern = random.element(of: patterns)
                    let at = dataStart + Int(random.below(UInt64(bytes.count - dataStart - pattern.count)))
                    bytes.replaceSubrange(at..<at + pattern.count, with: pattern)
                }
            }
            return bytes
        }

        static let scalarKeys = ["llama.block_count", "llama.embedding_length", "llama.feed_forward_length", "llama.attention.head_count",
                                 "llama.attention.head_count_kv", "llama.context_length", "llama.rope.freq_base",
                                 "llama.attention.layer_norm_rms_epsilon", "tokenizer.ggml.eos_token_id"]
        static let arrayKeys = ["tokenizer.ggml.tokens", "tokenizer.ggml.token_type", "tokenizer.ggml.merges"]
        static let hostileCounts: [UInt32] = [0, 1, 2, 3, 5, 63, 65, 255, 256, 257, 4096, 1 << 20, 0x7FFF_FFFF, 0xFFFF_FFFF]
        static let hostileFloats: [Float] = [0, -0.0, -1, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1e-30, 1e30]
        static let tensorNames = ["token_embd.weight", "output_norm.weight", "blk.0.attn_q.weight", "blk.0.attn_k.weight", "blk.1.attn_v.weight",
                                  "blk.1.attn_output.weight", "blk.0.ffn_gate.weight", "blk.1.ffn_down.weight", "blk.0.attn_norm.weight"]

        /// Where the bytes after the first `needle` (a metadata key or tensor name) start.
        static func position(after needle: String, in bytes: [UInt8]) -> Int {
            let pattern = Array(needle.utf8)
            for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] && Array(bytes[start..<start + pattern.count]) == pattern {
                return start + pattern.count
            }
            preconditionFailure("\(needle) is not in the file")
        }

        /// Where a random tensor's description (its dimension count) starts.
        static func tensorInfo(random: inout SeededRandom, in bytes: [UInt8]) -> Int {
            position(after: random.element(of: tensorNames), in: bytes)
        }

        static func write<Value: FixedWidthInteger>(_ value: Value, at offset: Int, in bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes.replaceSubrange(offset..<offset + MemoryLayout<Value>.size, with: $0) }
        }
    }
}

private extension FixedWidthInteger {
    init(littleEndianBytes bytes: ArraySlice<UInt8>) {
        self = bytes.reversed().reduce(0) { $0 << 8 | Self($1) }
    }
}

private extension SeededRandom {
    mutating func element<T>(of choices: [T]) -> T {
        choices[Int(below(UInt64(choices.count)))]
    }
}
