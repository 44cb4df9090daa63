import GGUF

/// Dot products of one weight row, read in its stored blocks, with an `ActivationVector` in the
/// form ggml pairs with that type. Integer products inside a block are exact, so results differ
/// from llama.cpp's only in the order floats are summed.
enum RowDot {
    /// The activation form a weight type multiplies with.
    static func form(for type: GGUFTensorType) -> ActivationVector.Form {
        switch type {
        case .f16: return .half
        case .bf16: return .brainFloat
        case .q4_0, .q4_1, .q8_0: return .blocks32
        case .q4_K, .q5_K, .q6_K: return .blocks256
        default: return .float
        }
    }

    // The products are formed in 16 bits, which holds a pair of them (activations stay within
    // ±127), so the compiler can use 16-bit multiply-and-add-pairs instructions; only the pair
    // sums are widened.

    /// Σ a[i]·b[i] over `count` (even) signed bytes, `b` within ±127.
    @inline(__always)
    private static func dot(_ a: UnsafePointer<Int8>, _ b: UnsafePointer<Int8>, _ count: Int) -> Int32 {
        var sum: Int32 = 0
        for i in stride(from: 0, to: count, by: 2) {
            sum &+= Int32(Int16(a[i]) &* Int16(b[i]) &+ Int16(a[i + 1]) &* Int16(b[i + 1]))
        }
        return sum
    }

    /// Σ over 16 packed bytes of (low nibble − offset)·y[i] + (high nibble − offset)·y[i + 16].
    @inline(__always)
    private static func nibbleDot(_ packed: UnsafePointer<UInt8>, _ y: UnsafePointer<Int8>, offset: Int16) -> Int32 {
        var sum: Int32 = 0
        for i in 0..<16 {
            sum &+= Int32((Int16(packed[i] & 0xF) &- offset) &* Int16(y[i]) &+ (Int16(packed[i] >> 4) &- offset) &* Int16(y[i + 16]))
        }
        return sum
    }

    static func f32(_ row: UnsafeRawPointer, _ x: ActivationVector) -> Float {
        floats(row, x.values, count: x.count)
    }

    /// Σ a[i]·b[i] over `count` floats, eight at a time.
    static func floats(_ a: UnsafeRawPointer, _ b: UnsafePointer<Float>, count: Int) -> Float {
        var acc = SIMD8<Float>()
        for i in stride(from: 0, to: count & ~7, by: 8) {
            acc += a.loadUnaligned(fromByteOffset: 4 * i, as: SIMD8<Float>.self) * UnsafeRawPointer(b + i).loadUnaligned(as: SIMD8<Float>.self)
        }
        var total = acc.sum()
        for i in (count & ~7)..<count { total += a.loadUnaligned(fromByteOffset: 4 * i, as: Float.self) * b[i] }
        return total
    }

    /// F16 and BF16 rows: each weight widened to float, times the activation rounded to the same precision.
    static func half(_ row: UnsafeRawPointer, _ x: ActivationVector, brain: Bool) -> Float {
        let bits = row.assumingMemoryBound(to: UInt16.self)
        var total: Float = 0
        for i in 0..<x.count {
            let weight = brain ? HalfPrecision.brainFloat(bits[i]) : HalfPrecision.float(bits[i])
            total += weight * x.rounded[i]
        }
        return total
    }

    static func q8_0(_ row: UnsafeRawPointer, _ x: ActivationVector) -> Float {
        var total: Float = 0
        for block in 0..<x.count / 32 {
            let b = row + 34 * block
            let sumi = dot((b + 2).assumingMemoryBound(to: Int8.self), x.quants + 32 * block, 32)
            total += Dequantization.half(b, 0) * x.scales32[block] * Float(sumi)
        }
        return total
    }

    static func q4_0(_ row: UnsafeRawPointer, _ x: ActivationVector) -> Float {
        var total: Float = 0
        for block in 0..<x.count / 32 {
            let b = row + 18 * block
            let sumi = nibbleDot((b + 2).assumingMemoryBound(to: UInt8.self), x.quants + 32 * block, offset: 8)
            total += Dequantization.half(b, 0) * x.scales32[block] * Float(sumi)
        }
        return total
    }

    static func q4_1(_ row: UnsafeRawPointer, _ x: ActivationVector) -> Float {
        var total: Float = 0
        for block in 0..<x.count / 32 {
            let b = row + 20 * block
            let sumi = nibbleDot((b + 4).assumingMemoryBound(to: UInt8.self), x.quants + 32 * block, offset: 0)
            total += Dequantization.half(b, 0) * x.scales32[block] * Float(sumi) + Dequantization.half(b, 2) * x.sums32[block]
        }
        return total
    }

    /// A Q4_0 (`minimum` false: 18-byte blocks, nibbles less 8) or Q4_1 row (20-byte blocks with
    /// a half minimum) as 16-lane vectors for `nibbles8`: per block and i < 16, lanes 0–7 hold
    /// weight i and lanes 8–15 weight i + 16. Done once per row for all of a batch's groups.
    static func unpackNibbles(_ row: UnsafeRawPointer, blocks: Int, minimum: Bool, into weights: UnsafeMutablePointer<SIMD16<Int16>>) {
        let blockBytes = minimum ? 20 : 18, offset: Int16 = minimum ? 0 : 8
        for block in 0..<blocks {
            let packed = (row + blockBytes * block + blockBytes - 16).assumingMemoryBound(to: UInt8.self)
            for i in 0..<16 {
                let low = Int16(packed[i] & 0xF) &- offset, high = Int16(packed[i] >> 4) &- offset
                weights[16 * block + i] = SIMD16(lowHalf: SIMD8(repeating: low), highHalf: SIMD8(repeating: high))
            }
        }
    }

    /// An unpacked Q4_0/Q4_1 row times the eight vectors of `group`. The 16 products per lane
    /// of a block are summed in 16 bits — they stay within ±16·15·127 — and widened once per
    /// block. Each lane's floats are formed and summed in the order `q4_0`/`q4_1` use, so a
    /// vector gets the same bits in a group as alone.
    static func nibbles8(_ row: UnsafeRawPointer, _ weights: UnsafePointer<SIMD16<Int16>>, _ group: ActivationGroup, minimum: Bool) -> SIMD8<Float> {
        let blockBytes = minimum ? 20 : 18
        var totals = SIMD8<Float>()
        for block in 0..<group.blocks {
            let w = weights + 16 * block, y = group.quants + 16 * block
            var lanes = SIMD16<Int16>()
            for i in 0..<16 { lanes &+= w[i] &* y[i] }
            let sums = SIMD8<Int32>(truncatingIfNeeded: lanes.lowHalf) &+ SIMD8<Int32>(truncatingIfNeeded: lanes.highHalf)
            let b = row + blockBytes * block
            var term = Dequantization.half(b, 0) * group.scales[block] * SIMD8<Float>(sums)
            if minimum { term += Dequantization.half(b, 2) * group.sums[block] }
            totals += term
        }
        return totals
    }

    /// Q4_K and Q5_K: Σ over sub-blocks of scale·(q·y), less dmin·Σ min·(sum of y), per block.
    static func q45_K(_ row: UnsafeRawPointer, _ x: ActivationVector, fiveBits: Bool) -> Float {
        let blockBytes = fiveBits ? 176 : 144
        var total: Float = 0
        for block in 0..<x.count / 256 {
            let b = row + blockBytes * block
            let packed = (b + 4).assumingMemoryBound(to: UInt8.self)
            let qh = (b + 16).assumingMemoryBound(to: UInt8.self)
            let qs = (b + (fiveBits ? 48 : 16)).assumingMemoryBound(to: UInt8.self)
            let y = x.quantsK + 256 * block
            let sums = x.sums16 + 16 * block
            var scaled: Int32 = 0, mins: Int32 = 0
            for pair in 0..<4 {
                let q = qs + 32 * pair, yLow = y + 64 * pair, yHigh = y + 64 * pair + 32
                var dotLow: Int32 = 0, dotHigh: Int32 = 0
                if fiveBits {
                    let lowShift = UInt8(2 * pair), highShift = UInt8(2 * pair + 1)
                    for i in 0..<32 {
                        dotLow &+= Int32(q[i] & 0xF | (qh[i] >> lowShift & 1) << 4) &* Int32(yLow[i])
                        dotHigh &+= Int32(q[i] >> 4 | (qh[i] >> highShift & 1) << 4) &* Int32(yHigh[i])
                    }
                } else {
                    for i in 0..<32 {
                        dotLow &+= Int32(q[i] & 0xF) &* Int32(yLow[i])
                        dotHigh &+= Int32(q[i] >> 4) &* Int32(yHigh[i])
                    }
                }
                let (scale1, min1) = Dequantization.scaleAndMin(2 * pair, packed)
                let (scale2, min2) = Dequantization.scaleAndMin(2 * pair + 1, packed)
                scaled &+= Int32(scale1) &* dotLow &+ Int32(scale2) &* dotHigh
                mins &+= Int32(min1) &* (sums[4 * pair] &+ sums[4 * pair + 1]) &+ Int32(min2) &* (sums[4 * pair + 2] &+ sums[4 * pair + 3])
            }
            let dy = x.scales256[block]
            total += Dequantization.half(b, 0) * dy * Float(scaled) - Dequantization.half(b, 2) * dy * Float(mins)
        }
        return total
    }

    /// Q6_K: each half of a block holds values l, l+32, l+64, l+96 in the low and high nibbles of
    /// two 32-byte runs of `ql` and the 2-bit pairs of one run of `qh`; scales go per 16 values.
    static func q6_K(_ row: UnsafeRawPointer, _ x: ActivationVector) -> Float {
        var total: Float = 0
        for block in 0..<x.count / 256 {
            let b = row + 210 * block
            let ql = b.assumingMemoryBound(to: UInt8.self)
            let qh = (b + 128).assumingMemoryBound(to: UInt8.self)
            let scales = (b + 192).assumingMemoryBound(to: Int8.self)
            let y = x.quantsK + 256 * block
            var scaled: Int32 = 0
            for n in 0..<2 {
                for k in 0..<4 {
                    let low = ql + 64 * n + 32 * (k & 1), high = qh + 32 * n, target = y + 128 * n + 32 * k
                    let nibbleShift = UInt8(4 * (k >> 1)), highShift = UInt8(2 * k)
                    for half in 0..<2 {
                        var sum: Int32 = 0
                        for l in (16 * half)..<(16 * half + 16) {
                            let q = Int32(low[l] >> nibbleShift & 0xF | (high[l] >> highShift & 3) << 4) &- 32
                            sum &+= q &* Int32(target[l])
                        }
                        scaled &+= Int32(scales[8 * n + 2 * k + half]) &* sum
                    }
                }
            }
            total += Dequantization.half(b, 208) * x.scales256[block] * Float(scaled)
        }
        return total
    }
}
