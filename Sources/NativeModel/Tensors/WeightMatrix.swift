import GGUF

/// A 2-D weight tensor of a model file read in place: `rows` rows of `columns` values each, in
/// the file's own block type. Multiplying it by vectors reads each row once for a whole batch.
/// Unchecked: `base` points into the model file's storage, which is read-only and outlives every matrix.
struct WeightMatrix: @unchecked Sendable {
    let name: String
    let type: GGUFTensorType
    let rows: Int
    let columns: Int
    let base: UnsafeRawPointer
    let rowBytes: Int

    init(_ tensor: GGUFTensorInfo, in file: GGUFFile) throws(NativeModelError) {
        guard tensor.shape.count <= 2 || tensor.shape.dropFirst(2).allSatisfy({ $0 == 1 }) else {
            throw .badTensorShape(tensor: tensor.name, shape: tensor.shape, expected: "a matrix")
        }
        try self.init(type: tensor.type, rows: tensor.shape.count > 1 ? tensor.shape[1] : 1, columns: tensor.shape[0],
                      base: file.address(of: tensor), name: tensor.name)
    }

    /// A matrix whose rows lie one after another from `base`.
    init(type: GGUFTensorType, rows: Int, columns: Int, base: UnsafeRawPointer, name: String) throws(NativeModelError) {
        guard Dequantization.supported.contains(type) else {
            throw .unsupportedTensorType(tensor: name, type: type.description)
        }
        self.name = name
        self.type = type
        self.rows = rows
        self.columns = columns
        self.base = base
        rowBytes = columns / type.blockElements * type.blockBytes
    }

    /// The activation form this matrix multiplies with: the one ggml pairs with its type.
    var form: ActivationVector.Form {
        switch type {
        case .f16: return .half
        case .bf16: return .brainFloat
        case .q4_0, .q4_1, .q5_0, .q5_1, .q8_0: return .blocks32
        case .q4_K, .q5_K, .q6_K: return .blocks256
        default: return .float
        }
    }

    /// Row `row` as floats (an embedding lookup).
    func row(_ row: Int, into output: UnsafeMutablePointer<Float>) {
        Dequantization.row(type, at: base + row * rowBytes, count: columns, into: output)
    }

    /// `outputs[j][r] = row r · inputs[j]` for the rows in `range`, by `kernels`; each input must
    /// already hold this matrix's `form`. For Q4_0/Q4_1, `groups` may hold the first
    /// `8·groups.count` inputs as `ActivationGroup`s, multiplied eight at a time.
    func multiply(_ inputs: [ActivationVector], groups: [ActivationGroup] = [], into outputs: [UnsafeMutablePointer<Float>],
                  rows range: Range<Int>, kernels: Kernels) {
        if Self.multipliedEightAtATime.contains(type), inputs.count >= 8 {
            multiplyEightAtATime(inputs, into: outputs, rows: range, kernels: kernels)
            return
        }
        guard !groups.isEmpty else {
            for row in range {
                let pointer = base + row * rowBytes
                for j in inputs.indices { outputs[j][row] = kernels.dot(type, pointer, inputs[j]) }
            }
            return
        }
        // Each row's nibbles are unpacked once for all the groups; the groups' buffers are read
        // into plain pointers first, so the row loop touches no object.
        let blocks = columns / 32, minimum = type == .q4_1, width = ActivationGroup.width
        let layouts = groups.map { (quants: UnsafePointer($0.quants), scales: UnsafePointer($0.scales), sums: UnsafePointer($0.sums)) }
        withExtendedLifetime(groups) {
            withUnsafeTemporaryAllocation(of: Int16.self, capacity: 256 * blocks) { weights in
                withUnsafeTemporaryAllocation(of: Float.self, capacity: width) { totals in
                    for row in range {
                        let pointer = base + row * rowBytes
                        kernels.unpack(pointer, blocks: blocks, minimum: minimum, into: weights.baseAddress!)
                        for (g, group) in layouts.enumerated() {
                            kernels.dot(pointer, weights: weights.baseAddress!, group.quants, group.scales, group.sums, blocks: blocks,
                                        minimum: minimum, into: totals.baseAddress!)
                            for k in 0..<width { outputs[g * width + k][row] = totals[k] }
                        }
                        for j in (groups.count * width)..<inputs.count { outputs[j][row] = kernels.dot(type, pointer, inputs[j]) }
                    }
                }
            }
        }
    }

    /// The types whose kernels take eight vectors at once (beside Q4_0/Q4_1's groups).
    private static let multipliedEightAtATime: Set<GGUFTensorType> = [.q8_0, .q5_0, .q5_1, .q4_K, .q6_K]

    /// A Q8_0, Q5_0, Q5_1, Q4_K or Q6_K matrix times a batch: each row's blocks read once for
    /// eight vectors at a time (the same bits as one vector at a time), the vectors past the last
    /// eight one by one.
    private func multiplyEightAtATime(_ inputs: [ActivationVector], into outputs: [UnsafeMutablePointer<Float>], rows range: Range<Int>,
                                      kernels: Kernels) {
        let whole = inputs.count / 8 * 8, kQuant = type == .q4_K || type == .q6_K
        // The kernels take each vector's buffers as arrays of pointers, eight from `first`.
        let quants = UnsafeMutablePointer<UnsafePointer<Int8>?>.allocate(capacity: whole)
        let scales = UnsafeMutablePointer<UnsafePointer<Float>?>.allocate(capacity: whole)
        let sums16 = UnsafeMutablePointer<UnsafePointer<Int32>?>.allocate(capacity: whole)
        let sums32 = UnsafeMutablePointer<UnsafePointer<Float>?>.allocate(capacity: whole)
        let totals = UnsafeMutablePointer<Float>.allocate(capacity: 8)
        defer {
            quants.deallocate()
            scales.deallocate()
            sums16.deallocate()
            sums32.deallocate()
            totals.deallocate()
        }
        for (k, input) in inputs.prefix(whole).enumerated() {
            quants[k] = UnsafePointer(kQuant ? input.quantsK : input.quants)
            scales[k] = UnsafePointer(kQuant ? input.scales256 : input.scales32)
            sums16[k] = UnsafePointer(input.sums16)
            sums32[k] = UnsafePointer(input.sums32)
        }
        withExtendedLifetime(inputs) {
            for row in range {
                let pointer = base + row * rowBytes
                for first in stride(from: 0, to: whole, by: 8) {
                    switch type {
                    case .q4_K: kernels.dotQ4K(pointer, quants + first, scales + first, sums16 + first, blocks: columns / 256, into: totals)
                    case .q6_K: kernels.dotQ6K(pointer, quants + first, scales + first, sums16 + first, blocks: columns / 256, into: totals)
                    case .q5_0, .q5_1:
                        kernels.dotQ5(pointer, quants + first, scales + first, sums32 + first, blocks: columns / 32, minimum: type == .q5_1,
                                      into: totals)
                    default: kernels.dotQ8(pointer, quants + first, scales + first, blocks: columns / 32, into: totals)
                    }
                    for k in 0..<8 { outputs[first + k][row] = totals[k] }
                }
                for j in whole..<inputs.count { outputs[j][row] = kernels.dot(type, pointer, inputs[j]) }
            }
        }
    }
}
