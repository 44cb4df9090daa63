import JSONSchema

/// The shortest texts that finish a schema's instances, as the matcher reads them: for every
/// plan node its smallest value, and for any text read so far the fewest bytes that make it a
/// whole valid instance — close the scalar being read the soonest it may end, then every open
/// container with no more than it still requires. What a decoder with a token budget keeps in
/// reserve so that a reply always ends.
///
/// `PlanSizes` counts values and characters to steer generation; this counts the bytes of the
/// text itself and holds it, which is what a budget of tokens spends.
///
/// ```swift
/// let matcher = schema.matcher            // {"name": string, "mood": string}, "name" required
/// let completions = ShortestCompletions(tables: matcher.tables)
/// var state = matcher.start()
/// try matcher.advance(&state, by: Array(#"{"name":"Ad"#.utf8))
/// completions.completion(of: state)      // Array("\"}".utf8): the string closed, "mood" left out
/// ```
package final class ShortestCompletions: Sendable {
    let tables: MatcherTables
    /// The smallest value of each plan node as compact JSON text; nil where none is known.
    let values: [[UInt8]?]

    package init(tables: MatcherTables) {
        self.tables = tables
        let plan = tables.plan
        var values = [[UInt8]?](repeating: nil, count: plan.nodes.count)
        var containers: [Int] = []
        for node in plan.nodes.indices where tables.usable[node] {
            switch plan.nodes[node] {
            case .object, .array, .alternatives: containers.append(node)
            case .never: break
            default: values[node] = tables.endOfScalar(MatchThread(pending: Int32(node))) { _ in [] }
            }
        }
        // Containers only shrink from pass to pass (recursive schemas find their base case).
        for _ in 0..<PlanSizes.maximumPasses {
            var changed = false
            for node in containers {
                let closing = ContainerClosing(tables: tables, values: values)
                if let text = closing.smallest(node), text.count < values[node]?.count ?? Int.max {
                    values[node] = text
                    changed = true
                }
            }
            if !changed { break }
        }
        self.values = values
    }

    /// The fewest bytes that make the text read into `state` a whole valid instance (empty when
    /// it is one already); nil when no completion is known (see `ContainerClosing`).
    package func completion(of state: JSONMatcher.State) -> [UInt8]? {
        state.threads.compactMap(completion(of:)).min { $0.count < $1.count }
    }

    /// The reading's completion: the scalar it is in ended (or the value it expects written)
    /// together with the closing of its innermost container, then the outer ones closed.
    private func completion(of thread: MatchThread) -> [UInt8]? {
        let closing = ContainerClosing(tables: tables, values: values)
        let innermost: (MatchThread) -> [UInt8]? = { reading in
            guard let frame = reading.frames.last else { return [] }
            return closing.closing(frame)
        }
        var text: [UInt8]
        if thread.pending >= 0 {
            guard let value = values[Int(thread.pending)], let closed = innermost(thread) else { return nil }
            text = value + closed
        } else {
            guard let ended = tables.endOfScalar(thread, then: innermost) else { return nil }
            text = ended
        }
        for frame in thread.frames.dropLast().reversed() {
            // A unique array whose open item is a container: closing that may repeat an earlier item.
            if case .array(let array) = frame, array.unique != nil { return nil }
            guard let closed = closing.closing(frame) else { return nil }
            text += closed
        }
        return text
    }
}
