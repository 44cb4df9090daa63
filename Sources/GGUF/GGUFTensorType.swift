/// The element types of GGUF tensors (ggml's type codes), with the block geometry that sizes
/// their data: `blockElements` values stored in `blockBytes` bytes.
public enum GGUFTensorType: UInt32, Sendable, CaseIterable, CustomStringConvertible {
    case f32 = 0, f16 = 1, q4_0 = 2, q4_1 = 3, q5_0 = 6, q5_1 = 7, q8_0 = 8, q8_1 = 9
    case q2_K = 10, q3_K = 11, q4_K = 12, q5_K = 13, q6_K = 14, q8_K = 15
    case i8 = 24, i16 = 25, i32 = 26, i64 = 27, f64 = 28, bf16 = 30

    /// Values per block (1 for plain types; 32 for the small quantisations; 256 for k-quants).
    public var blockElements: Int {
        switch self {
        case .f32, .f16, .bf16, .f64, .i8, .i16, .i32, .i64: return 1
        case .q4_0, .q4_1, .q5_0, .q5_1, .q8_0, .q8_1: return 32
        case .q2_K, .q3_K, .q4_K, .q5_K, .q6_K, .q8_K: return 256
        }
    }

    /// Bytes per block.
    public var blockBytes: Int {
        switch self {
        case .f32, .i32: return 4
        case .f16, .bf16, .i16: return 2
        case .f64, .i64: return 8
        case .i8: return 1
        case .q4_0: return 2 + 16
        case .q4_1: return 4 + 16
        case .q5_0: return 2 + 4 + 16
        case .q5_1: return 4 + 4 + 16
        case .q8_0: return 2 + 32
        case .q8_1: return 4 + 32
        case .q2_K: return 16 + 64 + 4
        case .q3_K: return 32 + 64 + 12 + 2
        case .q4_K: return 4 + 12 + 128
        case .q5_K: return 4 + 12 + 32 + 128
        case .q6_K: return 128 + 64 + 16 + 2
        case .q8_K: return 4 + 256 + 32
        }
    }

    public var description: String {
        switch self {
        case .f32: return "F32"
        case .f16: return "F16"
        case .bf16: return "BF16"
        case .f64: return "F64"
        case .i8: return "I8"
        case .i16: return "I16"
        case .i32: return "I32"
        case .i64: return "I64"
        case .q4_0: return "Q4_0"
        case .q4_1: return "Q4_1"
        case .q5_0: return "Q5_0"
        case .q5_1: return "Q5_1"
        case .q8_0: return "Q8_0"
        case .q8_1: return "Q8_1"
        case .q2_K: return "Q2_K"
        case .q3_K: return "Q3_K"
        case .q4_K: return "Q4_K"
        case .q5_K: return "Q5_K"
        case .q6_K: return "Q6_K"
        case .q8_K: return "Q8_K"
        }
    }
}
