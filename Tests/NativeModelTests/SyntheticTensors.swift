import Foundation
import GGUF
import GuidedGeneration
import RegexAutomata

/// Tensor rows of every supported type built from seeded random bytes — any bit pattern is a
/// valid quantised block once its half-precision scales are finite — and their values decoded
/// element by element from ggml's reference definitions, independently of the runtime's
/// block-at-a-time decoders.
enum SyntheticTensors {
    static let types: [GGUFTensorType] = [.f32, .f16, .bf16, .q8_0, .q4_0, .q4_1, .q4_K, .q5_K, .q6_K, .q5_0, .q5_1]

    /// Byte offsets of the half-precision scale fields inside one block.
    static func scaleOffsets(_ type: GGUFTensorType) -> [Int] {
        switch type {
        case .q8_0, .q4_0, .q5_0: [0]
        case .q4_1, .q4_K, .q5_K, .q5_1: [0, 2]
        case .q6_K: [208]
        default: []
        }
    }

    /// The typical size of a block's integer value times its sub-scales, so that a scale of
    /// `1 / typicalQuant` gives values of order one in every type.
    static func typicalQuant(_ type: GGUFTensorType) -> Float {
        switch type {
        case .q8_0: 64
        case .q4_0: 4
        case .q4_1: 8
        case .q5_0: 8
        case .q5_1: 16
        case .q4_K: 32 * 8
        case .q5_K: 32 * 16
        case .q6_K: 64 * 16
        default: 1
        }
    }

    /// One row of `columns` values (a multiple of 256) as bytes of `type`, values of about
    /// `scale` in size.
    static func row(_ type: GGUFTensorType, columns: Int, random: inout SeededRandom, scale: Float = 0.05) -> [UInt8] {
        switch type {
        case .f32:
            return (0..<columns).flatMap { _ in bytes(of: (Float(random.unit()) * 2 - 1) * scale) }
        case .f16:
            return (0..<columns).flatMap { _ in bytes(of: Float16((Float(random.unit()) * 2 - 1) * scale).bitPattern) }
        case .bf16:
            return (0..<columns).flatMap { _ in bytes(of: UInt16(((Float(random.unit()) * 2 - 1) * scale).bitPattern >> 16)) }
        default:
            var row: [UInt8] = []
            for _ in 0..<(columns / type.blockElements) {
                var block = (0..<type.blockBytes).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                let d = Float(random.unit() + 0.5) * scale / typicalQuant(type)
                // The minimum (second field) centres the unsigned quants on zero, as a quantiser would.
                let centre: Float = switch type { case .q4_1: -7.5; case .q5_1: -15.5; case .q4_K: 7.5; case .q5_K: 15.5; default: 0 }
                let fields = [d, d * centre * Float(0.8 + 0.4 * random.unit())]
                for (offset, value) in zip(scaleOffsets(type), fields) {
                    let half = bytes(of: Float16(value).bitPattern)
                    block[offset] = half[0]
                    block[offset + 1] = half[1]
                }
                row += block
            }
            return row
        }
    }

    static func bytes<T: FixedWidthInteger>(of value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    static func bytes(of value: Float) -> [UInt8] { bytes(of: value.bitPattern) }

    private static func half(_ b: [UInt8], _ at: Int) -> Float {
        Float(Float16(bitPattern: UInt16(b[at]) | UInt16(b[at + 1]) << 8))
    }

    /// The values of a row, one element at a time.
    static func values(_ type: GGUFTensorType, _ row: [UInt8], columns: Int) -> [Float] {
        (0..<columns).map { value(type, row, $0) }
    }

    static func value(_ type: GGUFTensorType, _ row: [UInt8], _ index: Int) -> Float {
        let block = (index / type.blockElements) * type.blockBytes
        let i = index % type.blockElements
        func byte(_ offset: Int) -> UInt8 { row[block + offset] }
        switch type {
        case .f32:
            return Float(bitPattern: (0..<4).reduce(UInt32(0)) { $0 | UInt32(row[4 * index + $1]) << (8 * $1) })
        case .f16:
            return half(row, 2 * index)
        case .bf16:
            return Float(bitPattern: (UInt32(row[2 * index]) | UInt32(row[2 * index + 1]) << 8) << 16)
        case .q8_0:
            return half(row, block) * Float(Int8(bitPattern: byte(2 + i)))
        case .q4_0:
            let nibble = i < 16 ? byte(2 + i) & 0xF : byte(2 + i - 16) >> 4
            return half(row, block) * Float(Int(nibble) - 8)
        case .q4_1:
            let nibble = i < 16 ? byte(4 + i) & 0xF : byte(4 + i - 16) >> 4
            return half(row, block) * Float(nibble) + half(row, block + 2)
        case .q5_0, .q5_1:
            // The high bits (a 32-bit word, bit i for value i), then the nibbles as in Q4_0/Q4_1.
            let start = type == .q5_0 ? 2 : 4
            let high = (byte(start + i / 8) >> UInt8(i % 8)) & 1
            let nibble = i < 16 ? byte(start + 4 + i) & 0xF : byte(start + 4 + i - 16) >> 4
            let q = Int(nibble | high << 4)
            return type == .q5_0 ? half(row, block) * Float(q - 16) : half(row, block) * Float(q) + half(row, block + 2)
        case .q4_K, .q5_K:
            let sub = i / 32, l = i % 32
            let scales = 4
            let (sc, m): (UInt8, UInt8) = sub < 4
                ? (byte(scales + sub) & 63, byte(scales + sub + 4) & 63)
                : ((byte(scales + sub + 4) & 0xF) | (byte(scales + sub - 4) >> 6) << 4,
                   (byte(scales + sub + 4) >> 4) | (byte(scales + sub) >> 6) << 4)
            let quants = type == .q4_K ? 16 : 48
            var q = Int((byte(quants + 32 * (sub / 2) + l) >> (4 * UInt8(sub % 2))) & 0xF)
            if type == .q5_K, (byte(16 + l) >> UInt8(sub)) & 1 == 1 { q += 16 }
            return half(row, block) * Float(sc) * Float(q) - half(row, block + 2) * Float(m)
        case .q6_K:
            let n = i / 128, r = i % 128, t = r / 32, l = r % 32
            let low = byte(64 * n + l + (t % 2) * 32)
            let nibble = t < 2 ? low & 0xF : low >> 4
            let high = (byte(128 + 32 * n + l) >> UInt8(2 * t)) & 3
            let q = Int(nibble | high << 4) - 32
            let scale = Int8(bitPattern: byte(192 + 8 * n + l / 16 + 2 * t))
            return half(row, block + 208) * Float(scale) * Float(q)
        default:
            fatalError("\(type) is not a supported type")
        }
    }
}
