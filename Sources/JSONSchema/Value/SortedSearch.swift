/// Inlinable, so that other modules' callers get it specialised to their element type (the
/// number grids search their sorted excluded values on every draw).
extension Array where Element: Comparable {
    /// The index of the first element not less than `value` (the array is sorted).
    @inlinable
    package func lowerBound(of value: Element) -> Int {
        var a = 0
        var b = count
        while a < b {
            let mid = (a + b) / 2
            if self[mid] < value { a = mid + 1 } else { b = mid }
        }
        return a
    }

    /// The index of `value` in the sorted array, if it is there.
    @inlinable
    package func binarySearch(_ value: Element) -> Int? {
        let i = lowerBound(of: value)
        return i < count && self[i] == value ? i : nil
    }
}
