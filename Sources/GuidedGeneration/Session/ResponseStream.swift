import Foundation
import JSONSchema
import Synchronization

/// The snapshots of a response as it is produced: text so far, or content filled property by
/// property. A model that streams (`OpenAICompatibleModel`) delivers them as its tokens arrive;
/// for one that answers all at once (the embedded model) the session reveals the finished reply
/// word by word and property by property, each snapshot extending the previous one. The last
/// snapshot is always the complete, validated response — equal to what `respond` returns for
/// the same seed. (A streamed reply the model has to redo because it broke the schema starts
/// again from its beginning.)
///
/// ```swift
/// for try await snapshot in session.streamResponse(to: "Describe the shop") {
///     print(snapshot.content)            // the text so far
/// }
/// ```
public struct ResponseStream<Content: Sendable>: AsyncSequence, Sendable {
    /// One state of the response.
    public struct Snapshot: Sendable {
        /// The content so far: for text the text so far; for typed content, the value once the
        /// partial content decodes (nil before).
        public let content: Content?
        /// The partial content.
        public let rawContent: GeneratedContent
    }

    public typealias Element = Snapshot

    let stream: AsyncThrowingStream<Snapshot, any Error>

    public func makeAsyncIterator() -> AsyncThrowingStream<Snapshot, any Error>.AsyncIterator {
        stream.makeAsyncIterator()
    }

    /// Waits for the whole response and returns its last snapshot.
    public func collect() async throws -> Snapshot {
        var last: Snapshot?
        for try await snapshot in self { last = snapshot }
        guard let last else {
            throw LanguageModelSession.GenerationError.decodingFailure(.init(debugDescription: "the response ended without content"))
        }
        return last
    }

    /// Streams the partial forms of the response `produce` computes, decoding each with
    /// `decode`: those `produce` reports through its handler as they come, or, when it reports
    /// none, the finished response's prefixes.
    init(produce: @escaping @Sendable (_ partialContentHandler: @escaping @Sendable (GeneratedContent) -> Void) async throws -> GeneratedContent,
         decode: @escaping @Sendable (GeneratedContent) -> Content?) {
        stream = AsyncThrowingStream { continuation in
            let last = LastSnapshot()
            let task = Task {
                do {
                    let final = try await produce { partial in
                        if last.replace(with: partial) { continuation.yield(Snapshot(content: decode(partial), rawContent: partial)) }
                    }
                    if last.isEmpty {
                        for partial in PartialContent.prefixes(of: final) {
                            continuation.yield(Snapshot(content: decode(partial), rawContent: partial))
                        }
                    } else if last.replace(with: final) {
                        continuation.yield(Snapshot(content: decode(final), rawContent: final))
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
    }
}

extension ResponseStream.Snapshot where Content: Generable {
    /// The content so far as `Content.PartiallyGenerated`: with a struct of optionals, every
    /// property that has arrived, as it arrives (a string grows word by word); nil only while
    /// the partial content cannot be read as that type.
    ///
    /// ```swift
    /// struct Ticket: Generable {
    ///     let title: String
    ///     let seats: Int
    ///     struct Partial: Decodable, Sendable { var title: String?; var seats: Int? }
    ///     typealias PartiallyGenerated = Partial
    /// }
    /// for try await snapshot in session.streamResponse(to: "A show", generating: Ticket.self) {
    ///     if let title = snapshot.partiallyGenerated?.title { print(title) }   // before `seats` is written
    /// }
    /// ```
    public var partiallyGenerated: Content.PartiallyGenerated? {
        try? rawContent.value(Content.PartiallyGenerated.self)
    }
}

/// The latest partial content a streaming model reported, so an unchanged one is not repeated.
private final class LastSnapshot: Sendable {
    private let content = Mutex<GeneratedContent?>(nil)

    var isEmpty: Bool { content.withLock { $0 == nil } }

    /// Records `new`; false when it equals the previous one.
    func replace(with new: GeneratedContent) -> Bool {
        content.withLock { content in
            guard content != new else { return false }
            content = new
            return true
        }
    }
}

/// The growing prefixes of a value, as a streaming model would reveal it: text word by word,
/// structures property by property (each property's own prefixes first), arrays element by
/// element. The last prefix is the value itself.
enum PartialContent {
    static func prefixes(of content: GeneratedContent) -> [GeneratedContent] {
        switch content.storage {
        case .string(let text):
            var result: [GeneratedContent] = []
            var end = text.startIndex
            while end < text.endIndex {
                let rest = text[end...]
                let wordEnd = rest.dropFirst().firstIndex(where: { $0 == " " }) ?? text.endIndex
                end = wordEnd
                result.append(GeneratedContent(String(text[..<end])))
            }
            return result.isEmpty ? [content] : result
        case .array(let items):
            var result: [GeneratedContent] = []
            for (index, item) in items.enumerated() {
                let done = Array(items[..<index])
                result += prefixes(of: item).map { GeneratedContent(elements: done + [$0]) }
            }
            return result.isEmpty ? [content] : result
        case .object(let fields):
            var result: [GeneratedContent] = []
            for (index, field) in fields.enumerated() {
                let done = fields[..<index].map { ($0.key, $0.value) }
                result += prefixes(of: field.value).map { GeneratedContent(properties: done + [(field.key, $0)]) }
            }
            return result.isEmpty ? [content] : result
        case .null, .bool, .number:
            return [content]
        }
    }
}

extension LanguageModelSession {
    /// Streams a free-text reply.
    public func streamResponse(to prompt: String, options: GenerationOptions = GenerationOptions()) -> ResponseStream<String> {
        ResponseStream(produce: { try await self.run(prompt: prompt, format: nil, options: options, partialContentHandler: $0).0 },
                       decode: { $0.stringValue })
    }

    /// Streams a value of a `Generable` type, property by property.
    public func streamResponse<Content: Generable>(to prompt: String, generating type: Content.Type = Content.self,
                                                   options: GenerationOptions = GenerationOptions()) -> ResponseStream<Content> {
        ResponseStream(produce: { handler in
                           let format = Transcript.ResponseFormat(name: "\(type)", schema: try type.generationSchema)
                           let raw = try await self.run(prompt: prompt, format: format, options: options, partialContentHandler: handler).0
                           _ = try Self.decode(type, from: raw)
                           return raw
                       },
                       decode: { try? Content($0) })
    }

    /// Streams content following a schema, property by property.
    public func streamResponse(to prompt: String, schema: GenerationSchema,
                               options: GenerationOptions = GenerationOptions()) -> ResponseStream<GeneratedContent> {
        ResponseStream(produce: { try await self.run(prompt: prompt, format: Transcript.ResponseFormat(name: "response", schema: schema),
                                                     options: options, partialContentHandler: $0).0 },
                       decode: { $0 })
    }
}
