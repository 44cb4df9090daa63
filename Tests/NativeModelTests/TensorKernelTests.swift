import Foundation
import GGUF
import GuidedGeneration
import Testing
@testable import NativeModel

/// Every supported tensor type: the runtime's dequantisation equals ggml's reference definition
/// element by element, and its quantised matrix × vector product (activations quantised as
/// ggml's CPU backend does) stays within quantisation error of the exact float product.
@Suite struct TensorKernelTests {
    static let columns = 512

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
        var bytes: [UInt8] = []
        for _ in 0..<rows { bytes += SyntheticTensors.row(type, columns: Self.columns, random: &random) }
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
                matrix.multiply([vector], into: [out.baseAddress!], rows: 0..<rows)
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
        var bytes: [UInt8] = []
        for _ in 0..<rows { bytes += SyntheticTensors.row(type, columns: Self.columns, random: &random) }
        let inputs = (0..<19).map { _ in (0..<Self.columns).map { _ in Float(random.unit() * 4 - 2) } }
        let parallel = ParallelProducts(pool: WorkerPool(threads: 2))
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
}
