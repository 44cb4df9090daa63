import Foundation

/// How programs name a model on their command line: `procedural` for the embedded model, the
/// path of a GGUF file (`….gguf`) for a model run in process (NativeModel's `LocalModel`), or
/// the base URL of an OpenAI-compatible server (with the server's model name and, optionally,
/// the environment variable that holds its API key and the way tools are called: `auto`,
/// `native` or `schema`).
///
/// ```swift
/// let server = try ModelChoice(parsing: "http://127.0.0.1:8080", name: "smollm2").serverModel  // an OpenAICompatibleModel
/// let file = try ModelChoice(parsing: "models/SmolLM2.gguf").file                              // the GGUF file's URL
/// let embedded = try ModelChoice(parsing: "procedural")                                        // neither: the embedded model
/// ```
public struct ModelChoice: Sendable, Equatable {
    /// The base URL of the server (nil: the embedded model or a model file).
    public let url: URL?
    /// The GGUF model file to run in process (nil: the embedded model or a server).
    public let file: URL?
    public let name: String
    public let apiKeyEnvironmentVariable: String?
    public let toolCalling: OpenAICompatibleModel.ToolCalling

    /// Why a model name was refused.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    public init(parsing text: String, name: String? = nil, apiKeyEnvironmentVariable: String? = nil, toolCalling: String? = nil) throws(Refusal) {
        if text == "procedural" {
            url = nil
            file = nil
        } else if text.lowercased().hasSuffix(".gguf") {
            url = nil
            file = URL(fileURLWithPath: text)
        } else if let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil {
            self.url = url
            file = nil
        } else {
            throw Refusal(description: "unknown model '\(text)'; give procedural, a GGUF model file (….gguf) or the http(s) URL of an OpenAI-compatible server")
        }
        self.name = name ?? "default"
        self.apiKeyEnvironmentVariable = apiKeyEnvironmentVariable
        guard let calling = OpenAICompatibleModel.ToolCalling(rawValue: toolCalling ?? "auto") else {
            throw Refusal(description: "--tool-calling takes auto, native or schema, not '\(toolCalling ?? "")'")
        }
        self.toolCalling = calling
        if url == nil, name != nil || apiKeyEnvironmentVariable != nil || toolCalling != nil {
            throw Refusal(description: "a model name, an API key variable and a tool-calling mode go with a server URL, not \(file == nil ? "the procedural model" : "a model file")")
        }
    }

    /// The server's model for a URL (nil for the embedded model or a model file).
    public var serverModel: OpenAICompatibleModel? {
        url.map { OpenAICompatibleModel(baseURL: $0, name: name, apiKeyEnvironmentVariable: apiKeyEnvironmentVariable, toolCalling: toolCalling) }
    }

    /// `procedural`, the model file's name, or the URL and model name.
    public var label: String {
        if let file { return file.lastPathComponent }
        return url.map { "\($0.absoluteString) (\(name))" } ?? "procedural"
    }
}
