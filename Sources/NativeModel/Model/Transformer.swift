import Foundation

/// The llama-family forward pass: RMSNorm, grouped-query attention with rotary positions over a
/// half-precision KV cache, a SwiGLU feed-forward block (GeGLU, norms after attention and the
/// feed-forward block, and sliding-window layers for Gemma 3), and the output projection.
/// Numerics follow ggml's CPU backend (8-bit activation blocks, half-precision keys, queries and
/// attention weights, GELU read at half precision) so greedy decoding agrees with llama.cpp.
struct Transformer: Sendable {
    let configuration: TransformerConfiguration
    let weights: TransformerWeights
    let products: ParallelProducts

    /// Runs `tokens` at positions `cache.count…` and returns the logits after the last one;
    /// the cache then holds them all.
    func forward(_ tokens: [Int], cache: KeyValueCache) -> [Float] {
        let c = configuration
        let n = tokens.count
        let start = cache.count
        let (e, qWidth, kvWidth) = (c.embedding, c.heads * c.headDimension, c.keyValueHeads * c.headDimension)
        cache.reserve(start + n)

        let hidden = Buffer(n * e), projected = Buffer(n * e)
        let queries = Buffer(n * qWidth), keys = Buffer(n * kvWidth), values = Buffer(n * kvWidth)
        let gates = Buffer(n * c.feedForward), ups = Buffer(n * c.feedForward)
        let normed = (0..<n).map { _ in ActivationVector(count: e) }
        let attended = (0..<n).map { _ in ActivationVector(count: qWidth) }
        let activated = (0..<n).map { _ in ActivationVector(count: c.feedForward) }
        for (j, token) in tokens.enumerated() {
            weights.tokenEmbedding.row(token, into: hidden[j * e])
            if c.embeddingScale != 1 { for i in 0..<e { hidden[j * e + i].pointee *= c.embeddingScale } }
        }

        for (index, layer) in weights.layers.enumerated() {
            let sliding = c.slidingLayers[index]
            let (rotaryBase, rotaryScale) = sliding ? (c.slidingRotaryBase, Float(1)) : (c.rotaryBase, c.rotaryScale)
            products.forEach(n) { j in normalize(hidden[j * e], layer.attentionNorm, into: normed[j]) }
            products.run([
                MatrixProduct(matrix: layer.query, inputs: normed, outputs: (0..<n).map { queries[$0 * qWidth] }),
                MatrixProduct(matrix: layer.key, inputs: normed, outputs: (0..<n).map { keys[$0 * kvWidth] }),
                MatrixProduct(matrix: layer.value, inputs: normed, outputs: (0..<n).map { values[$0 * kvWidth] }),
            ])
            products.forEach(n) { j in
                let position = start + j
                addBias(layer.queryBias, queries[j * qWidth])
                addBias(layer.keyBias, keys[j * kvWidth])
                addBias(layer.valueBias, values[j * kvWidth])
                for head in 0..<c.heads {
                    if let norm = layer.queryNorm { headNorm(queries[j * qWidth + head * c.headDimension], norm) }
                    rotate(queries[j * qWidth + head * c.headDimension], position: position, base: rotaryBase, scale: rotaryScale)
                }
                for head in 0..<c.keyValueHeads {
                    if let norm = layer.keyNorm { headNorm(keys[j * kvWidth + head * c.headDimension], norm) }
                    rotate(keys[j * kvWidth + head * c.headDimension], position: position, base: rotaryBase, scale: rotaryScale)
                }
                let keySlot = cache.key(layer: index, position: position), valueSlot = cache.value(layer: index, position: position)
                for i in 0..<kvWidth {
                    keySlot[i] = HalfPrecision.bits(keys[j * kvWidth + i].pointee)
                    valueSlot[i] = HalfPrecision.bits(values[j * kvWidth + i].pointee)
                }
            }
            attend(layer: index, queries: queries, into: attended, start: start, cache: cache, window: sliding ? c.slidingWindow : nil)
            products.run([MatrixProduct(matrix: layer.attentionOutput, inputs: attended, outputs: (0..<n).map { projected[$0 * e] })])
            if let norm = layer.postAttentionNorm { products.forEach(n) { j in headNorm(projected[j * e], norm) } }
            hidden.add(projected, count: n * e)
            products.forEach(n) { j in normalize(hidden[j * e], layer.feedForwardNorm, into: normed[j]) }
            products.run([
                MatrixProduct(matrix: layer.gate, inputs: normed, outputs: (0..<n).map { gates[$0 * c.feedForward] }),
                MatrixProduct(matrix: layer.up, inputs: normed, outputs: (0..<n).map { ups[$0 * c.feedForward] }),
            ])
            products.forEach(n) { j in
                let target = activated[j].values
                for i in 0..<c.feedForward {
                    let g = gates[j * c.feedForward + i].pointee
                    let gated = c.activation == .silu ? g / (1 + expf(-g)) : Self.gelu(g)
                    target[i] = gated * ups[j * c.feedForward + i].pointee
                }
                activated[j].invalidate()
            }
            products.run([MatrixProduct(matrix: layer.down, inputs: activated, outputs: (0..<n).map { projected[$0 * e] })])
            if let norm = layer.postFeedForwardNorm { products.forEach(n) { j in headNorm(projected[j * e], norm) } }
            hidden.add(projected, count: n * e)
        }
        cache.count = start + n

        let last = ActivationVector(count: e)
        normalize(hidden[(n - 1) * e], weights.outputNorm, into: last)
        var logits = [Float](repeating: 0, count: weights.vocabularySize)
        logits.withUnsafeMutableBufferPointer { buffer in
            products.run([MatrixProduct(matrix: weights.output, inputs: [last], outputs: [buffer.baseAddress!])])
        }
        return logits
    }

    /// x / rms(x) · weight, with the sum of squares in double precision as ggml takes it.
    private func normalize(_ x: UnsafeMutablePointer<Float>, _ weight: [Float], into output: ActivationVector) {
        let count = weight.count
        var sum: Double = 0
        for i in 0..<count { sum += Double(x[i] * x[i]) }
        let scale = 1 / (Float(sum / Double(count)) + configuration.normEpsilon).squareRoot()
        for i in 0..<count { output.values[i] = x[i] * scale * weight[i] }
        output.invalidate()
    }

    /// GELU in its tanh form as ggml's CPU backend takes it: from a table of half-precision
    /// results indexed by the input rounded to half precision, 0 at or below −10 and the
    /// input itself at or above 10.
    static func gelu(_ x: Float) -> Float {
        if x <= -10 { return 0 }
        if x >= 10 { return x }
        return geluTable[Int(HalfPrecision.bits(x))]
    }

    /// GELU of every half-precision value, rounded to half precision, by its bits.
    private static let geluTable: [Float] = (0...Int(UInt16.max)).map { bits in
        let h = HalfPrecision.float(UInt16(bits))
        return HalfPrecision.rounded(0.5 * h * (1 + tanhf(0.797_884_56 * h * (1 + 0.044715 * h * h))))
    }

    /// x / rms(x) · weight in place, over `weight.count` values (a head, or a block's output).
    private func headNorm(_ x: UnsafeMutablePointer<Float>, _ weight: [Float]) {
        var sum: Double = 0
        for i in 0..<weight.count { sum += Double(x[i] * x[i]) }
        let scale = 1 / (Float(sum / Double(weight.count)) + configuration.normEpsilon).squareRoot()
        for i in 0..<weight.count { x[i] = x[i] * scale * weight[i] }
    }

    private func addBias(_ bias: [Float]?, _ x: UnsafeMutablePointer<Float>) {
        guard let bias else { return }
        for i in bias.indices { x[i] += bias[i] }
    }

    /// Rotates one head in place. The angle of pair i is position·base^(−2i/d), built by repeated
    /// multiplication in single precision as ggml builds it.
    private func rotate(_ x: UnsafeMutablePointer<Float>, position: Int, base: Float, scale: Float) {
        let c = configuration
        let step = powf(base, -2 / Float(c.rotaryDimensions))
        var theta = Float(position)
        for pair in 0..<c.rotaryDimensions / 2 {
            let angle = scale * (theta / (weights.rotaryFactors?[pair] ?? 1))
            let (cosine, sine) = (cosf(angle), sinf(angle))
            let (a, b) = c.rotaryPairing == .adjacent ? (2 * pair, 2 * pair + 1) : (pair, pair + c.rotaryDimensions / 2)
            let (x0, x1) = (x[a], x[b])
            x[a] = x0 * cosine - x1 * sine
            x[b] = x0 * sine + x1 * cosine
            theta *= step
        }
    }

    /// Causal attention for every (token, head) pair of the batch, split across threads; the
    /// heads of a thread's share that use the same key-value head are attended together, so
    /// each cached key and value is widened once for them. With a `window`, a position attends
    /// to the last `window` positions only (itself included).
    private func attend(layer: Int, queries: Buffer, into outputs: [ActivationVector], start: Int, cache: KeyValueCache, window: Int?) {
        let c = configuration
        let (d, qWidth) = (c.headDimension, c.heads * c.headDimension)
        let group = c.heads / c.keyValueHeads
        let scale = c.attentionScale
        let pairs = outputs.count * c.heads
        let threads = products.threads
        products.pool.run { thread in
            let scratch = Buffer(group * (start + outputs.count + d) + d)
            var pair = pairs * thread / threads
            let end = pairs * (thread + 1) / threads
            while pair < end {
                let (j, head) = pair.quotientAndRemainder(dividingBy: c.heads)
                let kvOffset = (head / group) * d
                let heads = min(end - pair, group - head % group)
                let first = window.map { max(0, start + j + 1 - $0) } ?? 0
                products.kernels.attend(queries[j * qWidth + head * d], heads: heads, keys: cache.key(layer: layer, position: first) + kvOffset,
                                        values: cache.value(layer: layer, position: first) + kvOffset, stride: cache.width,
                                        span: start + j + 1 - first, dimension: d, scale: scale, scratch: scratch.base,
                                        into: outputs[j].values + head * d)
                pair += heads
            }
        }
        for output in outputs { output.invalidate() }
    }
}

/// A scratch array of floats addressed by element offset, owned by one forward pass; the pool's
/// threads write disjoint ranges of it.
final class Buffer {
    let base: UnsafeMutablePointer<Float>
    init(_ count: Int) {
        base = .allocate(capacity: max(count, 1))
        base.initialize(repeating: 0, count: max(count, 1))
    }
    deinit { base.deallocate() }
    subscript(offset: Int) -> UnsafeMutablePointer<Float> { base + offset }
    func add(_ other: Buffer, count: Int) {
        for i in 0..<count { base[i] += other.base[i] }
    }
}
