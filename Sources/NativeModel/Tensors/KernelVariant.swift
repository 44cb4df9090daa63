import Foundation
import GGUF
import NativeKernels

/// The CPU variant the runtime's matrix kernels run in. Every variant is compiled into the
/// library from the same source and gives the same bits; a model picks the widest one this
/// processor runs (asked of CPUID when it loads), so one binary is fast on AVX2 machines and
/// still runs on any x86-64. `COFFEESHOP_KERNELS=baseline` (or `avx2`) names one instead.
///
/// ```swift
/// print(KernelVariant.best)          // avx2 on a Haswell or later
/// let model = try NativeModel(contentsOf: url, kernels: .baseline)
/// print(model.kernels)               // baseline
/// ```
public enum KernelVariant: String, CaseIterable, Sendable, CustomStringConvertible {
    /// The architecture's baseline: SSE2 on x86-64, NEON on arm64.
    case baseline
    /// x86-64 with AVX2, FMA and F16C.
    case avx2

    /// The environment variable that names a variant for every model of the process.
    public static let environmentKey = "COFFEESHOP_KERNELS"

    /// Whether this processor runs the variant.
    public var isSupported: Bool { nk_supported(cVariant) != 0 }

    /// The widest variant this processor runs.
    public static var best: KernelVariant { allCases.last(where: \.isSupported) ?? .baseline }

    /// The variant `COFFEESHOP_KERNELS` names, or `best` when it is unset or empty.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(NativeModelError) -> KernelVariant {
        guard let name = environment[environmentKey], !name.isEmpty else { return best }
        guard let variant = KernelVariant(rawValue: name.lowercased()) else { throw .kernels(name, reason: "unknown variant") }
        guard variant.isSupported else { throw .kernels(name, reason: "this processor does not run it") }
        return variant
    }

    public var description: String { rawValue }

    var cVariant: nk_variant {
        switch self {
        case .baseline: return NK_VARIANT_BASELINE
        case .avx2: return NK_VARIANT_AVX2
        }
    }
}

/// One variant's kernel table: a copy of its C functions' addresses.
struct Kernels: Sendable {
    let table: nk_kernels

    /// `variant` must be supported.
    init(_ variant: KernelVariant) {
        guard let table = nk_table(variant.cVariant) else { preconditionFailure("\(variant) kernels are not supported here") }
        self.table = table.pointee
    }

    /// `heads` query heads sharing one key-value head, attending to `span` cached positions
    /// (see `nk_kernels.attend`).
    @inline(__always)
    func attend(_ queries: UnsafePointer<Float>, heads: Int, keys: UnsafePointer<UInt16>, values: UnsafePointer<UInt16>, stride: Int,
                span: Int, dimension: Int, scale: Float, scratch: UnsafeMutablePointer<Float>, into output: UnsafeMutablePointer<Float>) {
        table.attend(queries, heads, keys, values, stride, span, dimension, scale, scratch, output)
    }

    /// One row of a `type` matrix times `x`, which holds the form the type reads.
    @inline(__always)
    func dot(_ type: GGUFTensorType, _ row: UnsafeRawPointer, _ x: ActivationVector) -> Float {
        let t = table
        switch type {
        case .f32: return t.dot_f32(row, x.values, x.count)
        case .f16: return t.dot_half(row, x.rounded, x.count, 0)
        case .bf16: return t.dot_half(row, x.rounded, x.count, 1)
        case .q8_0: return t.dot_q8_0(row, x.quants, x.scales32, x.count / 32)
        case .q4_0: return t.dot_q4(row, x.quants, x.scales32, x.sums32, x.count / 32, 0)
        case .q4_1: return t.dot_q4(row, x.quants, x.scales32, x.sums32, x.count / 32, 1)
        case .q5_0: return t.dot_q5(row, x.quants, x.scales32, x.sums32, x.count / 32, 0)
        case .q5_1: return t.dot_q5(row, x.quants, x.scales32, x.sums32, x.count / 32, 1)
        case .q4_K: return t.dot_q45_K(row, x.quantsK, x.scales256, x.sums16, x.count / 256, 0)
        case .q5_K: return t.dot_q45_K(row, x.quantsK, x.scales256, x.sums16, x.count / 256, 1)
        case .q6_K: return t.dot_q6_K(row, x.quantsK, x.scales256, x.count / 256)
        default: preconditionFailure("\(type) is refused when the model loads")
        }
    }

    /// A Q8_0 row times eight vectors at once (`quants` and `scales` hold eight pointers each,
    /// to the vectors' `quants` and `scales32`); lane k holds what `dot` gives vector k.
    @inline(__always)
    func dotQ8(_ row: UnsafeRawPointer, _ quants: UnsafePointer<UnsafePointer<Int8>?>, _ scales: UnsafePointer<UnsafePointer<Float>?>,
               blocks: Int, into totals: UnsafeMutablePointer<Float>) {
        table.dot_q8_0_x8(row, quants, scales, blocks, totals)
    }

    /// A Q5_0 (`minimum` false) or Q5_1 row times eight vectors at once (eight pointers each to
    /// the vectors' `quants`, `scales32` and `sums32`); lane k holds what `dot` gives vector k.
    @inline(__always)
    func dotQ5(_ row: UnsafeRawPointer, _ quants: UnsafePointer<UnsafePointer<Int8>?>, _ scales: UnsafePointer<UnsafePointer<Float>?>,
               _ sums: UnsafePointer<UnsafePointer<Float>?>, blocks: Int, minimum: Bool, into totals: UnsafeMutablePointer<Float>) {
        table.dot_q5_x8(row, quants, scales, sums, blocks, minimum ? 1 : 0, totals)
    }

    /// A Q4_K row times eight vectors at once (eight pointers each to the vectors' `quantsK`,
    /// `scales256` and `sums16`); lane k holds what `dot` gives vector k.
    @inline(__always)
    func dotQ4K(_ row: UnsafeRawPointer, _ quants: UnsafePointer<UnsafePointer<Int8>?>, _ scales: UnsafePointer<UnsafePointer<Float>?>,
                _ sums: UnsafePointer<UnsafePointer<Int32>?>, blocks: Int, into totals: UnsafeMutablePointer<Float>) {
        table.dot_q4_K_x8(row, quants, scales, sums, blocks, totals)
    }

    /// A Q6_K row times eight vectors at once, as `dotQ4K` takes them.
    @inline(__always)
    func dotQ6K(_ row: UnsafeRawPointer, _ quants: UnsafePointer<UnsafePointer<Int8>?>, _ scales: UnsafePointer<UnsafePointer<Float>?>,
                _ sums: UnsafePointer<UnsafePointer<Int32>?>, blocks: Int, into totals: UnsafeMutablePointer<Float>) {
        table.dot_q6_K_x8(row, quants, scales, sums, blocks, totals)
    }

    /// A Q4_0/Q4_1 row's weights unpacked for `dot(_:weights:_:_:_:blocks:minimum:into:)` (256 per block).
    @inline(__always)
    func unpack(_ row: UnsafeRawPointer, blocks: Int, minimum: Bool, into weights: UnsafeMutablePointer<Int16>) {
        table.unpack_q4(row, blocks, minimum ? 1 : 0, weights)
    }

    /// A Q4_0/Q4_1 row times the eight vectors of an `ActivationGroup` (its `quants`, `scales`
    /// and `sums`); lane k holds what `dot` gives vector k.
    @inline(__always)
    func dot(_ row: UnsafeRawPointer, weights: UnsafePointer<Int16>, _ quants: UnsafePointer<Int16>, _ scales: UnsafePointer<Float>,
             _ sums: UnsafePointer<Float>, blocks: Int, minimum: Bool, into totals: UnsafeMutablePointer<Float>) {
        table.dot_q4_group(row, weights, blocks, minimum ? 1 : 0, quants, scales, sums, totals)
    }
}
