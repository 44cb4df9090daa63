/// The linear history of a session: its instructions, the prompts, the tool calls and their
/// outputs, and the model's responses, in order.
///
/// A transcript is a value: read it as a collection of `Transcript.Entry`, build any subset with
/// `init(entries:)` to condense a long conversation, and save it as versioned JSON through
/// `Codable` (`{"version": 1, "entries": [...]}`, each entry tagged by `"kind"`).
///
/// Instructions lead the transcript. An instructions entry after the history, just before a
/// prompt, is the situation of the moment — what changes between prompts, such as a clock:
/// kept out of the leading instructions, it leaves the history's start unchanged, so a model
/// that caches the computed transcript reuses it. Models read the leading instructions with
/// the latest later entry (`LanguageModelRequest.instructions`); earlier later ones are not told.
///
/// ```swift
/// let transcript = Transcript(entries: [
///     .instructions(.init(segments: [.text(.init(content: "You are a friendly barista."))], toolDefinitions: [])),
///     .prompt(.init(segments: [.text(.init(content: "How long have you worked here?"))])),
///     .response(.init(assetIDs: [], segments: [.text(.init(content: "Three years, give or take a latte."))])),
/// ])
/// let saved = try JSONEncoder().encode(transcript)
/// let restored = try JSONDecoder().decode(Transcript.self, from: saved)
/// let recent = restored.condensed(keepingLast: 1)
/// ```
public struct Transcript: Sendable, Equatable, RandomAccessCollection {
    private var entries: [Entry]

    /// Creates a transcript of `entries`, in order.
    public init(entries: some Sequence<Entry> = []) {
        self.entries = Array(entries)
    }

    public var startIndex: Int { entries.startIndex }
    public var endIndex: Int { entries.endIndex }
    public subscript(position: Int) -> Entry { entries[position] }

    /// The instructions (every instructions entry before the kept exchanges) followed by the
    /// last `exchanges` exchanges, where an exchange is a prompt and everything after it up to
    /// the next prompt. Entries before the first prompt that are not instructions are dropped;
    /// a negative count keeps no exchange.
    ///
    /// ```swift
    /// let session = LanguageModelSession(transcript: session.transcript.condensed(keepingLast: 3))
    /// ```
    public func condensed(keepingLast exchanges: Int) -> Transcript {
        let promptIndices = entries.indices.filter {
            if case .prompt = entries[$0] { return true }
            return false
        }
        let kept = Swift.min(Swift.max(0, exchanges), promptIndices.count)
        let start = kept == 0 ? entries.endIndex : promptIndices[promptIndices.count - kept]
        let instructions = entries[..<start].filter {
            if case .instructions = $0 { return true }
            return false
        }
        return Transcript(entries: instructions + entries[start...])
    }

    /// The instructions entries a model is told, as indices: the leading one and the latest
    /// later one (the situation of the moment); earlier later ones have moved on.
    package var toldInstructionIndices: [Int] {
        let all = entries.indices.filter {
            if case .instructions = entries[$0] { return true }
            return false
        }
        return [all.first, all.dropFirst().last].compactMap { $0 }
    }
}
