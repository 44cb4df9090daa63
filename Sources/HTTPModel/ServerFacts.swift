import Foundation
import GuidedGeneration
import JSONSchema
import Synchronization

/// What a server says of itself — in llama.cpp's `/props`, whether its chat template can call
/// tools and its context per slot; in vLLM's `/version`, that it is vLLM and which field takes a
/// grammar — asked once per model value and its copies.
final class ServerFacts: Sendable {
    /// What is known so far; nil: not asked yet (an inner nil: asked, and the server has none).
    private struct Known {
        var properties: GeneratedContent??
        var native: Bool?
        var grammarField: GrammarField??
    }

    private let known = Mutex(Known())

    func record(native: Bool) { known.withLock { $0.native = native } }

    /// The server's `/props`, read on first use (nil when it has none).
    private func properties(asking transport: ChatTransport) async -> GeneratedContent? {
        if let properties = known.withLock({ $0.properties }) { return properties }
        let read = await transport.serverProperties()
        known.withLock { $0.properties = .some(read) }
        return read
    }

    /// Whether to call tools natively: false when `/props` says the chat template cannot call
    /// tools (or a refusal was recorded), true otherwise.
    func native(asking transport: ChatTransport) async -> Bool {
        if let native = known.withLock({ $0.native }) { return native }
        let capable = await properties(asking: transport)?["chat_template_caps"]?["supports_tool_calls"]?.boolValue ?? true
        known.withLock { $0.native = $0.native ?? capable }
        return capable
    }

    /// The request field that takes a GBNF grammar, nil for a server that says of none.
    func grammarField(asking transport: ChatTransport) async -> GrammarField? {
        if let grammarField = known.withLock({ $0.grammarField }) { return grammarField }
        var field: GrammarField?
        if await properties(asking: transport) != nil {
            field = .llamaCpp
        } else if let version = await transport.serverVersion() {
            field = GrammarField(vLLMVersion: version)
        }
        known.withLock { $0.grammarField = .some(field) }
        return field
    }

    /// The context per slot (`default_generation_settings.n_ctx`), nil when the server does not say.
    func contextSize(asking transport: ChatTransport) async -> Int? {
        Self.contextSize(in: await properties(asking: transport))
    }

    /// The context size once `/props` has been read.
    var knownContextSize: Int? { Self.contextSize(in: known.withLock { $0.properties } ?? nil) }

    private static func contextSize(in properties: GeneratedContent?) -> Int? {
        guard let size = properties?["default_generation_settings"]?["n_ctx"]?.numberValue, size > 0, size < 1e9 else { return nil }
        return Int(size)
    }
}

/// Where a request puts a GBNF grammar: llama.cpp's `grammar`, vLLM's `guided_grammar` (before
/// 0.10.2) or its `structured_outputs.grammar` (from 0.10.2 on).
enum GrammarField: Sendable, Equatable {
    case llamaCpp, vLLMGuided, vLLMStructured

    /// The field for a vLLM version string such as `0.9.1` or `0.11.0rc2`.
    init(vLLMVersion version: String) {
        let numbers = version.split(separator: ".").prefix(3).map { Int($0.prefix { $0.isNumber }) ?? 0 }
        let padded = numbers + Array(repeating: 0, count: 3 - numbers.count)
        self = padded.lexicographicallyPrecedes([0, 10, 2]) ? .vLLMGuided : .vLLMStructured
    }

    /// The body's fields that carry `grammar`.
    func fields(_ grammar: String) -> [(String, GeneratedContent)] {
        switch self {
        case .llamaCpp: return [("grammar", GeneratedContent(grammar))]
        case .vLLMGuided: return [("guided_grammar", GeneratedContent(grammar))]
        case .vLLMStructured: return [("structured_outputs", GeneratedContent(properties: [("grammar", GeneratedContent(grammar))]))]
        }
    }
}
