import Foundation
@testable import GuidedGeneration
import JSONSchema
import Testing

@Suite struct TranscriptTests {
    private static let weatherSchema = try! GenerationSchema(
        jsonSchema: #"{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}"#)

    private static func text(_ id: String, _ content: String) -> Transcript.Segment {
        .text(.init(id: id, content: content))
    }

    private static let instructions = Transcript.Entry.instructions(.init(
        id: "i", segments: [text("i.0", "You are a barista.")],
        toolDefinitions: [.init(name: "getWeather", description: "Weather in a city", parameters: weatherSchema)]))

    private static func prompt(_ id: String) -> Transcript.Entry {
        .prompt(.init(id: id, segments: [text("\(id).0", "Prompt \(id)")]))
    }

    private static func response(_ id: String) -> Transcript.Entry {
        .response(.init(id: id, assetIDs: ["procedural"], segments: [text("\(id).0", "Reply \(id)")]))
    }

    /// One of every kind of entry and segment, with every optional field set.
    private static let full = Transcript(entries: [
        instructions,
        .prompt(.init(
            id: "p1", segments: [text("p1.0", "Weather in Lyon?")],
            options: GenerationOptions(samplingMode: .random(top: 3, seed: 7), temperature: 0.5, maximumToolCalls: 2),
            responseFormat: .init(name: "Forecast", schema: weatherSchema))),
        .toolCalls(.init(id: "c1", [.init(id: "call-1", toolName: "getWeather", arguments: GeneratedContent(properties: [("city", GeneratedContent("Lyon"))]))])),
        .toolOutput(.init(id: "call-1", toolName: "getWeather", segments: [text("o.0", "Sunny")])),
        .response(.init(id: "r1", assetIDs: ["procedural"], segments: [
            .structure(.init(id: "r1.0", source: "Forecast", content: GeneratedContent(properties: [("city", GeneratedContent("Lyon"))]))),
        ])),
    ])

    // MARK: Collection

    /// Renumbering gives every identifier a new one in order of first appearance, keeps a tool
    /// call and its output paired, and leaves everything else as it was.
    @Test func renumberingKeepsPairsAndContent() {
        let renumbered = Self.full.renumbered(prefix: "juno")
        #expect(renumbered.map(\.id) == ["juno-1", "juno-3", "juno-5", "juno-6", "juno-8"])
        guard case .toolCalls(let calls) = renumbered[2], case .toolOutput(let output) = renumbered[3] else {
            Issue.record("the entries changed kind")
            return
        }
        #expect(calls.first?.id == "juno-6" && output.id == "juno-6", "the call and its output still share an id")
        #expect(output.segments.map(\.id) == ["juno-7"])
        #expect(renumbered.renumbered(prefix: "juno") == renumbered)
        #expect(Self.full.renumbered(prefix: "juno") == renumbered)
        let original = Self.full.renumbered(prefix: "x")
        #expect(zip(original, renumbered).allSatisfy { pair in
            if case .response(let a) = pair.0, case .response(let b) = pair.1 { return a.segments.map(\.id) != b.segments.map(\.id) && a.assetIDs == b.assetIDs }
            return true
        })
    }

    @Test func isAnOrderedCollectionOfEntries() {
        let transcript = Self.full
        #expect(transcript.count == 5)
        #expect(transcript.map(\.id) == ["i", "p1", "c1", "call-1", "r1"])
        if case .toolCalls(let calls) = transcript[2] {
            #expect(calls.count == 1 && calls[0].toolName == "getWeather")
        } else {
            Issue.record("entry 2 is not tool calls")
        }
        #expect(Transcript().isEmpty)
    }

    @Test func equalityComparesSchemasByTheirJSONSchema() throws {
        let same = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"city":{"type":"string"}},"required":["city"]}"#)
        let other = try GenerationSchema(jsonSchema: #"{"type":"object","properties":{"town":{"type":"string"}}}"#)
        let a = Transcript.ToolDefinition(name: "w", description: "d", parameters: Self.weatherSchema)
        #expect(a == .init(name: "w", description: "d", parameters: same))
        #expect(a != .init(name: "w", description: "d", parameters: other))
        #expect(Transcript.ResponseFormat(name: "F", schema: same) != .init(name: "F", schema: other))
    }

    @Test func responseFormatOfAGenerableTypeIsNamedAfterIt() throws {
        struct Forecast: Generable { let city: String }
        let format = try Transcript.ResponseFormat(type: Forecast.self)
        #expect(format.name == "Forecast")
        #expect(format.schema.isValid(GeneratedContent(properties: [("city", GeneratedContent("Lyon"))])))
    }

    // MARK: Codable

    @Test func roundTripsThroughJSON() throws {
        let data = try JSONEncoder().encode(Self.full)
        #expect(try JSONDecoder().decode(Transcript.self, from: data) == Self.full)
    }

    @Test func roundTripsThroughGeneratedContent() throws {
        let content = try GeneratedContentEncoder().encode(Self.full)
        #expect(content["version"]?.numberValue == 1)
        #expect(content["entries"]?.elements?.compactMap { $0["kind"]?.stringValue }
            == ["instructions", "prompt", "toolCalls", "toolOutput", "response"])
        #expect(try GeneratedContentDecoder().decode(Transcript.self, from: content) == Self.full)
        #expect(try GeneratedContentDecoder().decode(Transcript.self, from: GeneratedContent(json: content.jsonString)) == Self.full)
    }

    @Test func emptyTranscriptRoundTrips() throws {
        let content = try GeneratedContentEncoder().encode(Transcript())
        #expect(content.jsonString == #"{"version":1,"entries":[]}"#)
        #expect(try GeneratedContentDecoder().decode(Transcript.self, from: content) == Transcript())
    }

    /// The saved format; a change here breaks every saved game, so it must be deliberate (and
    /// bump `Transcript.formatVersion`).
    private static let golden = #"""
    {"entries":[\#
    {"id":"i","kind":"instructions","segments":[{"content":"You are a barista.","id":"i.0","kind":"text"}],\#
    "toolDefinitions":[{"description":"Weather in a city","name":"getWeather",\#
    "parameters":{"$schema":"https:\/\/json-schema.org\/draft\/2020-12\/schema","properties":{"city":{"type":"string"}},"required":["city"],"type":"object"}}]},\#
    {"id":"p1","kind":"prompt","options":{"maximumToolCalls":2,"sampling":{"kind":"top","seed":7,"top":3},"temperature":0.5},\#
    "responseFormat":{"name":"Forecast",\#
    "schema":{"$schema":"https:\/\/json-schema.org\/draft\/2020-12\/schema","properties":{"city":{"type":"string"}},"required":["city"],"type":"object"}},\#
    "segments":[{"content":"Weather in Lyon?","id":"p1.0","kind":"text"}]},\#
    {"calls":[{"arguments":{"city":"Lyon"},"id":"call-1","toolName":"getWeather"}],"id":"c1","kind":"toolCalls"},\#
    {"id":"call-1","kind":"toolOutput","segments":[{"content":"Sunny","id":"o.0","kind":"text"}],"toolName":"getWeather"},\#
    {"assetIDs":["procedural"],"id":"r1","kind":"response","segments":[{"content":{"city":"Lyon"},"id":"r1.0","kind":"structure","source":"Forecast"}]}\#
    ],"version":1}
    """#

    @Test func encodesToTheGoldenFormat() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(Self.full), as: UTF8.self)
        #expect(json == Self.golden)
        #expect(try JSONDecoder().decode(Transcript.self, from: Data(Self.golden.utf8)) == Self.full)
    }

    private func decodingError(_ json: String) -> String? {
        do {
            _ = try JSONDecoder().decode(Transcript.self, from: Data(json.utf8))
            return nil
        } catch let error as DecodingError {
            guard case .dataCorrupted(let context) = error else { return "\(error)" }
            return context.debugDescription
        } catch {
            return "not a DecodingError: \(error)"
        }
    }

    @Test func rejectsAnUnknownVersion() {
        #expect(decodingError(#"{"version":2,"entries":[]}"#)
            == "Unsupported transcript format version 2; this library reads version 1")
    }

    @Test func rejectsAMissingVersion() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Transcript.self, from: Data(#"{"entries":[]}"#.utf8))
        }
    }

    @Test func rejectsAnUnknownEntryKind() {
        #expect(decodingError(#"{"version":1,"entries":[{"kind":"reasoning","id":"x","segments":[]}]}"#)
            == "Unknown transcript entry kind \"reasoning\"; expected one of instructions, prompt, toolCalls, toolOutput, response")
    }

    @Test func rejectsAnUnknownSegmentKind() {
        #expect(decodingError(#"{"version":1,"entries":[{"kind":"response","id":"r","assetIDs":[],"segments":[{"kind":"image","id":"s"}]}]}"#)
            == "Unknown transcript segment kind \"image\"; expected one of text, structure")
    }

    @Test func rejectsAnInvalidSchemaAndMissingFields() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Transcript.self, from: Data(#"{"version":1,"entries":[{"kind":"prompt","id":"p"}]}"#.utf8))
        }
        let badSchema = #"{"version":1,"entries":[{"kind":"instructions","id":"i","segments":[],"toolDefinitions":[{"name":"t","description":"d","parameters":{"type":"nonsense"}}]}]}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Transcript.self, from: Data(badSchema.utf8))
        }
    }

    // MARK: Condensing

    private static let conversation = Transcript(entries: [
        instructions,
        prompt("p1"), response("r1"),
        prompt("p2"),
        .toolCalls(.init(id: "c2", [.init(id: "call-2", toolName: "getWeather", arguments: GeneratedContent(properties: [("city", GeneratedContent("Oslo"))]))])),
        .toolOutput(.init(id: "call-2", toolName: "getWeather", segments: [text("o2", "Snow")])),
        response("r2"),
        prompt("p3"), response("r3"),
    ])

    @Test func keepsInstructionsAndTheLastExchanges() {
        #expect(Self.conversation.condensed(keepingLast: 1).map(\.id) == ["i", "p3", "r3"])
        #expect(Self.conversation.condensed(keepingLast: 2).map(\.id) == ["i", "p2", "c2", "call-2", "r2", "p3", "r3"])
    }

    @Test func keepingZeroLeavesOnlyTheInstructions() {
        #expect(Self.conversation.condensed(keepingLast: 0).map(\.id) == ["i"])
        #expect(Self.conversation.condensed(keepingLast: -4).map(\.id) == ["i"])
    }

    @Test func keepingMoreThanAvailableKeepsEverything() {
        #expect(Self.conversation.condensed(keepingLast: 3) == Self.conversation)
        #expect(Self.conversation.condensed(keepingLast: 99) == Self.conversation)
    }

    @Test func condensingWithoutInstructions() {
        let bare = Transcript(entries: Self.conversation.dropFirst())
        #expect(bare.condensed(keepingLast: 1).map(\.id) == ["p3", "r3"])
        #expect(bare.condensed(keepingLast: 0).isEmpty)
        #expect(Transcript().condensed(keepingLast: 2).isEmpty)
    }

    @Test func anUnansweredLastPromptIsAnExchange() {
        let pending = Transcript(entries: Array(Self.conversation) + [Self.prompt("p4")])
        #expect(pending.condensed(keepingLast: 2).map(\.id) == ["i", "p3", "r3", "p4"])
    }
}
