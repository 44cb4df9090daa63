import Foundation
import GuidedGeneration
import JSONSchema
import Testing

/// End-to-end: `serve --stdio` runs each request on a thread of its own, so requests busy for
/// long — more of them than the machine has cores — slow the others down but never starve them,
/// and requests past the number run at once wait their turn instead of being lost.
@Suite struct ServeFairnessTests {
    /// Requests each generating an object of thousands of properties (one per core) (seconds of work in a
    /// debug build) are sent before a one-NPC request; the NPC's answer comes first. Before,
    /// the two filled the two cores' pool and the NPC waited for both.
    @Test func aQuickRequestIsAnsweredWhileSlowOnesRun() throws {
        let server = try ServeProtocolTests.Server()
        let slow = #"{"schema": {"type": "object", "minProperties": 2500}}"#
        for id in 1...ProcessInfo.processInfo.activeProcessorCount {
            try server.send(#"{"id": \#(id), "method": "generate", "params": \#(slow)}"#)
        }
        try server.send(#"{"id": "quick", "method": "generate", "params": {"kind": "npc"}}"#)
        let first = try #require(try server.next())
        #expect(first["id"] == GeneratedContent("quick"), "\(first.jsonString.prefix(200))")
        try server.closeInput()
        var answered = 1
        while let answer = try server.next() {
            #expect(answer["result"]?["items"]?.elements?.first?.orderedKeys.count ?? 0 >= 2500)
            answered += 1
        }
        #expect(answered == ProcessInfo.processInfo.activeProcessorCount + 1)
    }

    /// More requests than run at once (64): every one is answered, once.
    @Test func requestsPastTheLimitWaitTheirTurn() throws {
        let server = try ServeProtocolTests.Server()
        let count = 150
        for id in 0..<count {
            try server.send(#"{"id": \#(id), "method": "generate", "params": {"kind": "riddle", "seed": \#(id)}}"#)
        }
        try server.closeInput()
        var ids: [Int] = []
        while let answer = try server.next() {
            #expect(answer["result"]?["items"]?.elements?.count == 1)
            if let id = answer["id"]?.numberValue { ids.append(Int(id)) }
        }
        #expect(ids.sorted() == Array(0..<count))
    }
}
