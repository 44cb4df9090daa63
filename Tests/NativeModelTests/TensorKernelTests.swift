import Foundation
import GGUF
import GuidedGeneration
@testable import NativeModel
import RegexAutomata
import Testing

/// Every supported tensor type: the runtime's dequantisation equals ggml's reference definition
/// element by element, and its quantised matrix × vector product (activations quantised as
/// ggml's CPU backend does) stays within quantisation error of the exact float product.
@Suite struct TensorKernelTests {
    static let columns = 512

    /// `count` seeded rows of `type`, one after another.
    static func rows(_ count: Int, of type: GGUFTensorType, random: inout SeededRandom) -> [UInt8] {
        (0..<count).flatMap { _ in SyntheticTensors.row(type, columns: columns, random: &random) }
    }

    @Test(arguments: SyntheticTensors.types)
    func dequantizationFollowsTheReferenceDefinition(type: GGUFTensorType) {
        var random = SeededRandom(seed: UInt64(type.rawValue) + 11)
        for _ in 0..<20 {
            let row = SyntheticTensors.row(type, columns: Self.columns, random: &random)
            let expected = SyntheticTensors.values(type, row, columns: Self.columns)
            var actual = [Float](repeating: .nan, count: Self.columns)
            row.withUnsafeBytes { raw in
                actual.withUnsafeMutableBufferPointer { Dequantization.row(type, at: raw.baseAddress!, count: Self.columns, into: $0.baseAddress!) }
            }
            #expect(actual == expected, "\(type)")
        }
    }

    @Test(arguments: SyntheticTensors.types)
    func quantisedProductsStayWithinQuantisationError(type: GGUFTensorType) throws {
        var random = SeededRandom(seed: UInt64(type.rawValue) + 101)
        let rows = 24
        let bytes = Self.rows(rows, of: type, random: &random)
        let weights = (0..<rows).map { r in
            SyntheticTensors.values(type, Array(bytes[(r * bytes.count / rows)..<((r + 1) * bytes.count / rows)]), columns: Self.columns)
        }
        let vector = ActivationVector(count: Self.columns)
        let input = (0..<Self.columns).map { _ in Float(random.unit() * 4 - 2) }
        input.withUnsafeBufferPointer { vector.load($0.baseAddress!) }
        var output = [Float](repeating: .nan, count: rows)
        try bytes.withUnsafeBytes { raw in
            let matrix = try WeightMatrix(type: type, rows: rows, columns: Self.columns, base: raw.baseAddress!, name: "w")
            vector.prepare(matrix.form)
            output.withUnsafeMutableBufferPointer { out in
                matrix.multiply([vector], into: [out.baseAddress!], rows: 0..<rows, kernels: Kernels(.baseline))
            }
        }
        for r in 0..<rows {
            let exact = zip(weights[r], input).reduce(0.0) { $0 + Double($1.0) * Double($1.1) }
            let magnitude = zip(weights[r], input).reduce(0.0) { $0 + abs(Double($1.0) * Double($1.1)) }
            // 8-bit activations carry at most half a step of 1/127 of each block's largest value.
            #expect(abs(Double(output[r]) - exact) <= magnitude * 0.01 + 1e-6, "\(type) row \(r): \(output[r]) vs \(exact)")
        }
    }

    /// A batch (a prompt's tokens) gives every vector exactly the result it gets alone: run as
    /// the transformer runs it, on two threads, with 19 vectors — two groups of eight for the
    /// 4-bit types, and three left over.
    @Test(arguments: SyntheticTensors.types)
    func batchedProductsEqualOneVectorAtATime(type: GGUFTensorType) throws {
        var random = SeededRandom(seed: UInt64(type.rawValue) + 211)
        let rows = 8
        let bytes = Self.rows(rows, of: type, random: &random)
        let inputs = (0..<19).map { _ in (0..<Self.columns).map { _ in Float(random.unit() * 4 - 2) } }
        let parallel = ParallelProducts(pool: WorkerPool(threads: 2), kernels: Kernels(KernelVariant.best))
        try bytes.withUnsafeBytes { raw in
            let matrix = try WeightMatrix(type: type, rows: rows, columns: Self.columns, base: raw.baseAddress!, name: "w")
            func products(of batch: [[Float]]) -> [[Float]] {
                let vectors = batch.map { input in
                    let vector = ActivationVector(count: Self.columns)
                    input.withUnsafeBufferPointer { vector.load($0.baseAddress!) }
                    return vector
                }
                let pointers = batch.map { _ in UnsafeMutablePointer<Float>.allocate(capacity: rows) }
                defer { for pointer in pointers { pointer.deallocate() } }
                parallel.run([MatrixProduct(matrix: matrix, inputs: vectors, outputs: pointers)])
                return pointers.map { Array(UnsafeBufferPointer(start: $0, count: rows)) }
            }
            let alone = inputs.map { products(of: [$0])[0] }
            for size in [2, 8, 19] {
                #expect(products(of: Array(inputs.prefix(size))) == Array(alone.prefix(size)), "\(type), \(size) vectors")
            }
        }
    }

    /// Every variant this processor runs gives the baseline's bits, for one vector and for
    /// eight at a time, on 40 seeded rows of every type with inputs of varied scale.
    @Test(arguments: SyntheticTensors.types)
    func everyKernelVariantGivesTheBaselinesBits(type: GGUFTensorType) throws {
        var random = SeededRandom(seed: UInt64(type.rawValue) + 307)
        let rows = 40
        let bytes = Self.rows(rows, of: type, random: &random)
        let vectors = (0..<11).map { v in
            let vector = ActivationVector(count: Self.columns)
            let size = Float(1 + 3 * v)
            let input = (0..<Self.columns).map { _ in Float(random.unit() * 2 - 1) * size }
            input.withUnsafeBufferPointer { vector.load($0.baseAddress!) }
            return vector
        }
        let variants = KernelVariant.allCases.filter(\.isSupported)
        try bytes.withUnsafeBytes { raw in
            let matrix = try WeightMatrix(type: type, rows: rows, columns: Self.columns, base: raw.baseAddress!, name: "w")
            for vector in vectors { vector.prepare(matrix.form) }
            let groups = ActivationGroup.used(by: type) ? [ActivationGroup(vectors[0..<8])] : []
            func products(_ variant: KernelVariant) -> [[UInt32]] {
                let pointers = vectors.map { _ in UnsafeMutablePointer<Float>.allocate(capacity: rows) }
                defer { for pointer in pointers { pointer.deallocate() } }
                matrix.multiply(vectors, groups: groups, into: pointers, rows: 0..<rows, kernels: Kernels(variant))
                return pointers.map { UnsafeBufferPointer(start: $0, count: rows).map(\.bitPattern) }
            }
            let baseline = products(.baseline)
            for variant in variants { #expect(products(variant) == baseline, "\(type) with \(variant)") }
        }
    }

    @Test func kernelVariantsAreNamedByTheEnvironment() throws {
        #expect(try KernelVariant.fromEnvironment([:]) == KernelVariant.best)
        #expect(try KernelVariant.fromEnvironment(["COFFEESHOP_KERNELS": ""]) == KernelVariant.best)
        #expect(try KernelVariant.fromEnvironment(["COFFEESHOP_KERNELS": "Baseline"]) == .baseline)
        #expect(throws: NativeModelError.kernels("sse9", reason: "unknown variant")) {
            try KernelVariant.fromEnvironment(["COFFEESHOP_KERNELS": "sse9"])
        }
        #expect(KernelVariant.baseline.isSupported)
        for variant in KernelVariant.allCases where !variant.isSupported {
            #expect(throws: NativeModelError.kernels(variant.rawValue, reason: "this processor does not run it")) {
                try KernelVariant.fromEnvironment(["COFFEESHOP_KERNELS": variant.rawValue])
            }
        }
    }
}
