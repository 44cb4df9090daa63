@testable import GuidedGeneration
import RegexAutomata
import TestSupport
import Testing

/// The throughput benchmark's NPC schema must keep importing and generating valid instances,
/// so the figures it reports cannot silently stop measuring what they claim to.
struct NPCBenchmarkSchemaTests {
    @Test func importsAndGeneratesValidInstances() throws {
        let schema = try GenerationSchema(jsonSchema: NPCSchema.json)
        var kinds = Set<String>()
        for index in 0..<200 {
            var random = SeededRandom.derived(seed: 1, index: UInt64(index))
            let npc = schema.generate(random: &random)
            #expect(schema.violations(of: npc).isEmpty, "\(npc.jsonString)")
            #expect(npc.orderedKeys == ["name", "order", "level", "attributes", "encounter"])
            #expect(Set(npc["attributes"]?.elements ?? []).count == 3)
            if let kind = npc["encounter"]?["kind"]?.stringValue { kinds.insert(kind) }
        }
        #expect(kinds == ["orderCoffee", "wantToTalkToManager"])
    }

    @Test func sameSeedGivesIdenticalJSON() throws {
        let schema = try GenerationSchema(jsonSchema: NPCSchema.json)
        var first = SeededRandom(seed: 9)
        var second = SeededRandom(seed: 9)
        for _ in 0..<50 {
            #expect(schema.generate(random: &first).jsonString == schema.generate(random: &second).jsonString)
        }
    }
}
