/// One matrix times a batch of vectors, for `ParallelProducts` to split by rows: each thread
/// writes only its own share of the rows of `outputs`.
struct MatrixProduct {
    let matrix: WeightMatrix
    let inputs: [ActivationVector]
    let outputs: [UnsafeMutablePointer<Float>]
}

/// Runs matrix products on the pool's threads at once: each thread takes an equal share of
/// every product's rows, so a layer's Q, K and V (or gate and up) projections cost one fork and
/// join.
struct ParallelProducts {
    let pool: WorkerPool
    let kernels: Kernels

    var threads: Int { pool.threads }

    func run(_ products: [MatrixProduct]) {
        prepare(products)
        let groups = self.groups(products)
        let threads = self.threads
        pool.run { thread in
            for (index, product) in products.enumerated() {
                let rows = product.matrix.rows
                let start = rows * thread / threads, end = rows * (thread + 1) / threads
                product.matrix.multiply(product.inputs, groups: groups[index], into: product.outputs, rows: start..<end, kernels: kernels)
            }
        }
    }

    /// Each product's inputs as `ActivationGroup`s where its matrix reads them (a batch of eight
    /// or more vectors): built on all threads, once for products that share their inputs.
    private func groups(_ products: [MatrixProduct]) -> [[ActivationGroup]] {
        var result: [[ActivationGroup]] = []
        for product in products {
            let width = ActivationGroup.width
            guard ActivationGroup.used(by: product.matrix.type), product.inputs.count >= width else {
                result.append([])
                continue
            }
            if let earlier = result.indices.first(where: { !result[$0].isEmpty && products[$0].inputs.elementsEqual(product.inputs, by: ===) }) {
                result.append(result[earlier])
                continue
            }
            let slots = UnsafeMutableBufferPointer<ActivationGroup?>.allocate(capacity: product.inputs.count / width)
            slots.initialize(repeating: nil)
            defer {
                _ = slots.deinitialize()
                slots.deallocate()
            }
            forEach(slots.count) { g in slots[g] = ActivationGroup(product.inputs[(width * g)..<(width * g + width)]) }
            result.append(slots.map { $0! })
        }
        return result
    }

    /// Calls `body(j)` for every `j` in `0..<count`, a share of them on each thread when there
    /// is more than one (a prompt's tokens); one token's work stays on the caller's thread.
    func forEach(_ count: Int, _ body: (Int) -> Void) {
        guard count > 1, threads > 1 else {
            for j in 0..<count { body(j) }
            return
        }
        let threads = self.threads
        pool.run { thread in
            for j in (count * thread / threads)..<(count * (thread + 1) / threads) { body(j) }
        }
    }

    /// Puts every input in the forms its matrices read. A prompt's batch of vectors is quantized
    /// on all threads (serial, it was a tenth of prompt time); each distinct vector goes to one
    /// thread, as its forms share state. A single token's vector is prepared here.
    private func prepare(_ products: [MatrixProduct]) {
        guard threads > 1, products.contains(where: { $0.inputs.count > 1 }) else {
            for product in products {
                for input in product.inputs { input.prepare(product.matrix.form) }
            }
            return
        }
        var work: [(vector: ActivationVector, forms: Set<ActivationVector.Form>)] = []
        var slots: [ObjectIdentifier: Int] = [:]
        for product in products {
            for input in product.inputs {
                let slot = slots[ObjectIdentifier(input)] ?? {
                    work.append((input, []))
                    slots[ObjectIdentifier(input)] = work.count - 1
                    return work.count - 1
                }()
                work[slot].forms.insert(product.matrix.form)
            }
        }
        let threads = self.threads
        pool.run { thread in
            for index in stride(from: thread, to: work.count, by: threads) {
                for form in work[index].forms { work[index].vector.prepare(form) }
            }
        }
    }
}
