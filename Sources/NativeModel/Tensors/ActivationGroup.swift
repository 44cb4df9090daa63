import GGUF

/// Eight activation vectors of a prompt's batch laid side by side for Q4_0/Q4_1 products
/// (`RowDot.nibbles8`): for each block of 32 and each i < 16, one 16-lane vector holds the
/// eight vectors' 8-bit values i (lanes 0–7) and i + 16 (lanes 8–15), widened to 16 bits, so
/// one weight nibble pair meets all eight in one vector multiply; the blocks' scales and
/// "scale × sum" terms sit in 8-lane vectors likewise. Built from vectors already in their
/// `blocks32` form.
/// Unchecked: its buffers are raw pointers, written on the pool's threads (each its own blocks)
/// before the join and only read after it.
final class ActivationGroup: @unchecked Sendable {
    static let width = 8

    let blocks: Int
    let quants: UnsafeMutablePointer<SIMD16<Int16>>
    let scales: UnsafeMutablePointer<SIMD8<Float>>
    let sums: UnsafeMutablePointer<SIMD8<Float>>

    init(_ vectors: ArraySlice<ActivationVector>) {
        precondition(vectors.count == Self.width)
        let members = Array(vectors)
        blocks = members[0].count / 32
        quants = .allocate(capacity: blocks * 16)
        scales = .allocate(capacity: blocks)
        sums = .allocate(capacity: blocks)
        for block in 0..<blocks {
            var scale = SIMD8<Float>(), sum = SIMD8<Float>()
            for (k, vector) in members.enumerated() {
                scale[k] = vector.scales32[block]
                sum[k] = vector.sums32[block]
            }
            scales[block] = scale
            sums[block] = sum
            for i in 0..<16 {
                var lanes = SIMD16<Int16>()
                for (k, vector) in members.enumerated() {
                    lanes[k] = Int16(vector.quants[32 * block + i])
                    lanes[k + 8] = Int16(vector.quants[32 * block + i + 16])
                }
                quants[16 * block + i] = lanes
            }
        }
    }

    deinit {
        quants.deallocate()
        scales.deallocate()
        sums.deallocate()
    }

    /// Whether products with `type` read groups (the 4-bit block types).
    static func used(by type: GGUFTensorType) -> Bool { type == .q4_0 || type == .q4_1 }
}
