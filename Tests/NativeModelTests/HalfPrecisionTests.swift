import GuidedGeneration
@testable import NativeModel
import RegexAutomata
import Testing

@Suite struct HalfPrecisionTests {
    @Test func everyHalfRoundTripsThroughFloat() {
        for bits in 0...UInt16.max {
            let value = HalfPrecision.float(bits), portable = HalfPrecision.portableFloat(bits)
            #expect(value.isNaN ? portable.isNaN : value.bitPattern == portable.bitPattern, "half \(bits)")
            if value.isNaN { continue }
            #expect(HalfPrecision.bits(value) == bits, "half \(bits) → \(value)")
            #expect(HalfPrecision.portableBits(value) == bits, "half \(bits) → \(value)")
        }
    }

    #if !(os(macOS) && arch(x86_64))
    /// The platform's `Float16` (where Swift offers it) as an independent reference for the
    /// portable conversions, both ways.
    @Test func portableConversionsAgreeWithTheStandardLibrarysFloat16() {
        for bits in 0...UInt16.max {
            let expected = Float(Float16(bitPattern: bits)), value = HalfPrecision.portableFloat(bits)
            #expect(value.isNaN ? expected.isNaN : value.bitPattern == expected.bitPattern, "half \(bits)")
        }
        var random = SeededRandom(seed: 16)
        for _ in 0..<20_000 {
            // Floats across the whole range, most of them near half's normal and subnormal range.
            let value = Float(bitPattern: UInt32(truncatingIfNeeded: random.next()) & 0x9FFF_FFFF | 0x2000_0000 * UInt32(random.int(in: 0...2)))
            if value.isNaN { continue }
            #expect(HalfPrecision.portableBits(value) == Float16(value).bitPattern, "\(value)")
        }
    }
    #endif
}
