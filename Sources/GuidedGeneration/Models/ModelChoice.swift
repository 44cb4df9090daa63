import Foundation

/// How programs name a model on their command line: `procedural` for the embedded model, or the
/// base URL of an OpenAI-compatible server (with the server's model name and, optionally, the
/// environment variable that holds its API key and the way tools are called: `auto`, `native`
/// or `schema`).
///
/// ```swift
/// let model = try ModelChoice(parsing: "http://127.0.0.1:8080", name: "smollm2").model   // an OpenAICompatibleModel
/// let embedded = try ModelChoice(parsing: "procedural").model                              // nil: the embedded model
/// ```
public struct ModelChoice: Sendable, Equatable {
    /// The base URL of the server (nil: the embedded procedural model).
    public let url: URL?
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
        } else if let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil {
            self.url = url
        } else {
            throw Refusal(description: "unknown model '\(text)'; give procedural or the http(s) URL of an OpenAI-compatible server")
        }
        self.name = name ?? "default"
        self.apiKeyEnvironmentVariable = apiKeyEnvironmentVariable
        guard let calling = OpenAICompatibleModel.ToolCalling(rawValue: toolCalling ?? "auto") else {
            throw Refusal(description: "--tool-calling takes auto, native or schema, not '\(toolCalling ?? "")'")
        }
        self.toolCalling = calling
        if url == nil, name != nil || apiKeyEnvironmentVariable != nil || toolCalling != nil {
            throw Refusal(description: "a model name, an API key variable and a tool-calling mode go with a server URL, not the procedural model")
        }
    }

    /// The model to use: an `OpenAICompatibleModel` for a URL, nil for the embedded model (the
    /// caller's default, e.g. a content library's).
    public var model: (any LanguageModel)? {
        url.map { OpenAICompatibleModel(baseURL: $0, name: name, apiKeyEnvironmentVariable: apiKeyEnvironmentVariable, toolCalling: toolCalling) }
    }

    /// `procedural`, or the URL and model name.
    public var label: String {
        url.map { "\($0.absoluteString) (\(name))" } ?? "procedural"
    }
}
