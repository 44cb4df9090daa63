/// The keys and values of every position a session has processed, per layer, in half precision
/// (as llama.cpp keeps them by default). It grows in steps as the conversation does, up to the
/// context limit, so a short session does not reserve the whole context's memory.
/// Not `Sendable`: it lives inside its `NativeSession`'s lock.
final class KeyValueCache {
    let layers: Int
    /// Halves per position: key-value heads × head dimension.
    let width: Int
    let limit: Int
    private(set) var capacity = 0
    /// Positions filled.
    var count = 0
    private var keys: [UnsafeMutablePointer<UInt16>] = []
    private var values: [UnsafeMutablePointer<UInt16>] = []

    init(layers: Int, width: Int, limit: Int) {
        self.layers = layers
        self.width = width
        self.limit = limit
    }

    deinit { release() }

    private func release() {
        for pointer in keys + values { pointer.deallocate() }
        keys = []
        values = []
    }

    /// Makes room for `positions` positions in all (at most `limit`).
    func reserve(_ positions: Int) {
        guard positions > capacity else { return }
        let grown = min(limit, max(positions, capacity * 2, 256))
        let next = (0..<2 * layers).map { _ in UnsafeMutablePointer<UInt16>.allocate(capacity: grown * width) }
        for layer in 0..<layers where capacity > 0 {
            next[layer].update(from: keys[layer], count: count * width)
            next[layers + layer].update(from: values[layer], count: count * width)
        }
        release()
        keys = Array(next[..<layers])
        values = Array(next[layers...])
        capacity = grown
    }

    /// Holds the first `positions` positions of `other` (of the same shape), copied.
    func copy(_ positions: Int, of other: KeyValueCache) {
        reserve(positions)
        for layer in 0..<layers {
            keys[layer].update(from: other.keys[layer], count: positions * width)
            values[layer].update(from: other.values[layer], count: positions * width)
        }
        count = positions
    }

    func key(layer: Int, position: Int) -> UnsafeMutablePointer<UInt16> { keys[layer] + position * width }
    func value(layer: Int, position: Int) -> UnsafeMutablePointer<UInt16> { values[layer] + position * width }
}
