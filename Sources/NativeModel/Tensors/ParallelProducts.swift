import Dispatch

/// One matrix times a batch of vectors, for `ParallelProducts` to split by rows.
struct MatrixProduct: @unchecked Sendable {
    let matrix: WeightMatrix
    let inputs: [ActivationVector]
    let outputs: [UnsafeMutablePointer<Float>]
}

/// Runs matrix products on `threads` threads at once: each thread takes an equal share of every
/// product's rows, so a layer's Q, K and V (or gate and up) projections cost one fork and join.
struct ParallelProducts {
    let threads: Int

    func run(_ products: [MatrixProduct]) {
        for product in products {
            for input in product.inputs { input.prepare(product.matrix.form) }
        }
        let threads = self.threads
        Self.split(threads) { thread in
            for product in products {
                let rows = product.matrix.rows
                let start = rows * thread / threads, end = rows * (thread + 1) / threads
                product.matrix.multiply(product.inputs, into: product.outputs, rows: start..<end)
            }
        }
    }

    /// Calls `body(0..<threads)`, on that many threads at once when there are several.
    static func split(_ threads: Int, _ body: @Sendable (Int) -> Void) {
        if threads <= 1 {
            body(0)
        } else {
            DispatchQueue.concurrentPerform(iterations: threads, execute: body)
        }
    }
}
