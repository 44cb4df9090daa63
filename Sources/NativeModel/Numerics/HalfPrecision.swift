/// IEEE 754 half precision (binary16) and bfloat16, as GGUF stores scales, F16/BF16 tensors and
/// as the KV cache keeps keys and values. Conversions use the platform's `Float16` (one F16C or
/// NEON instruction) where Swift offers it, and portable bit arithmetic on Intel macOS, which
/// has no `Float16`; the portable forms are tested against `Float16` everywhere else.
enum HalfPrecision {
    /// A half's value.
    @inline(__always)
    static func float(_ bits: UInt16) -> Float {
        #if os(macOS) && arch(x86_64)
        return portableFloat(bits)
        #else
        return Float(Float16(bitPattern: bits))
        #endif
    }

    /// The nearest half to `value` (ties to even).
    @inline(__always)
    static func bits(_ value: Float) -> UInt16 {
        #if os(macOS) && arch(x86_64)
        return portableBits(value)
        #else
        return Float16(value).bitPattern
        #endif
    }

    /// A half's value by bit arithmetic: the magnitude bits moved to a float's positions read as
    /// 2^-112 times the value, for subnormals too, so one exact multiplication rescales them;
    /// only infinities and NaNs, whose exponent must become all ones, are set apart.
    @inline(__always)
    static func portableFloat(_ bits: UInt16) -> Float {
        let magnitude = UInt32(bits & 0x7FFF) << 13
        let value = bits & 0x7C00 == 0x7C00 ? Float(bitPattern: magnitude | 0x7F80_0000) : Float(bitPattern: magnitude) * 0x1p112
        return Float(bitPattern: value.bitPattern | UInt32(bits & 0x8000) << 16)
    }

    /// The nearest half to `value` (ties to even) by bit arithmetic, as the F16C instruction rounds.
    static func portableBits(_ value: Float) -> UInt16 {
        let raw = value.bitPattern
        let sign = UInt16((raw >> 16) & 0x8000)
        let exponent = Int((raw >> 23) & 0xFF)
        let mantissa = raw & 0x7F_FFFF
        if exponent == 0xFF {
            return sign | 0x7C00 | (mantissa != 0 ? 0x200 | UInt16(mantissa >> 13) : 0)
        }
        let unbiased = exponent - 127
        if unbiased > 15 { return sign | 0x7C00 }
        if unbiased >= -14 {
            // Normal: keep 10 mantissa bits, round the 13 dropped ones to nearest even; a carry
            // into the exponent (even into infinity) is the right result.
            var half = UInt32(unbiased + 15) << 10 | mantissa >> 13
            let dropped = mantissa & 0x1FFF
            if dropped > 0x1000 || (dropped == 0x1000 && half & 1 == 1) { half += 1 }
            return sign | UInt16(half)
        }
        if unbiased < -25 { return sign }
        // Subnormal: the full significand (with its hidden bit) shifted into 2^-24 units.
        let significand = mantissa | 0x80_0000
        let shift = UInt32(-unbiased - 14 + 13)
        var half = significand >> shift
        let dropped = significand & ((1 << shift) - 1)
        let halfway = UInt32(1) << (shift - 1)
        if dropped > halfway || (dropped == halfway && half & 1 == 1) { half += 1 }
        return sign | UInt16(half)
    }

    /// `value` rounded through half precision.
    @inline(__always)
    static func rounded(_ value: Float) -> Float { float(bits(value)) }

    /// A bfloat16's value: the upper 16 bits of a `Float`.
    @inline(__always)
    static func brainFloat(_ bits: UInt16) -> Float { Float(bitPattern: UInt32(bits) << 16) }
}
