/// Reads the content of a JSON string (after its opening quote) byte by byte into Unicode
/// scalars, accepting exactly the canonical form the library writes: valid UTF-8 in shortest
/// form, no raw control characters, and escapes only where JSON needs them — `\"`, `\\`, the
/// short forms `\b \f \n \r \t`, and `\u00xx` (lower-case hex) for the other control
/// characters. One text per string value keeps exclusions and uniqueness exact on bytes, and
/// leaves a model no second spelling to wander into.
package struct StringContentDecoder: Hashable, Sendable {
    package enum Phase: UInt8, Hashable, Sendable {
        case plain
        /// After `\`.
        case escape
        /// After `\u`, `\u0`, `\u00`, `\u00` + the high hex digit.
        case unicode0, unicode1, unicode2, unicode3
        /// Inside a multi-byte UTF-8 sequence.
        case sequence
    }

    package enum Step: Equatable {
        /// The byte belongs to a scalar that is not complete yet.
        case partial
        case scalar(Unicode.Scalar)
        /// The closing quote.
        case end
        case invalid
    }

    package private(set) var phase = Phase.plain
    /// Continuation bytes still expected, and the scalar bits so far.
    private var remaining: UInt8 = 0
    private var bits: UInt32 = 0
    /// The allowed range of the next continuation byte (narrower after E0, ED, F0, F4).
    private var nextLow: UInt8 = 0x80
    private var nextHigh: UInt8 = 0xBF
    /// The high hex digit of a `\u00xx` escape.
    private var high: UInt32 = 0

    package var isAtScalarBoundary: Bool { phase == .plain }

    /// Inside an escape or a multi-byte character, the bytes that may come next; nil at a
    /// character boundary, where any byte may.
    package var nextBytes: ByteSet? {
        guard phase != .plain else { return nil }
        var bytes = ByteSet()
        for byte in UInt8.min...UInt8.max {
            var copy = self
            if copy.feed(byte) != .invalid { bytes.insert(byte) }
        }
        return bytes
    }

    package mutating func feed(_ byte: UInt8) -> Step {
        switch phase {
        case .plain:
            switch byte {
            case UInt8(ascii: "\""): return .end
            case UInt8(ascii: "\\"):
                phase = .escape
                return .partial
            case 0..<0x20: return .invalid
            case 0x20..<0x80: return .scalar(Unicode.Scalar(byte))
            case 0xC2...0xDF: return begin(byte, remaining: 1, bits: UInt32(byte & 0x1F), 0x80, 0xBF)
            case 0xE0: return begin(byte, remaining: 2, bits: 0, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE, 0xEF: return begin(byte, remaining: 2, bits: UInt32(byte & 0x0F), 0x80, 0xBF)
            case 0xED: return begin(byte, remaining: 2, bits: 0x0D, 0x80, 0x9F)
            case 0xF0: return begin(byte, remaining: 3, bits: 0, 0x90, 0xBF)
            case 0xF1...0xF3: return begin(byte, remaining: 3, bits: UInt32(byte & 0x07), 0x80, 0xBF)
            case 0xF4: return begin(byte, remaining: 3, bits: 4, 0x80, 0x8F)
            default: return .invalid
            }
        case .sequence:
            guard byte >= nextLow, byte <= nextHigh else { return .invalid }
            bits = bits << 6 | UInt32(byte & 0x3F)
            remaining -= 1
            nextLow = 0x80
            nextHigh = 0xBF
            guard remaining == 0 else { return .partial }
            phase = .plain
            return .scalar(Unicode.Scalar(bits)!)
        case .escape:
            let scalar: UInt8
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): scalar = byte
            case UInt8(ascii: "b"): scalar = 0x08
            case UInt8(ascii: "f"): scalar = 0x0C
            case UInt8(ascii: "n"): scalar = 0x0A
            case UInt8(ascii: "r"): scalar = 0x0D
            case UInt8(ascii: "t"): scalar = 0x09
            case UInt8(ascii: "u"):
                phase = .unicode0
                return .partial
            default: return .invalid
            }
            phase = .plain
            return .scalar(Unicode.Scalar(scalar))
        case .unicode0, .unicode1:
            guard byte == UInt8(ascii: "0") else { return .invalid }
            phase = phase == .unicode0 ? .unicode1 : .unicode2
            return .partial
        case .unicode2:
            guard byte == UInt8(ascii: "0") || byte == UInt8(ascii: "1") else { return .invalid }
            high = UInt32(byte - UInt8(ascii: "0"))
            phase = .unicode3
            return .partial
        case .unicode3:
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            default: return .invalid
            }
            let value = high << 4 | digit
            // Controls with a short form are written in it.
            guard ![0x08, 0x09, 0x0A, 0x0C, 0x0D].contains(value) else { return .invalid }
            phase = .plain
            return .scalar(Unicode.Scalar(value)!)
        }
    }

    private mutating func begin(_ lead: UInt8, remaining: UInt8, bits: UInt32, _ low: UInt8, _ high: UInt8) -> Step {
        phase = .sequence
        self.remaining = remaining
        self.bits = bits
        nextLow = low
        nextHigh = high
        return .partial
    }

    /// The scalars the bytes read so far can still become (meaningful after `.partial`).
    package var possibleScalars: [ClosedRange<UInt32>] {
        switch phase {
        case .plain: return []
        case .escape: return [0...0x1F, 0x22...0x22, 0x5C...0x5C]
        case .unicode0, .unicode1, .unicode2: return [0...0x07, 0x0B...0x0B, 0x0E...0x1F]
        case .unicode3: return high == 0 ? [0...0x07, 0x0B...0x0B, 0x0E...0x0F] : [0x10...0x1F]
        case .sequence:
            let shift = UInt32(remaining) * 6
            let lowNext = UInt32(nextLow & 0x3F)
            let highNext = UInt32(nextHigh & 0x3F)
            let restBits = shift - 6
            let low = (bits << 6 | lowNext) << restBits
            let high = (bits << 6 | highNext) << restBits | ((1 << restBits) - 1)
            return [low...high]
        }
    }
}

extension Unicode.Scalar {
    /// Calls `body` with each of the scalar's UTF-8 bytes.
    package func forEachUTF8Byte(_ body: (UInt8) -> Void) {
        let v = value
        switch v {
        case 0..<0x80:
            body(UInt8(v))
        case 0x80..<0x800:
            body(UInt8(0xC0 | v >> 6))
            body(UInt8(0x80 | v & 0x3F))
        case 0x800..<0x10000:
            body(UInt8(0xE0 | v >> 12))
            body(UInt8(0x80 | v >> 6 & 0x3F))
            body(UInt8(0x80 | v & 0x3F))
        default:
            body(UInt8(0xF0 | v >> 18))
            body(UInt8(0x80 | v >> 12 & 0x3F))
            body(UInt8(0x80 | v >> 6 & 0x3F))
            body(UInt8(0x80 | v & 0x3F))
        }
    }
}

extension ArraySlice where Element == UInt8 {
    /// The scalar the bytes start with, if they start with valid UTF-8.
    package var firstScalar: Unicode.Scalar? {
        var decoder = UTF8()
        var iterator = makeIterator()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) { return scalar }
        return nil
    }
}
