import Foundation
import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

@Suite("contentpack generate")
struct GenerateCommandTests {
    let files: TemporaryDirectory
    let schemaPath: String
    let schema: GenerationSchema

    init() throws {
        files = try TemporaryDirectory()
        schemaPath = try files.write(Fixtures.npcSchema, to: "npc.json")
        schema = try GenerationSchema(jsonSchema: Fixtures.npcSchema)
    }

    @Test("prints --count lines, each a valid instance")
    func printsValidInstances() throws {
        let result = try ContentPackProcess.run(["generate", "--schema", schemaPath, "--count", "40", "--seed", "3"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.outputLines.count == 40)
        for line in result.outputLines {
            let content = try GeneratedContent(json: line)
            #expect(schema.isValid(content), "invalid instance: \(line)")
            #expect(content.jsonString == line, "not compact JSON: \(line)")
        }
    }

    @Test("instance i is the schema's instance for SeededRandom.derived(seed:index: i)")
    func instancesComeFromDerivedStreams() throws {
        let seed: UInt64 = 12_345
        let result = try ContentPackProcess.run(["generate", "--schema", schemaPath, "--count", "5", "--seed", "\(seed)"])
        let expected = (0..<5).map { index in
            var random = SeededRandom.derived(seed: seed, index: UInt64(index))
            return schema.generate(random: &random).jsonString
        }
        #expect(result.outputLines == expected)
    }

    @Test("the same seed gives byte-identical output and another seed different output")
    func seedDeterminesOutput() throws {
        let arguments = ["generate", "--schema", schemaPath, "--count", "30", "--seed", "99"]
        let first = try ContentPackProcess.run(arguments)
        let second = try ContentPackProcess.run(arguments)
        let other = try ContentPackProcess.run(["generate", "--schema", schemaPath, "--count", "30", "--seed", "100"])
        #expect(first.stdout == second.stdout)
        #expect(first.stdout != other.stdout)
    }

    @Test("instance i does not depend on --count")
    func instancesIndependentOfCount() throws {
        let few = try ContentPackProcess.run(["generate", "--schema", schemaPath, "--count", "3", "--seed", "8"])
        let many = try ContentPackProcess.run(["generate", "--schema", schemaPath, "--count", "25", "--seed", "8"])
        #expect(many.outputLines.count == 25)
        #expect(Array(many.outputLines.prefix(3)) == few.outputLines)
    }

    @Test("defaults: one instance, seed 0")
    func defaults() throws {
        let result = try ContentPackProcess.run(["generate", "--schema", schemaPath])
        var random = SeededRandom.derived(seed: 0, index: 0)
        #expect(result.status == 0)
        #expect(result.outputLines == [schema.generate(random: &random).jsonString])
    }

    @Test("--count 0 prints nothing; --seed takes the whole UInt64 range; --name=value works")
    func edgeValues() throws {
        let none = try ContentPackProcess.run(["generate", "--schema", schemaPath, "--count", "0"])
        #expect(none.status == 0)
        #expect(none.stdout.isEmpty)
        let largest = try ContentPackProcess.run(["generate", "--schema=\(schemaPath)", "--seed=\(UInt64.max)", "--count=2"])
        #expect(largest.status == 0)
        #expect(largest.outputLines.count == 2)
    }

    @Test("100000 instances stream out in full")
    func manyInstances() throws {
        let digits = try files.write(Fixtures.digitSchema, to: "digit.json")
        let result = try ContentPackProcess.run(["generate", "--schema", digits, "--count", "100000"])
        #expect(result.status == 0)
        let lines = result.outputLines
        #expect(lines.count == 100_000)
        #expect(lines.allSatisfy { $0.count == 1 && $0.first!.isNumber })
    }

    @Test("stops quietly with status 0 when standard output closes early")
    func closedOutput() throws {
        let digits = try files.write(Fixtures.digitSchema, to: "digit.json")
        let result = try ContentPackProcess.runReadingFirstLine(["generate", "--schema", digits, "--count", "10000000"])
        #expect(result.status == 0)
        #expect(result.errors.isEmpty)
        #expect(result.outputLines.count == 1)
    }
}
