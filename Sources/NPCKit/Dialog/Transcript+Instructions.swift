import GuidedGeneration

extension Transcript {
    /// The transcript with its leading instructions' text replaced (tools, history and
    /// identifiers kept; unchanged when the text is already `text`).
    package func withInstructions(_ text: String) -> Transcript {
        Transcript(entries: enumerated().map { index, entry in
            guard index == 0, case .instructions(var instructions) = entry else { return entry }
            let current = instructions.segments.compactMap { segment -> Transcript.TextSegment? in
                if case .text(let part) = segment { return part }
                return nil
            }
            guard current.map(\.content).joined() != text else { return entry }
            instructions.segments = [.text(.init(id: current.first?.id ?? Transcript.makeID(), content: text))]
            return .instructions(instructions)
        })
    }
}
