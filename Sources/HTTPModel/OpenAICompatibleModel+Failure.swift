import Foundation
import GuidedGeneration

extension OpenAICompatibleModel {
    /// Why a request to the server failed.
    ///
    /// ```swift
    /// do { _ = try await session.respond(to: "Hello") }
    /// catch let failure as OpenAICompatibleModel.Failure { print(failure) }   // cannot reach http://…: connection refused
    /// ```
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// No connection (refused, unknown host, reset, or lost in the middle of the reply): the URL and the reason.
        case unreachable(String, reason: String)
        case timedOut(String, seconds: TimeInterval)
        /// An HTTP error status with the server's message.
        case http(status: Int, message: String)
        /// HTTP 429; `retryAfter` is the server's `Retry-After`, in seconds, when it sent one.
        case rateLimited(retryAfter: Int?)
        /// A body that is not the chat completion JSON expected.
        case malformedResponse(String)
        /// An error the server reported in the middle of a streamed reply.
        case streamError(String)
        /// `toolChoice` names a tool the session does not have.
        case unknownTool(String, available: [String])

        public var description: String {
            switch self {
            case .unreachable(let url, let reason): return "cannot reach \(url): \(reason)"
            case .timedOut(let url, let seconds): return "no answer from \(url) within \(Int(seconds)) s"
            case .http(let status, let message): return "the server answered HTTP \(status): \(message)"
            case .rateLimited(let after): return "the server is rate limiting requests" + (after.map { "; retry after \($0) s" } ?? "")
            case .malformedResponse(let reason): return "the server's answer is not a chat completion: \(reason)"
            case .streamError(let message): return "the server reported an error while streaming: \(message)"
            case .unknownTool(let name, let available):
                return "toolChoice names '\(name)', which is not one of the session's tools (\(available.joined(separator: ", ")))"
            }
        }

        /// Whether sending the request again may succeed.
        var isTransient: Bool {
            switch self {
            case .unreachable, .timedOut, .rateLimited: return true
            case .http(let status, _): return status >= 500
            case .malformedResponse, .streamError, .unknownTool: return false
            }
        }
    }
}

extension OpenAICompatibleModel.Failure: LanguageModelErrorConvertible {
    /// A rate limit and a time-out are Foundation Models 2026's `rateLimited` and `timeout`.
    public var languageModelError: LanguageModelError? {
        switch self {
        case .rateLimited(let after): .rateLimited(retryAfter: after, .init(debugDescription: description))
        case .timedOut: .timeout(.init(debugDescription: description))
        case .unreachable, .http, .malformedResponse, .streamError, .unknownTool: nil
        }
    }
}
