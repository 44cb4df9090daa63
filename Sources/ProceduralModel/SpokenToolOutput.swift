import GuidedGeneration
import JSONSchema

extension Array where Element == Transcript.Segment {
    /// A tool's output as words a character can say (`#toolOutput#` in a reply): text as it is,
    /// and a structure by its values rather than its JSON, so that a host tool answering
    /// `{"name": "Sam Okafor"}` gives "Hmm, Sam Okafor, I think." and not the braces.
    var spokenText: String {
        text(structure: \.spokenText, separator: " ")
    }
}

extension GeneratedContent {
    /// A value as words: strings as they are, numbers as written, `yes`/`no`, the values of an
    /// object and the items of an array joined with commas (empty ones and nulls left out).
    var spokenText: String {
        switch storage {
        case .null: return ""
        case .bool(let value): return value ? "yes" : "no"
        case .number: return jsonString
        case .string(let text): return text
        case .array(let items): return items.map(\.spokenText).filter { !$0.isEmpty }.joined(separator: ", ")
        case .object(let fields): return fields.map(\.value.spokenText).filter { !$0.isEmpty }.joined(separator: ", ")
        }
    }
}
