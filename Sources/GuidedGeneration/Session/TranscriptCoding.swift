/// The saved form of a transcript: `{"version": 1, "entries": [...]}`, where each entry and each
/// segment is an object tagged by `"kind"` next to its own fields. Decoding rejects another
/// version or an unknown kind with a `DecodingError` that says what it found and what it expected.
extension Transcript: Codable {
    /// The version of the JSON format that this library writes and reads.
    public static let formatVersion = 1

    private enum CodingKeys: String, CodingKey {
        case version, entries
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .version)
        guard version == Self.formatVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .version, in: container,
                debugDescription: "Unsupported transcript format version \(version); this library reads version \(Self.formatVersion)")
        }
        self.init(entries: try container.decode([Entry].self, forKey: .entries))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.formatVersion, forKey: .version)
        try container.encode(Array(self), forKey: .entries)
    }
}

/// The `"kind"` tag that selects a case, kept beside the payload's own keys.
private enum KindKey: String, CodingKey {
    case kind
}

extension KeyedDecodingContainer<KindKey> {
    fileprivate func unknownKind(_ kind: String, of what: String, expected: [String]) -> DecodingError {
        DecodingError.dataCorruptedError(
            forKey: .kind, in: self,
            debugDescription: "Unknown \(what) kind \"\(kind)\"; expected one of \(expected.joined(separator: ", "))")
    }
}

extension Transcript.Entry: Codable {
    private static let kinds = ["instructions", "prompt", "toolCalls", "toolOutput", "response"]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: KindKey.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "instructions": self = .instructions(try Transcript.Instructions(from: decoder))
        case "prompt": self = .prompt(try Transcript.Prompt(from: decoder))
        case "toolCalls": self = .toolCalls(try Transcript.ToolCalls(from: decoder))
        case "toolOutput": self = .toolOutput(try Transcript.ToolOutput(from: decoder))
        case "response": self = .response(try Transcript.Response(from: decoder))
        default: throw container.unknownKind(kind, of: "transcript entry", expected: Self.kinds)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: KindKey.self)
        switch self {
        case .instructions(let instructions):
            try container.encode("instructions", forKey: .kind)
            try instructions.encode(to: encoder)
        case .prompt(let prompt):
            try container.encode("prompt", forKey: .kind)
            try prompt.encode(to: encoder)
        case .toolCalls(let toolCalls):
            try container.encode("toolCalls", forKey: .kind)
            try toolCalls.encode(to: encoder)
        case .toolOutput(let toolOutput):
            try container.encode("toolOutput", forKey: .kind)
            try toolOutput.encode(to: encoder)
        case .response(let response):
            try container.encode("response", forKey: .kind)
            try response.encode(to: encoder)
        }
    }
}

extension Transcript.Segment: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: KindKey.self)
        let kind = try container.decode(String.self, forKey: .kind)
        switch kind {
        case "text": self = .text(try Transcript.TextSegment(from: decoder))
        case "structure": self = .structure(try Transcript.StructuredSegment(from: decoder))
        default: throw container.unknownKind(kind, of: "transcript segment", expected: ["text", "structure"])
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: KindKey.self)
        switch self {
        case .text(let text):
            try container.encode("text", forKey: .kind)
            try text.encode(to: encoder)
        case .structure(let structure):
            try container.encode("structure", forKey: .kind)
            try structure.encode(to: encoder)
        }
    }
}
