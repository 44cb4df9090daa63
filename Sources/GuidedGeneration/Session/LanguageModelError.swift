/// The errors of Foundation Models 2026's `LanguageModelError`, read from the ones our sessions
/// and backends throw. Sessions keep throwing `LanguageModelSession.GenerationError` (and each
/// backend its own failures); `LanguageModelError(error)` names the same failure the way code
/// written for the newer API expects, or is nil for a failure that API has no case for (a
/// decoding failure, say).
///
/// ```swift
/// do { _ = try await session.respond(to: prompt) }
/// catch {
///     switch LanguageModelError(error) {
///     case .contextSizeExceeded?: session = LanguageModelSession(model: model, transcript: session.transcript.condensed(keepingLast: 2))
///     case .rateLimited(let retryAfter, _)?: print("try again in \(retryAfter ?? 1) s")
///     default: throw error
///     }
/// }
/// ```
public enum LanguageModelError: Error, Sendable, CustomStringConvertible {
    public typealias Context = LanguageModelSession.GenerationError.Context

    /// The transcript and prompt need more tokens than the model takes.
    case contextSizeExceeded(Context)
    /// The model's server is limiting requests; `retryAfter` is its wait, in seconds, when it said.
    case rateLimited(retryAfter: Int?, Context)
    /// The model did not answer in time.
    case timeout(Context)
    /// The request needs something the model does not declare in its `capabilities`.
    case unsupportedCapability(Context)
    /// The schema asks for something the model cannot honour.
    case unsupportedGenerationGuide(Context)
    /// The prompt is in a language the model does not support.
    case unsupportedLanguageOrLocale(Context)

    /// The newer API's name for `error`, or nil when it has none.
    public init?(_ error: any Error) {
        switch error {
        case let error as LanguageModelError:
            self = error
        case let error as LanguageModelSession.GenerationError:
            switch error {
            case .exceededContextWindowSize(let context): self = .contextSizeExceeded(context)
            case .unsupportedCapability(let context): self = .unsupportedCapability(context)
            case .unsupportedGuide(let context): self = .unsupportedGenerationGuide(context)
            case .unsupportedLanguageOrLocale(let context): self = .unsupportedLanguageOrLocale(context)
            case .decodingFailure, .concurrentRequests, .assetsUnavailable, .exceededToolCallLimit, .toolCallRequired, .misuse:
                return nil
            }
        case let error as any LanguageModelErrorConvertible:
            guard let converted = error.languageModelError else { return nil }
            self = converted
        default:
            return nil
        }
    }

    public var description: String {
        switch self {
        case .contextSizeExceeded(let c): "the context size was exceeded: \(c.debugDescription)"
        case .rateLimited(let after, let c): "rate limited\(after.map { " (retry after \($0) s)" } ?? ""): \(c.debugDescription)"
        case .timeout(let c): "timed out: \(c.debugDescription)"
        case .unsupportedCapability(let c): "unsupported capability: \(c.debugDescription)"
        case .unsupportedGenerationGuide(let c): "unsupported generation guide: \(c.debugDescription)"
        case .unsupportedLanguageOrLocale(let c): "unsupported language or locale: \(c.debugDescription)"
        }
    }
}

/// A backend's own error that has a `LanguageModelError` counterpart (an HTTP backend's rate
/// limit or time-out), so that `LanguageModelError(error)` can name it.
public protocol LanguageModelErrorConvertible: Error {
    /// The counterpart, or nil when this failure has none.
    var languageModelError: LanguageModelError? { get }
}
