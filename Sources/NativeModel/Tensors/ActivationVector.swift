/// A vector about to be multiplied by weight matrices, kept in every form the matrix kernels
/// consume — as ggml's CPU backend prepares it, so products agree with llama.cpp's to rounding:
/// plain floats (F32 weights), floats rounded through half or bfloat16 precision (F16/BF16
/// weights), 8-bit blocks of 32 with a half scale and a half "scale × sum" (Q4_0, Q4_1, Q8_0
/// weights), and 8-bit blocks of 256 with a float scale and sums per 16 (k-quant weights).
/// Each form is computed on first use after `load`, once for all the matrices that read it.
/// One decode step owns a vector; the pool's threads only read the forms `load` computed before
/// the fork, and the join orders their writes to outputs.
final class ActivationVector {
    enum Form: Int, CaseIterable { case float, half, brainFloat, blocks32, blocks256 }

    let count: Int
    let values: UnsafeMutablePointer<Float>
    let rounded: UnsafeMutablePointer<Float>
    let quants: UnsafeMutablePointer<Int8>
    let scales32: UnsafeMutablePointer<Float>
    let sums32: UnsafeMutablePointer<Float>
    let quantsK: UnsafeMutablePointer<Int8>
    let scales256: UnsafeMutablePointer<Float>
    let sums16: UnsafeMutablePointer<Int32>
    private var ready: [Bool] = Array(repeating: false, count: Form.allCases.count)

    /// `count` must be a multiple of 32 (of 256 for k-quant products).
    init(count: Int) {
        self.count = count
        values = .allocate(capacity: count)
        values.initialize(repeating: 0, count: count)
        rounded = .allocate(capacity: count)
        quants = .allocate(capacity: count)
        quantsK = .allocate(capacity: count)
        scales32 = .allocate(capacity: count / 32 + 1)
        sums32 = .allocate(capacity: count / 32 + 1)
        scales256 = .allocate(capacity: count / 256 + 1)
        sums16 = .allocate(capacity: count / 16 + 1)
    }

    deinit {
        for pointer in [values, rounded, scales32, sums32, scales256] { pointer.deallocate() }
        quants.deallocate()
        quantsK.deallocate()
        sums16.deallocate()
    }

    /// Marks `values` as changed: every derived form is recomputed on its next use.
    func invalidate() {
        for index in ready.indices { ready[index] = false }
    }

    /// Copies `source` in and invalidates the derived forms.
    func load(_ source: UnsafePointer<Float>) {
        values.update(from: source, count: count)
        invalidate()
    }

    /// Computes `form` unless it is current.
    func prepare(_ form: Form) {
        guard !ready[form.rawValue] else { return }
        ready[form.rawValue] = true
        switch form {
        case .float: break
        case .half: for i in 0..<count { rounded[i] = HalfPrecision.rounded(values[i]) }
        case .brainFloat: for i in 0..<count { rounded[i] = Self.brainRounded(values[i]) }
        case .blocks32: quantize32()
        case .blocks256: quantize256()
        }
    }

    private static func brainRounded(_ value: Float) -> Float {
        let bits = value.bitPattern
        if value.isNaN { return value }
        let rounding: UInt32 = 0x7FFF + ((bits >> 16) & 1)
        return Float(bitPattern: (bits &+ rounding) & 0xFFFF_0000)
    }

    /// Blocks of 32: d = max|x|/127, q = x·(127/max|x|) rounded to nearest even, the scale kept in
    /// half precision and `s` = half(d·Σq).
    private func quantize32() {
        for block in 0..<count / 32 {
            let x = values + 32 * block
            var largest: Float = 0
            for j in 0..<32 { largest = max(largest, abs(x[j])) }
            let d = largest / 127
            let inverse: Float = largest != 0 ? 127 / largest : 0
            var sum: Int32 = 0
            for j in 0..<32 {
                // A value that is not a number (a damaged model's) quantizes to 0 instead of trapping.
                let scaled = (x[j] * inverse).rounded(.toNearestOrEven)
                let q: Int8 = scaled.isFinite ? Int8(scaled) : 0
                quants[32 * block + j] = q
                sum += Int32(q)
            }
            scales32[block] = HalfPrecision.rounded(d)
            sums32[block] = HalfPrecision.rounded(d * Float(sum))
        }
    }

    /// Blocks of 256 (Q8_K): the scale comes from the value of largest magnitude with its sign,
    /// q = nearest(−127/max · x) capped at 127, d = 1/scale in full precision, sums per 16.
    private func quantize256() {
        for block in 0..<count / 256 {
            let x = values + 256 * block
            let q = quantsK + 256 * block
            var largest: Float = 0, signed: Float = 0
            for j in 0..<256 where abs(x[j]) > largest {
                largest = abs(x[j])
                signed = x[j]
            }
            if largest == 0 {
                scales256[block] = 0
                for j in 0..<256 { q[j] = 0 }
            } else {
                let scale = -127 / signed
                for j in 0..<256 {
                    let scaled = (scale * x[j]).rounded(.toNearestOrEven)
                    q[j] = scaled.isFinite ? Int8(min(127, Int(scaled))) : 0
                }
                scales256[block] = 1 / scale
            }
            for group in 0..<16 {
                var sum: Int32 = 0
                for j in 0..<16 { sum += Int32(q[16 * group + j]) }
                sums16[16 * block + group] = sum
            }
        }
    }
}
