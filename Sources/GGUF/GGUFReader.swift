import Foundation

/// A bounds-checked little-endian cursor over a GGUF file's bytes. Every read names what it was
/// reading, so an error points at the key or tensor where the file went wrong.
struct GGUFReader {
    let bytes: Data
    let file: String
    private(set) var offset = 0

    init(bytes: Data, file: String) {
        self.bytes = bytes
        self.file = file
    }

    var remaining: Int { bytes.count - offset }

    mutating func take(_ count: Int, reading: String) throws(GGUFError) -> Data {
        guard count >= 0, count <= remaining else { throw .truncated(file: file, offset: bytes.count, reading: reading) }
        let start = bytes.startIndex + offset
        offset += count
        return bytes[start..<start + count]
    }

    mutating func integer<T: FixedWidthInteger>(_ type: T.Type, reading: String) throws(GGUFError) -> T {
        let raw = try take(MemoryLayout<T>.size, reading: reading)
        var value: T = 0
        for byte in raw.reversed() { value = value << 8 | T(truncatingIfNeeded: byte) }
        return value
    }

    /// A count the rest of the file must be able to hold (`minimumSize` bytes per element), so
    /// a damaged length fails here instead of allocating without limit.
    mutating func count(minimumSize: Int, reading: String) throws(GGUFError) -> Int {
        let at = offset
        let raw = try integer(UInt64.self, reading: reading)
        guard raw <= UInt64(Int.max), Int(raw) <= remaining / max(1, minimumSize) else {
            // A plausible count in a short file means the file was cut off; an absurd one, damage.
            if raw < 1 << 32 { throw .truncated(file: file, offset: bytes.count, reading: "\(reading) (\(raw) entries)") }
            throw .malformed(file: file, offset: at, reading: reading, reason: "a count of \(raw) does not fit in the \(remaining) bytes left")
        }
        return Int(raw)
    }

    mutating func string(reading: String) throws(GGUFError) -> String {
        let at = offset
        let length = try count(minimumSize: 1, reading: reading)
        let raw = try take(length, reading: reading)
        guard let text = String(validating: raw, as: UTF8.self) else {
            throw .malformed(file: file, offset: at, reading: reading, reason: "the text is not valid UTF-8")
        }
        return text
    }

    /// A metadata value of type `code`; arrays nest up to `depth` levels.
    mutating func value(type code: UInt32, reading: String, depth: Int = 0) throws(GGUFError) -> GGUFValue {
        switch code {
        case 0: return .uint8(try integer(UInt8.self, reading: reading))
        case 1: return .int8(try integer(Int8.self, reading: reading))
        case 2: return .uint16(try integer(UInt16.self, reading: reading))
        case 3: return .int16(try integer(Int16.self, reading: reading))
        case 4: return .uint32(try integer(UInt32.self, reading: reading))
        case 5: return .int32(try integer(Int32.self, reading: reading))
        case 6: return .float32(Float(bitPattern: try integer(UInt32.self, reading: reading)))
        case 7:
            let at = offset
            let raw = try integer(UInt8.self, reading: reading)
            guard raw <= 1 else { throw .malformed(file: file, offset: at, reading: reading, reason: "a boolean is \(raw), not 0 or 1") }
            return .bool(raw == 1)
        case 8: return .string(try string(reading: reading))
        case 9:
            let at = offset
            guard depth < 8 else { throw .malformed(file: file, offset: at, reading: reading, reason: "arrays nest more than 8 deep") }
            let element = try integer(UInt32.self, reading: reading)
            let count = try count(minimumSize: Self.minimumSize(of: element), reading: reading)
            var items: [GGUFValue] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try value(type: element, reading: reading, depth: depth + 1)) }
            return .array(items)
        case 10: return .uint64(try integer(UInt64.self, reading: reading))
        case 11: return .int64(try integer(Int64.self, reading: reading))
        case 12: return .float64(Double(bitPattern: try integer(UInt64.self, reading: reading)))
        default:
            throw .malformed(file: file, offset: offset - 4, reading: reading, reason: "unknown value type \(code)")
        }
    }

    /// The fewest bytes one value of type `code` takes (for bounding counts).
    private static func minimumSize(of code: UInt32) -> Int {
        switch code {
        case 0, 1, 7: return 1
        case 2, 3: return 2
        case 4, 5, 6: return 4
        case 8, 10, 11, 12: return 8
        case 9: return 12
        default: return 1
        }
    }
}
