import GGUF

/// The tensors of one transformer block, checked against the configuration's shapes.
struct LayerWeights: Sendable {
    let attentionNorm: [Float]
    let query: WeightMatrix
    let key: WeightMatrix
    let value: WeightMatrix
    let attentionOutput: WeightMatrix
    /// Qwen2's biases on the Q, K and V projections.
    let queryBias: [Float]?
    let keyBias: [Float]?
    let valueBias: [Float]?
    /// Qwen3's RMS norms over each head of Q and K.
    let queryNorm: [Float]?
    let keyNorm: [Float]?
    let feedForwardNorm: [Float]
    /// Gemma's norms of the attention output and the feed-forward output.
    let postAttentionNorm: [Float]?
    let postFeedForwardNorm: [Float]?
    let gate: WeightMatrix
    let up: WeightMatrix
    let down: WeightMatrix
}

/// Every tensor the forward pass reads, by llama.cpp's GGUF names (`blk.N.attn_q.weight`, …).
/// Matrices stay in the mapped file; norms and biases, being small, are widened to floats.
struct TransformerWeights: Sendable {
    let tokenEmbedding: WeightMatrix
    let outputNorm: [Float]
    /// `output.weight`, or the token embedding when the file ties them.
    let output: WeightMatrix
    let layers: [LayerWeights]
    /// Llama 3's per-dimension divisors of the rotary frequencies (`rope_freqs.weight`).
    let rotaryFactors: [Float]?
    let vocabularySize: Int

    init(_ file: GGUFFile, _ c: TransformerConfiguration) throws(NativeModelError) {
        func tensor(_ name: String) throws(NativeModelError) -> GGUFTensorInfo {
            guard let tensor = file.tensor(named: name) else { throw .missingTensor(name, file: file.name) }
            return tensor
        }
        func matrix(_ name: String, columns: Int, rows: Int?) throws(NativeModelError) -> WeightMatrix {
            let matrix = try WeightMatrix(tensor(name), in: file)
            guard matrix.columns == columns, rows.map({ $0 == matrix.rows }) ?? true else {
                throw .badTensorShape(tensor: name, shape: [matrix.columns, matrix.rows], expected: "[\(columns), \(rows.map(String.init) ?? "vocabulary")]")
            }
            return matrix
        }
        func vector(_ name: String, count: Int, optional: Bool = false) throws(NativeModelError) -> [Float]? {
            guard let info = file.tensor(named: name) else {
                if optional { return nil }
                throw .missingTensor(name, file: file.name)
            }
            guard info.elementCount == count, Dequantization.supported.contains(info.type) else {
                throw .badTensorShape(tensor: name, shape: info.shape, expected: "[\(count)] of a supported type")
            }
            var values = [Float](repeating: 0, count: count)
            values.withUnsafeMutableBufferPointer { Dequantization.row(info.type, at: file.address(of: info), count: count, into: $0.baseAddress!) }
            return values
        }
        let qRows = c.heads * c.headDimension, kvRows = c.keyValueHeads * c.headDimension
        tokenEmbedding = try matrix("token_embd.weight", columns: c.embedding, rows: nil)
        vocabularySize = tokenEmbedding.rows
        outputNorm = try vector("output_norm.weight", count: c.embedding)!
        output = file.tensor(named: "output.weight") == nil
            ? tokenEmbedding : try matrix("output.weight", columns: c.embedding, rows: vocabularySize)
        rotaryFactors = try vector("rope_freqs.weight", count: c.rotaryDimensions / 2, optional: true)
        var layers: [LayerWeights] = []
        for index in 0..<c.layers {
            let p = "blk.\(index)."
            layers.append(LayerWeights(
                attentionNorm: try vector(p + "attn_norm.weight", count: c.embedding)!,
                query: try matrix(p + "attn_q.weight", columns: c.embedding, rows: qRows),
                key: try matrix(p + "attn_k.weight", columns: c.embedding, rows: kvRows),
                value: try matrix(p + "attn_v.weight", columns: c.embedding, rows: kvRows),
                attentionOutput: try matrix(p + "attn_output.weight", columns: qRows, rows: c.embedding),
                queryBias: try vector(p + "attn_q.bias", count: qRows, optional: true),
                keyBias: try vector(p + "attn_k.bias", count: kvRows, optional: true),
                valueBias: try vector(p + "attn_v.bias", count: kvRows, optional: true),
                queryNorm: try vector(p + "attn_q_norm.weight", count: c.headDimension, optional: true),
                keyNorm: try vector(p + "attn_k_norm.weight", count: c.headDimension, optional: true),
                feedForwardNorm: try vector(p + "ffn_norm.weight", count: c.embedding)!,
                postAttentionNorm: try vector(p + "post_attention_norm.weight", count: c.embedding, optional: !c.normalizesBlockOutputs),
                postFeedForwardNorm: try vector(p + "post_ffw_norm.weight", count: c.embedding, optional: !c.normalizesBlockOutputs),
                gate: try matrix(p + "ffn_gate.weight", columns: c.embedding, rows: c.feedForward),
                up: try matrix(p + "ffn_up.weight", columns: c.embedding, rows: c.feedForward),
                down: try matrix(p + "ffn_down.weight", columns: c.feedForward, rows: c.embedding)))
        }
        self.layers = layers
    }
}
