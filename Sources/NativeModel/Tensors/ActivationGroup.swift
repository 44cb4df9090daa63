import GGUF

/// Eight activation vectors of a prompt's batch laid side by side for Q4_0/Q4_1 products
/// (`Kernels.dot(_:weights:_:_:_:blocks:minimum:into:)`): for each block of 32 and each i < 16, sixteen 16-bit
/// lanes hold the eight vectors' 8-bit values i (lanes 0–7) and i + 16 (lanes 8–15), so one
/// weight nibble pair meets all eight in one vector multiply; the blocks' scales and "scale ×
/// sum" terms sit eight to a block likewise. Built from vectors already in their `blocks32` form.
/// Its buffers are written on the pool's threads (each its own blocks) before the join and only
/// read after it.
final class ActivationGroup {
    static let width = 8

    let blocks: Int
    let quants: UnsafeMutablePointer<Int16>
    let scales: UnsafeMutablePointer<Float>
    let sums: UnsafeMutablePointer<Float>

    init(_ vectors: ArraySlice<ActivationVector>) {
        precondition(vectors.count == Self.width)
        let members = Array(vectors)
        blocks = members[0].count / 32
        quants = .allocate(capacity: blocks * 16 * 16)
        scales = .allocate(capacity: blocks * Self.width)
        sums = .allocate(capacity: blocks * Self.width)
        for block in 0..<blocks {
            for (k, vector) in members.enumerated() {
                scales[Self.width * block + k] = vector.scales32[block]
                sums[Self.width * block + k] = vector.sums32[block]
            }
            for i in 0..<16 {
                let lanes = quants + 16 * (16 * block + i)
                for (k, vector) in members.enumerated() {
                    lanes[k] = Int16(vector.quants[32 * block + i])
                    lanes[k + 8] = Int16(vector.quants[32 * block + i + 16])
                }
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
