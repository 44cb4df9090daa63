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

    /// The activation form this matrix multiplies with.
    var form: ActivationVector.Form { RowDot.form(for: type) }

    /// Row `row` as floats (an embedding lookup).
    func row(_ row: Int, into output: UnsafeMutablePointer<Float>) {
        Dequantization.row(type, at: base + row * rowBytes, count: columns, into: output)
    }

    /// `outputs[j][r] = row r · inputs[j]` for the rows in `range`; each input must already hold
    /// this matrix's `form`. For Q4_0/Q4_1, `groups` may hold the first `8·groups.count` inputs
    /// as `ActivationGroup`s, multiplied eight at a time.
    func multiply(_ inputs: [ActivationVector], groups: [ActivationGroup] = [], into outputs: [UnsafeMutablePointer<Float>],
                  rows range: Range<Int>) {
        switch type {
        case .f32: apply(RowDot.f32, inputs, outputs, range)
        case .f16: apply({ RowDot.half($0, $1, brain: false) }, inputs, outputs, range)
        case .bf16: apply({ RowDot.half($0, $1, brain: true) }, inputs, outputs, range)
        case .q8_0: apply(RowDot.q8_0, inputs, outputs, range)
        case .q4_0: applyNibbles(RowDot.q4_0, minimum: false, inputs, groups, outputs, range)
        case .q4_1: applyNibbles(RowDot.q4_1, minimum: true, inputs, groups, outputs, range)
        case .q4_K: apply({ RowDot.q45_K($0, $1, fiveBits: false) }, inputs, outputs, range)
        case .q5_K: apply({ RowDot.q45_K($0, $1, fiveBits: true) }, inputs, outputs, range)
        case .q6_K: apply(RowDot.q6_K, inputs, outputs, range)
        default: preconditionFailure("\(type) is refused when the model loads")
        }
    }

    @inline(__always)
    private func apply(_ dot: (UnsafeRawPointer, ActivationVector) -> Float, _ inputs: [ActivationVector],
                       _ outputs: [UnsafeMutablePointer<Float>], _ range: Range<Int>) {
        for row in range {
            let pointer = base + row * rowBytes
            for j in inputs.indices { outputs[j][row] = dot(pointer, inputs[j]) }
        }
    }

    /// Q4_0/Q4_1: each row unpacked once, then the groups eight vectors at a time, the rest one
    /// by one.
    @inline(__always)
    private func applyNibbles(_ dot: (UnsafeRawPointer, ActivationVector) -> Float, minimum: Bool, _ inputs: [ActivationVector],
                              _ groups: [ActivationGroup], _ outputs: [UnsafeMutablePointer<Float>], _ range: Range<Int>) {
        guard !groups.isEmpty else { return apply(dot, inputs, outputs, range) }
        let blocks = columns / 32, grouped = groups.count * ActivationGroup.width
        withUnsafeTemporaryAllocation(of: SIMD16<Int16>.self, capacity: 16 * blocks) { weights in
            for row in range {
                let pointer = base + row * rowBytes
                RowDot.unpackNibbles(pointer, blocks: blocks, minimum: minimum, into: weights.baseAddress!)
                for (g, group) in groups.enumerated() {
                    let totals = RowDot.nibbles8(pointer, weights.baseAddress!, group, minimum: minimum)
                    for k in 0..<ActivationGroup.width { outputs[g * ActivationGroup.width + k][row] = totals[k] }
                }
                for j in grouped..<inputs.count { outputs[j][row] = dot(pointer, inputs[j]) }
            }
        }
    }
}
