/// One matrix times a batch of vectors, for `ParallelProducts` to split by rows.
struct MatrixProduct: @unchecked Sendable {
    let matrix: WeightMatrix
    let inputs: [ActivationVector]
    let outputs: [UnsafeMutablePointer<Float>]
}

/// Runs matrix products on the pool's threads at once: each thread takes an equal share of
/// every product's rows, so a layer's Q, K and V (or gate and up) projections cost one fork and
/// join.
struct ParallelProducts {
    let pool: WorkerPool

    var threads: Int { pool.threads }

    func run(_ products: [MatrixProduct]) {
        for product in products {
            for input in product.inputs { input.prepare(product.matrix.form) }
        }
        let threads = self.threads
        pool.run { thread in
            for product in products {
                let rows = product.matrix.rows
                let start = rows * thread / threads, end = rows * (thread + 1) / threads
                product.matrix.multiply(product.inputs, into: product.outputs, rows: start..<end)
            }
        }
    }
}
