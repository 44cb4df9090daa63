/// Whether a model that calls tools through chat messages may, must or must not call one, or
/// must call one by name. `required` and `named` hold for the turns before the first tool
/// output of a response; after that the model may answer, so a response ends.
///
/// ```swift
/// let model = OpenAICompatibleModel(baseURL: url, name: "smollm2", toolChoice: .named("findContact"))
/// ```
public enum ToolChoice: Sendable, Equatable {
    case auto
    case none
    case required
    case named(String)
}
