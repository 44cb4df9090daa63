/// One metadata value of a GGUF file, in the type the file declares (arrays may nest).
///
/// ```swift
/// let file = try GGUFFile(contentsOf: url)
/// file.metadata["general.architecture"]?.string   // "llama"
/// file.metadata["llama.context_length"]?.integer  // 8192
/// ```
public enum GGUFValue: Equatable, Sendable {
    case uint8(UInt8), int8(Int8), uint16(UInt16), int16(Int16), uint32(UInt32), int32(Int32)
    case uint64(UInt64), int64(Int64), float32(Float), float64(Double), bool(Bool)
    case string(String)
    /// An array of one element type; strings are kept as strings, numbers as values.
    case array([GGUFValue])

    /// The value as an integer when it is one of the integer types and fits `Int`.
    public var integer: Int? {
        switch self {
        case .uint8(let v): return Int(v)
        case .int8(let v): return Int(v)
        case .uint16(let v): return Int(v)
        case .int16(let v): return Int(v)
        case .uint32(let v): return Int(v)
        case .int32(let v): return Int(v)
        case .uint64(let v): return Int(exactly: v)
        case .int64(let v): return Int(v)
        default: return nil
        }
    }

    /// The value as a floating-point number when it is numeric.
    public var number: Double? {
        switch self {
        case .float32(let v): return Double(v)
        case .float64(let v): return v
        default: return integer.map(Double.init)
        }
    }

    public var string: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }

    public var array: [GGUFValue]? {
        if case .array(let items) = self { return items }
        return nil
    }
}
