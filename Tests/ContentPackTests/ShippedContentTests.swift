import Foundation
import GuidedGeneration
import JSONSchema
import NPCKit
import Testing

@Suite("content/ schemas through contentpack")
struct ShippedContentTests {
    static let npcSchema = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("content/schemas/npc.json").path

    @Test("the example NPC schema generates valid, varied NPCs and validates them back")
    func npcSchemaRoundTrips() throws {
        let generated = try ContentPackProcess.run(["generate", "--schema", Self.npcSchema, "--count", "200", "--seed", "7"])
        #expect(generated.status == 0)
        let schema = try GenerationSchema(jsonSchema: String(contentsOfFile: Self.npcSchema, encoding: .utf8))
        var kinds: Set<String> = []
        for line in generated.outputLines {
            let npc = try GeneratedContent(json: line)
            #expect(schema.isValid(npc), "\(line)")
            kinds.insert(npc["encounter"]?["kind"]?.stringValue ?? "")
        }
        #expect(kinds == ["orderCoffee", "wantToTalkToManager"])
        let checked = try ContentPackProcess.run(["validate", "--schema", Self.npcSchema], input: Data(generated.output.utf8))
        #expect(checked.status == 0)
    }
}
