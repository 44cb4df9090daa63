import Foundation
import GGUF
import GuidedGeneration
import RegexAutomata
import TestSupport

/// A small llama-architecture model written as a GGUF file by the test: seeded random weights in
/// one tensor type, a byte-level BPE vocabulary (256 byte tokens, four merges spelling "hello",
/// an end token), and the weights' values for a float reference forward pass. As `gemma3` it
/// has Gemma 3's extra norms, and its first layer attends through a sliding window of
/// `slidingWindow` positions (the second to the whole context).
struct TinyModel {
    static let embedding = 256, heads = 4, keyValueHeads = 2, headDimension = 64, feedForward = 512, layers = 2
    static let ropeBase: Float = 10_000, epsilon: Float = 1e-5
    static let merges = ["h e", "l l", "he ll", "hell o"]
    static let slidingWindow = 4

    let architecture: String
    let bytes: [UInt8]
    /// Every tensor's values by name, rows of `columns`.
    let values: [String: [Float]]
    let vocabularySize: Int

    /// GPT-2's printable stand-ins for the 256 byte values.
    static let byteSymbols: [String] = {
        var symbols = [String](repeating: "", count: 256)
        var extra = 0
        for byte in 0..<256 {
            let printable = (33...126).contains(byte) || (161...172).contains(byte) || (174...255).contains(byte)
            symbols[byte] = String(UnicodeScalar(UInt32(printable ? byte : 256 + extra))!)
            if !printable { extra += 1 }
        }
        return symbols
    }()

    /// `ropeBase` and `epsilon` are written as given (a damaged file's values); the reference
    /// forward pass always uses the defaults. `tokens` replaces the vocabulary (its last token
    /// the end token) and `chatTemplate` is written as `tokenizer.chat_template` when given.
    init(type: GGUFTensorType, architecture: String = "llama", seed: UInt64 = 1, omitting missing: String? = nil,
         ropeBase: Float = TinyModel.ropeBase, epsilon: Float = TinyModel.epsilon,
         tokens: [String] = TinyModel.byteSymbols + ["he", "ll", "hell", "hello", "<|end|>"], chatTemplate: String? = nil) {
        var random = SeededRandom(seed: seed)
        self.architecture = architecture
        let gemma = architecture == "gemma3"
        vocabularySize = tokens.count
        let e = Self.embedding, q = Self.heads * Self.headDimension, kv = Self.keyValueHeads * Self.headDimension
        var shapes: [(String, [Int], GGUFTensorType)] = [("token_embd.weight", [e, tokens.count], type), ("output_norm.weight", [e], .f32)]
        for l in 0..<Self.layers {
            let p = "blk.\(l)."
            shapes += [(p + "attn_norm.weight", [e], .f32), (p + "attn_q.weight", [e, q], type), (p + "attn_k.weight", [e, kv], type),
                       (p + "attn_v.weight", [e, kv], type), (p + "attn_output.weight", [q, e], type), (p + "ffn_norm.weight", [e], .f32),
                       (p + "ffn_gate.weight", [e, Self.feedForward], type), (p + "ffn_up.weight", [e, Self.feedForward], type),
                       (p + "ffn_down.weight", [Self.feedForward, e], type)]
            if gemma {
                shapes += [(p + "attn_q_norm.weight", [Self.headDimension], .f32), (p + "attn_k_norm.weight", [Self.headDimension], .f32),
                           (p + "post_attention_norm.weight", [e], .f32), (p + "post_ffw_norm.weight", [e], .f32)]
            }
        }
        shapes.removeAll { $0.0 == missing }
        var data: [[UInt8]] = []
        var values: [String: [Float]] = [:]
        for (name, shape, tensorType) in shapes {
            let rows = shape.count > 1 ? shape[1] : 1
            var tensor: [UInt8] = []
            var decoded: [Float] = []
            for _ in 0..<rows {
                // Norm weights near 1, matrices scaled so activations stay of order one.
                let row = shape.count == 1
                    ? (0..<shape[0]).flatMap { _ in SyntheticTensors.bytes(of: Float(0.8 + 0.4 * random.unit())) }
                    : SyntheticTensors.row(tensorType, columns: shape[0], random: &random, scale: 1 / Float(shape[0]).squareRoot())
                tensor += row
                if SyntheticTensors.types.contains(tensorType) { decoded += SyntheticTensors.values(tensorType, row, columns: shape[0]) }
            }
            data.append(tensor)
            values[name] = decoded
        }
        self.values = values

        var w = GGUFWriter()
        w.bytes.append(contentsOf: "GGUF".utf8)
        w.int(UInt32(3))
        w.int(UInt64(shapes.count))
        w.int(UInt64(16 + (chatTemplate == nil ? 0 : 1) + (gemma ? 2 : 0)))
        w.key("general.architecture", type: GGUFWriter.string); w.string(architecture)
        w.key("general.name", type: GGUFWriter.string); w.string("tiny")
        for (key, value) in [("block_count", Self.layers), ("embedding_length", e), ("feed_forward_length", Self.feedForward),
                             ("attention.head_count", Self.heads), ("attention.head_count_kv", Self.keyValueHeads), ("context_length", 64)] {
            w.key("\(architecture).\(key)", type: GGUFWriter.uint32); w.int(UInt32(value))
        }
        w.key("\(architecture).rope.freq_base", type: GGUFWriter.float32); w.int(ropeBase.bitPattern)
        w.key("\(architecture).attention.layer_norm_rms_epsilon", type: GGUFWriter.float32); w.int(epsilon.bitPattern)
        if gemma {
            w.key("gemma3.attention.sliding_window", type: GGUFWriter.uint32); w.int(UInt32(Self.slidingWindow))
            w.key("gemma3.attention.sliding_window_pattern", type: GGUFWriter.uint32); w.int(UInt32(2))
        }
        w.key("tokenizer.ggml.model", type: GGUFWriter.string); w.string("gpt2")
        w.key("tokenizer.ggml.pre", type: GGUFWriter.string); w.string("smollm")
        w.key("tokenizer.ggml.tokens", type: GGUFWriter.array); w.int(GGUFWriter.string); w.int(UInt64(tokens.count))
        for token in tokens { w.string(token) }
        w.key("tokenizer.ggml.token_type", type: GGUFWriter.array); w.int(GGUFWriter.int32); w.int(UInt64(tokens.count))
        for index in tokens.indices { w.int(Int32(index == tokens.count - 1 ? 3 : 1)) }
        w.key("tokenizer.ggml.merges", type: GGUFWriter.array); w.int(GGUFWriter.string); w.int(UInt64(Self.merges.count))
        for merge in Self.merges { w.string(merge) }
        w.key("tokenizer.ggml.eos_token_id", type: GGUFWriter.uint32); w.int(UInt32(tokens.count - 1))
        if let chatTemplate { w.key("tokenizer.chat_template", type: GGUFWriter.string); w.string(chatTemplate) }
        var offset = 0
        for ((name, shape, tensorType), bytes) in zip(shapes, data) {
            w.string(name)
            w.int(UInt32(shape.count))
            for dimension in shape { w.int(UInt64(dimension)) }
            w.int(tensorType.rawValue)
            w.int(UInt64(offset))
            offset += (bytes.count + 31) / 32 * 32
        }
        w.pad(to: 32)
        for bytes in data {
            w.bytes += bytes
            w.pad(to: 32)
        }
        self.bytes = w.bytes
    }

    /// The logits after each token of `tokens`, computed in doubles from the decoded weights:
    /// RMSNorm, rotary positions on adjacent pairs, grouped-query causal attention, SwiGLU. As
    /// `gemma3`: embeddings scaled by √256, Q and K normalized per head and rotated in halves,
    /// the first layer's attention over the last `slidingWindow` positions, the attention and
    /// feed-forward outputs normalized before they are added, and GELU (tanh form) as the gate.
    func referenceLogits(_ tokens: [Int]) -> [[Double]] {
        let e = Self.embedding, hd = Self.headDimension, group = Self.heads / Self.keyValueHeads
        let gemma = architecture == "gemma3"
        func matrix(_ name: String, _ x: [Double]) -> [Double] {
            let w = values[name]!, columns = x.count
            var y = [Double](repeating: 0, count: w.count / columns)
            for r in y.indices {
                for c in 0..<columns { y[r] += Double(w[r * columns + c]) * x[c] }
            }
            return y
        }
        func norm(_ x: [Double], _ name: String) -> [Double] {
            let scale = 1 / (x.reduce(0) { $0 + $1 * $1 } / Double(x.count) + Double(Self.epsilon)).squareRoot()
            return zip(x, values[name]!).map { $0 * scale * Double($1) }
        }
        /// Each head normalized by `name` (Gemma), then rotated: pair (i, i+1), or (i, i + hd/2) for Gemma.
        func rotate(_ x: [Double], position: Int, norm name: String) -> [Double] {
            var y = x
            for head in 0..<(x.count / hd) {
                if gemma { y.replaceSubrange(head * hd..<(head + 1) * hd, with: norm(Array(x[head * hd..<(head + 1) * hd]), name)) }
                let h = y
                for pair in 0..<hd / 2 {
                    let angle = Double(position) * pow(Double(Self.ropeBase), -Double(2 * pair) / Double(hd))
                    let (i, j) = gemma ? (head * hd + pair, head * hd + pair + hd / 2) : (head * hd + 2 * pair, head * hd + 2 * pair + 1)
                    y[i] = h[i] * cos(angle) - h[j] * sin(angle)
                    y[j] = h[i] * sin(angle) + h[j] * cos(angle)
                }
            }
            return y
        }
        func gelu(_ x: Double) -> Double { 0.5 * x * (1 + tanh((2 / Double.pi).squareRoot() * (x + 0.044715 * x * x * x))) }
        let scale = gemma ? Double(e).squareRoot() : 1
        var states = tokens.map { t in (0..<e).map { Double(values["token_embd.weight"]![t * e + $0]) * scale } }
        for l in 0..<Self.layers {
            let p = "blk.\(l)."
            let window = gemma && l == 0 ? Self.slidingWindow : tokens.count
            let normed = states.map { norm($0, p + "attn_norm.weight") }
            let queries = normed.enumerated().map { rotate(matrix(p + "attn_q.weight", $1), position: $0, norm: p + "attn_q_norm.weight") }
            let keys = normed.enumerated().map { rotate(matrix(p + "attn_k.weight", $1), position: $0, norm: p + "attn_k_norm.weight") }
            let values = normed.map { matrix(p + "attn_v.weight", $0) }
            for t in tokens.indices {
                var attended = [Double](repeating: 0, count: Self.heads * hd)
                let seen = max(0, t + 1 - window)...t
                for head in 0..<Self.heads {
                    let kvHead = head / group
                    let scores = seen.map { s in (0..<hd).reduce(0.0) { $0 + queries[t][head * hd + $1] * keys[s][kvHead * hd + $1] } / Double(hd).squareRoot() }
                    let top = scores.max()!
                    let weights = scores.map { exp($0 - top) }
                    let total = weights.reduce(0, +)
                    for (k, s) in seen.enumerated() { for i in 0..<hd { attended[head * hd + i] += weights[k] / total * values[s][kvHead * hd + i] } }
                }
                let output = matrix(p + "attn_output.weight", attended)
                states[t] = zip(states[t], gemma ? norm(output, p + "post_attention_norm.weight") : output).map(+)
                let h = norm(states[t], p + "ffn_norm.weight")
                let gate = matrix(p + "ffn_gate.weight", h), up = matrix(p + "ffn_up.weight", h)
                let down = matrix(p + "ffn_down.weight", zip(gate, up).map { (gemma ? gelu($0) : $0 / (1 + exp(-$0))) * $1 })
                states[t] = zip(states[t], gemma ? norm(down, p + "post_ffw_norm.weight") : down).map(+)
            }
        }
        return states.map { matrix("token_embd.weight", norm($0, "output_norm.weight")) }
    }
}
