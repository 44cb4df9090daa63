extension Transcript {
    /// The transcript with every identifier — of entries, segments and tool calls — replaced by
    /// `prefix-1`, `prefix-2`, … in order of first appearance. A tool call and its output share
    /// an identifier, and still do. Identifiers from `makeID()` carry a per-process random prefix;
    /// renumbered, two identical conversations are identical transcripts (how a game writes the
    /// same save for the same seed and commands).
    ///
    /// ```swift
    /// let stable = session.transcript.renumbered(prefix: "juno")
    /// stable.first?.id      // "juno-1"
    /// ```
    public func renumbered(prefix: String) -> Transcript {
        var assigned: [String: String] = [:]
        func renamed(_ id: String) -> String {
            if let known = assigned[id] { return known }
            let fresh = "\(prefix)-\(assigned.count + 1)"
            assigned[id] = fresh
            return fresh
        }
        func segments(_ list: [Segment]) -> [Segment] {
            list.map { segment in
                switch segment {
                case .text(var text):
                    text.id = renamed(text.id)
                    return .text(text)
                case .structure(var structure):
                    structure.id = renamed(structure.id)
                    return .structure(structure)
                }
            }
        }
        func payload<Payload: SegmentedPayload>(_ value: Payload) -> Payload {
            var value = value
            value.id = renamed(value.id)
            value.segments = segments(value.segments)
            return value
        }
        return Transcript(entries: map { entry -> Entry in
            switch entry {
            case .instructions(let instructions): return .instructions(payload(instructions))
            case .prompt(let prompt): return .prompt(payload(prompt))
            case .toolOutput(let output): return .toolOutput(payload(output))
            case .response(let response): return .response(payload(response))
            case .toolCalls(let calls):
                let id = renamed(calls.id)
                return .toolCalls(ToolCalls(id: id, calls.map { call in
                    var call = call
                    call.id = renamed(call.id)
                    return call
                }))
            }
        })
    }
}

/// An entry's payload with an identifier and segments, renumbered alike.
private protocol SegmentedPayload {
    var id: String { get set }
    var segments: [Transcript.Segment] { get set }
}

extension Transcript.Instructions: SegmentedPayload {}
extension Transcript.Prompt: SegmentedPayload {}
extension Transcript.ToolOutput: SegmentedPayload {}
extension Transcript.Response: SegmentedPayload {}
