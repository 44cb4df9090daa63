/// Writes GGUF bytes, little-endian, for tests that build model files byte by byte: the header,
/// metadata keys of every kind, tensor infos and aligned tensor data.
///
/// ```swift
/// var w = GGUFWriter()
/// w.bytes.append(contentsOf: "GGUF".utf8)
/// w.int(UInt32(3))
/// w.key("general.architecture", type: GGUFWriter.string); w.string("llama")
/// ```
public struct GGUFWriter {
    /// GGUF metadata type codes.
    public static let uint32: UInt32 = 4, int32: UInt32 = 5, float32: UInt32 = 6, bool: UInt32 = 7,
                      string: UInt32 = 8, array: UInt32 = 9, uint64: UInt32 = 10

    public var bytes: [UInt8] = []

    public init() {}

    public mutating func int<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func string(_ text: String) {
        int(UInt64(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    public mutating func key(_ name: String, type: UInt32) {
        string(name)
        int(type)
    }

    /// Zero bytes up to the next multiple of `alignment`.
    public mutating func pad(to alignment: Int) {
        while bytes.count % alignment != 0 { bytes.append(0) }
    }
}
