import GGUF

/// Turns rows of GGUF tensor data back into `Float`s, block by block, with the formulas of ggml's
/// reference implementation. The runtime needs this for embedding lookups and small vectors;
/// the matrix products read the blocks directly (see `WeightMatrix`).
enum Dequantization {
    /// The tensor types the runtime reads and multiplies.
    static let supported: Set<GGUFTensorType> = [.f32, .f16, .bf16, .q8_0, .q4_0, .q4_1, .q5_0, .q5_1, .q4_K, .q5_K, .q6_K]

    /// Writes the `count` values stored at `row` (whole blocks of `type`) into `output`.
    static func row(_ type: GGUFTensorType, at row: UnsafeRawPointer, count: Int, into output: UnsafeMutablePointer<Float>) {
        let blocks = count / type.blockElements
        for block in 0..<blocks {
            let source = row + block * type.blockBytes
            let target = output + block * type.blockElements
            switch type {
            case .f32: target.pointee = source.loadUnaligned(as: Float.self)
            case .f16: target.pointee = HalfPrecision.float(source.loadUnaligned(as: UInt16.self))
            case .bf16: target.pointee = HalfPrecision.brainFloat(source.loadUnaligned(as: UInt16.self))
            case .q8_0: q8_0(source, target)
            case .q4_0: q4_0(source, target)
            case .q4_1: q4_1(source, target)
            case .q5_0:
                let d = half(source, 0)
                fiveBitQuants(source + 2) { j, q in target[j] = d * Float(q - 16) }
            case .q5_1:
                let d = half(source, 0), m = half(source, 2)
                fiveBitQuants(source + 4) { j, q in target[j] = d * Float(q) + m }
            case .q4_K: q45_K(source, target, fiveBits: false)
            case .q5_K: q45_K(source, target, fiveBits: true)
            case .q6_K: q6_K(source, target)
            default: preconditionFailure("\(type) is refused when the model loads")
            }
        }
    }

    /// Calls `body` with each of a Q5 block's 32 five-bit quants (0…31) and its position: 4 bytes
    /// of high bits (bit j for value j), then 16 bytes of nibbles — the low nibbles are values
    /// 0–15, the high 16–31.
    static func fiveBitQuants(_ block: UnsafeRawPointer, _ body: (Int, Int) -> Void) {
        let high = UInt32(littleEndian: block.loadUnaligned(as: UInt32.self))
        let nibbles = (block + 4).assumingMemoryBound(to: UInt8.self)
        for j in 0..<16 {
            body(j, Int(nibbles[j] & 0xF) | Int((high >> UInt32(j)) & 1) << 4)
            body(j + 16, Int(nibbles[j] >> 4) | Int((high >> UInt32(j + 16)) & 1) << 4)
        }
    }

    @inline(__always)
    static func half(_ pointer: UnsafeRawPointer, _ offset: Int) -> Float {
        HalfPrecision.float(pointer.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
    }

    /// Q8_0: a half scale `d`, then 32 signed bytes; x = d·q.
    private static func q8_0(_ block: UnsafeRawPointer, _ y: UnsafeMutablePointer<Float>) {
        let d = half(block, 0)
        let qs = (block + 2).assumingMemoryBound(to: Int8.self)
        for j in 0..<32 { y[j] = d * Float(qs[j]) }
    }

    /// Q4_0: `d`, then 16 bytes of nibbles; the low nibbles are values 0–15, the high 16–31; x = d·(q−8).
    private static func q4_0(_ block: UnsafeRawPointer, _ y: UnsafeMutablePointer<Float>) {
        let d = half(block, 0)
        let qs = (block + 2).assumingMemoryBound(to: UInt8.self)
        for j in 0..<16 {
            y[j] = d * Float(Int(qs[j] & 0xF) - 8)
            y[j + 16] = d * Float(Int(qs[j] >> 4) - 8)
        }
    }

    /// Q4_1: `d` and a minimum `m`, then nibbles as in Q4_0; x = d·q + m.
    private static func q4_1(_ block: UnsafeRawPointer, _ y: UnsafeMutablePointer<Float>) {
        let d = half(block, 0)
        let m = half(block, 2)
        let qs = (block + 4).assumingMemoryBound(to: UInt8.self)
        for j in 0..<16 {
            y[j] = d * Float(qs[j] & 0xF) + m
            y[j + 16] = d * Float(qs[j] >> 4) + m
        }
    }

    /// The 6-bit scale and minimum of sub-block `j` (of 8) from the 12 packed bytes of a Q4_K/Q5_K block.
    @inline(__always)
    static func scaleAndMin(_ j: Int, _ packed: UnsafePointer<UInt8>) -> (scale: UInt8, min: UInt8) {
        if j < 4 { return (packed[j] & 63, packed[j + 4] & 63) }
        return ((packed[j + 4] & 0xF) | ((packed[j - 4] >> 6) << 4), (packed[j + 4] >> 4) | ((packed[j] >> 6) << 4))
    }

    /// Q4_K and Q5_K: 256 values in 8 sub-blocks of 32; `d`, `dmin`, 12 bytes of 6-bit scales and
    /// minimums, for Q5_K 32 bytes of fifth bits (bit 2·pair for the low sub-block, 2·pair+1 for
    /// the high one), then 128 bytes of nibbles (each 32 bytes hold two sub-blocks: low nibbles
    /// first); x = d·sc·q − dmin·m.
    private static func q45_K(_ block: UnsafeRawPointer, _ y: UnsafeMutablePointer<Float>, fiveBits: Bool) {
        let d = half(block, 0)
        let dmin = half(block, 2)
        let packed = (block + 4).assumingMemoryBound(to: UInt8.self)
        let qh = (block + 16).assumingMemoryBound(to: UInt8.self)
        let qs = (block + (fiveBits ? 48 : 16)).assumingMemoryBound(to: UInt8.self)
        for pair in 0..<4 {
            let (sc1, m1) = scaleAndMin(2 * pair, packed)
            let (sc2, m2) = scaleAndMin(2 * pair + 1, packed)
            let (d1, min1, d2, min2) = (d * Float(sc1), dmin * Float(m1), d * Float(sc2), dmin * Float(m2))
            let q = qs + 32 * pair
            let out = y + 64 * pair
            let low = UInt8(1) << (2 * pair), high = UInt8(2) << (2 * pair)
            for l in 0..<32 {
                let fifthLow: UInt8 = fiveBits && qh[l] & low != 0 ? 16 : 0, fifthHigh: UInt8 = fiveBits && qh[l] & high != 0 ? 16 : 0
                out[l] = d1 * Float((q[l] & 0xF) + fifthLow) - min1
                out[l + 32] = d2 * Float((q[l] >> 4) + fifthHigh) - min2
            }
        }
    }

    /// The four signed 6-bit values at position `l` of half `n` of a Q6_K block (each 128 values).
    @inline(__always)
    private static func q6Values(_ ql: UnsafePointer<UInt8>, _ qh: UnsafePointer<UInt8>, _ l: Int) -> (Int, Int, Int, Int) {
        (Int((ql[l] & 0xF) | ((qh[l] & 3) << 4)) - 32,
         Int((ql[l + 32] & 0xF) | (((qh[l] >> 2) & 3) << 4)) - 32,
         Int((ql[l] >> 4) | (((qh[l] >> 4) & 3) << 4)) - 32,
         Int((ql[l + 32] >> 4) | (((qh[l] >> 6) & 3) << 4)) - 32)
    }

    /// Q6_K: 128 bytes of low nibbles, 64 of 2-bit high parts, 16 signed 8-bit scales (one per 16
    /// values), then `d`; x = d·scale·(q−32).
    private static func q6_K(_ block: UnsafeRawPointer, _ y: UnsafeMutablePointer<Float>) {
        let ql = block.assumingMemoryBound(to: UInt8.self)
        let qh = (block + 128).assumingMemoryBound(to: UInt8.self)
        let scales = (block + 192).assumingMemoryBound(to: Int8.self)
        let d = half(block, 208)
        for n in 0..<2 {
            let out = y + 128 * n
            let sc = scales + 8 * n
            for l in 0..<32 {
                let (q1, q2, q3, q4) = q6Values(ql + 64 * n, qh + 32 * n, l)
                let s = l / 16
                out[l] = d * Float(sc[s]) * Float(q1)
                out[l + 32] = d * Float(sc[s + 2]) * Float(q2)
                out[l + 64] = d * Float(sc[s + 4]) * Float(q3)
                out[l + 96] = d * Float(sc[s + 6]) * Float(q4)
            }
        }
    }
}
