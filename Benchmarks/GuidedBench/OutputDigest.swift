/// FNV-1a over generated JSON text: equal digests across builds mean byte-identical output for
/// the same seed, which is how optimisations are checked not to change what is generated.
struct OutputDigest {
    private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

    mutating func add(_ text: String) {
        for byte in text.utf8 {
            value = (value ^ UInt64(byte)) &* 0x100_0000_01B3
        }
    }

    /// Folds another digest in (order matters), for totals over several runs.
    mutating func combine(_ other: OutputDigest) {
        for shift in stride(from: 0, to: 64, by: 8) {
            value = (value ^ ((other.value >> UInt64(shift)) & 0xFF)) &* 0x100_0000_01B3
        }
    }

    var hex: String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
