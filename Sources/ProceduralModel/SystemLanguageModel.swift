import Foundation
import GuidedGeneration

/// The model every session uses unless told otherwise: the embedded procedural model on the
/// built-in content pack, which works offline, from any directory, with no downloads.
///
/// ```swift
/// let model = SystemLanguageModel.default
/// guard model.isAvailable else { fatalError("\(model.availability)") }
/// print(model.supportedLanguages, model.contextSize, model.tokenCount(for: "Hello, world!"))
/// let session = LanguageModelSession()          // uses SystemLanguageModel.default
/// ```
public struct SystemLanguageModel: LanguageModel {
    /// The shared default model.
    public static let `default` = SystemLanguageModel()

    /// Whether the model can answer, and why not.
    public enum Availability: Sendable, Equatable {
        case available
        /// The built-in content pack failed to load; the text says why.
        case unavailable(String)
    }

    private let model: ProceduralModel
    private let loadError: String?

    private init() {
        do {
            model = ProceduralModel(content: try ProceduralContent.builtIn)
            loadError = nil
        } catch {
            model = ProceduralModel()
            loadError = "\(error)"
        }
    }

    /// Whether the model can answer.
    public var availability: Availability { loadError.map(Availability.unavailable) ?? .available }

    /// Whether `availability` is `.available`.
    public var isAvailable: Bool { availability == .available }

    /// The languages the model understands: English.
    public var supportedLanguages: Set<Locale.Language> { [Locale.Language(identifier: "en")] }

    public var contextSize: Int { model.contextSize }

    public var repliesFollowTheSchema: Bool { model.repliesFollowTheSchema }

    public var capabilities: LanguageModelCapabilities { model.capabilities }

    public func tokenCount(for text: String) -> Int { model.tokenCount(for: text) }

    public func supportsLocale(_ locale: Locale = .current) -> Bool { model.supportsLocale(locale) }

    public func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
        try await model.respond(to: request)
    }
}
