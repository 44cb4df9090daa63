import GGUF

/// Weights of a type the kernels do not read, converted once when the model loads into one
/// they do, with no value changed: Q5_0 (x = d·(q − 16), q of five bits) becomes Q8_0 with the
/// same scale and q − 16 as its byte; Q5_1 (x = d·q + m) becomes F32. The converted rows live as
/// long as the matrices that point into them.
final class ConvertedRows: @unchecked Sendable {
    // Unchecked: written once in `init`, only read after.
    let type: GGUFTensorType
    let base: UnsafeMutableRawPointer
    let rowBytes: Int

    /// The types converted, and what each becomes.
    static let targets: [GGUFTensorType: GGUFTensorType] = [.q5_0: .q8_0, .q5_1: .f32]

    init?(_ source: UnsafeRawPointer, type from: GGUFTensorType, rows: Int, columns: Int) {
        guard let target = Self.targets[from] else { return nil }
        type = target
        rowBytes = columns / target.blockElements * target.blockBytes
        base = UnsafeMutableRawPointer.allocate(byteCount: max(1, rows * rowBytes), alignment: 64)
        if target == .f32 {
            Dequantization.row(from, at: source, count: rows * columns, into: base.assumingMemoryBound(to: Float.self))
            return
        }
        for block in 0..<(rows * columns / 32) {
            let input = source + block * from.blockBytes, output = base + block * target.blockBytes
            output.copyMemory(from: input, byteCount: 2)
            Dequantization.fiveBitQuants(input + 2) { j, q in output.storeBytes(of: Int8(q - 16), toByteOffset: 2 + j, as: Int8.self) }
        }
    }

    deinit { base.deallocate() }
}
