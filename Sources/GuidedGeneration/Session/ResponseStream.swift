/// The snapshots of a response as it is produced: text so far, or content filled property by
/// property (each snapshot extends the previous one). The last snapshot is the complete
/// response, equal to what `respond` returns for the same seed.
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

    /// Streams the partial forms of a response `produce` computes, decoding each with `decode`.
    init(produce: @escaping @Sendable () async throws -> GeneratedContent,
         decode: @escaping @Sendable (GeneratedContent) -> Content?) {
        stream = AsyncThrowingStream { continuation in
            let task = Task {
                do {
                    let final = try await produce()
                    for partial in PartialContent.prefixes(of: final) {
                        continuation.yield(Snapshot(content: decode(partial), rawContent: partial))
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
        ResponseStream(produce: { try await self.respond(to: prompt, options: options).rawContent },
                       decode: { $0.stringValue })
    }

    /// Streams a value of a `Generable` type, property by property.
    public func streamResponse<Content: Generable>(to prompt: String, generating type: Content.Type = Content.self,
                                                   options: GenerationOptions = GenerationOptions()) -> ResponseStream<Content> {
        ResponseStream(produce: { try await self.respond(to: prompt, generating: type, options: options).rawContent },
                       decode: { try? Content($0) })
    }

    /// Streams content following a schema, property by property.
    public func streamResponse(to prompt: String, schema: GenerationSchema,
                               options: GenerationOptions = GenerationOptions()) -> ResponseStream<GeneratedContent> {
        ResponseStream(produce: { try await self.respond(to: prompt, schema: schema, options: options).rawContent },
                       decode: { $0 })
    }
}
