import Foundation
import GuidedGeneration
import HTTPModel
import NativeModel

/// How programs name a model on their command line: `procedural` for the embedded model, the
/// path of a GGUF file (`….gguf`) for a model run in process (NativeModel's `LocalModel`), or
/// the base URL of an OpenAI-compatible server (with the server's model name and, optionally,
/// the environment variable that holds its API key, the way tools are called — `auto`,
/// `native` or `schema` — the guided mode — `auto`, `schema` or `value` — and how long to wait
/// for an answer). Several server URLs, separated by commas, make a `ServerPool`.
///
/// ```swift
/// let server = try ModelChoice(parsing: "http://127.0.0.1:8080", name: "smollm2").serverModel  // an OpenAICompatibleModel
/// let file = try ModelChoice(parsing: "models/SmolLM2.gguf").file                              // the GGUF file's URL
/// let embedded = try ModelChoice(parsing: "procedural")                                        // neither: the embedded model
/// ```
package struct ModelChoice: Sendable, Equatable {
    /// The base URL of the server (the first of several; nil: the embedded model or a model file).
    package var url: URL? { urls.first }
    /// Every server's base URL (empty: the embedded model or a model file).
    package let urls: [URL]
    /// The GGUF model file to run in process (nil: the embedded model or a server).
    package let file: URL?
    package let name: String
    let apiKeyEnvironmentVariable: String?
    let toolCalling: OpenAICompatibleModel.ToolCalling
    let guidedDecoding: OpenAICompatibleModel.GuidedDecoding
    /// Seconds a server has to answer a request (`defaultTimeout` unless given).
    package let timeout: TimeInterval

    /// Two minutes: a local server on a busy CPU can take over a minute for a long structured reply.
    static let defaultTimeout: TimeInterval = 120

    /// Why a model name was refused.
    package struct Refusal: Error, CustomStringConvertible {
        package let description: String
    }

    package init(parsing text: String, name: String? = nil, apiKeyEnvironmentVariable: String? = nil, toolCalling: String? = nil,
                 guided: String? = nil, timeout: String? = nil) throws(Refusal) {
        if text == "procedural" {
            urls = []
            file = nil
        } else if text.lowercased().hasSuffix(".gguf") {
            urls = []
            file = URL(fileURLWithPath: text)
        } else if case let parts = text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }),
                  case let parsed = parts.compactMap(Self.serverURL), parsed.count == parts.count {
            urls = parsed
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
        guard let guidedDecoding = OpenAICompatibleModel.GuidedDecoding(rawValue: guided ?? "auto") else {
            throw Refusal(description: "--guided takes auto, schema or value, not '\(guided ?? "")'")
        }
        self.guidedDecoding = guidedDecoding
        if let timeout {
            guard let seconds = TimeInterval(timeout), seconds.isFinite, seconds > 0 else {
                throw Refusal(description: "--timeout takes a positive number of seconds, not '\(timeout)'")
            }
            self.timeout = seconds
        } else {
            self.timeout = Self.defaultTimeout
        }
        if urls.isEmpty, name != nil || apiKeyEnvironmentVariable != nil || toolCalling != nil || guided != nil || timeout != nil {
            throw Refusal(description: "a model name, an API key variable, a tool-calling mode, a guided mode and a timeout go with a server URL, not \(file == nil ? "the procedural model" : "a model file")")
        }
    }

    /// The server's model for a URL, a `ServerPool` for several (whose servers each try once
    /// and leave retries to the pool); nil for the embedded model or a model file.
    package var serverModel: (any LanguageModel)? {
        servers()?.model
    }

    /// The servers' model, nil without URLs.
    private func servers() -> OpenedModel? {
        switch urls.count {
        case 0: return nil
        case 1: return OpenedModel(model: server(urls[0], retries: 2))
        default:
            let pool = ServerPool(servers: urls.map { server($0, retries: 0) })
            return OpenedModel(model: pool, requestsPerServer: { pool.answered })
        }
    }

    private func server(_ url: URL, retries: Int) -> OpenAICompatibleModel {
        OpenAICompatibleModel(baseURL: url, name: name, apiKeyEnvironmentVariable: apiKeyEnvironmentVariable, timeout: timeout, retries: retries,
                              toolCalling: toolCalling, guidedDecoding: guidedDecoding)
    }

    /// An http(s) URL with a host, or nil.
    private static func serverURL(_ text: String) -> URL? {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else { return nil }
        return url
    }

    /// The model this choice names, ready to use: a `LocalModel` for a GGUF file (opened and
    /// checked now, so a missing or damaged file is an error before any work starts), an
    /// `OpenAICompatibleModel` for a URL, nil for the embedded model (the caller's default,
    /// e.g. a content library's).
    ///
    /// ```swift
    /// let model = try ModelChoice(parsing: "SmolLM2-135M-Instruct.Q4_1.gguf").makeModel(threads: 2)   // a LocalModel
    /// ```
    package func makeModel(threads: Int? = nil) throws(NativeModelError) -> (any LanguageModel)? {
        try open(threads: threads)?.model
    }

    /// The model this choice names with what a record of the work says about it (see
    /// `OpenedModel`); nil for the embedded model.
    ///
    /// ```swift
    /// let opened = try ModelChoice(parsing: "http://a:8080,http://b:8080").open()
    /// // … after the work:
    /// print(opened?.requestsPerServer ?? [])   // e.g. [12, 8]
    /// ```
    package func open(threads: Int? = nil) throws(NativeModelError) -> OpenedModel? {
        if let file {
            let local = try LocalModel(contentsOf: file, options: LocalModel.Options(threads: threads))
            return OpenedModel(model: local, sampling: "temperature \(local.options.temperature), top-k from the item's options, masked by the item's schema")
        }
        return servers()
    }

    /// `procedural`, the model file's name, or the URLs and model name.
    package var label: String {
        if let file { return file.lastPathComponent }
        guard !urls.isEmpty else { return "procedural" }
        return urls.map(\.absoluteString).joined(separator: ",") + " (\(name))"
    }
}
