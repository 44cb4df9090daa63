import GuidedGeneration
import JSONSchema
import RegexAutomata
import Testing

/// The two `@unchecked Sendable` classes of the schema layers, used from many tasks at once:
/// `GenerableSchemaCache` (a recursive lock, since deriving one type's schema may derive
/// another's) and `SchemaNode` (built once, never changed after). Shared use must give exactly
/// what serial use gives.
@Suite struct SharedSchemaTests {
    struct Cup: Generable {
        enum Size: String, Codable, CaseIterable { case small, large }
        let size: Size
        let shots: Int
        static let guides: [String: GenerationGuide] = ["shots": .range(1...4)]
    }

    struct Order: Generable {
        let name: String
        let cups: [Cup]
        static let guides: [String: GenerationGuide] = ["cups": .count(1...3)]
    }

    @Test func aDerivedSchemaAskedFromManyTasksIsOneSchema() async throws {
        let serial = try Order.generationSchema.jsonSchema.jsonString
        let shared = await withTaskGroup(of: String?.self) { group in
            for index in 0..<64 {
                group.addTask { try? (index.isMultiple(of: 2) ? Order.generationSchema : Cup.generationSchema).jsonSchema.jsonString }
            }
            return await group.reduce(into: [String?]()) { $0.append($1) }
        }
        let cup = try Cup.generationSchema.jsonSchema.jsonString
        #expect(shared.count == 64)
        #expect(shared.allSatisfy { $0 == serial || $0 == cup })
        #expect(shared.filter { $0 == serial }.count == 32)
    }

    @Test func oneSchemaValidatedAndGeneratedFromManyTasksGivesTheSerialResults() async throws {
        let schema = try Order.generationSchema
        func work(_ seed: UInt64) -> (String, Bool, Int) {
            var random = SeededRandom(seed: seed)
            let content = schema.generate(random: &random)
            let broken = GeneratedContent(properties: [("name", GeneratedContent(Double(seed)))])
            return (content.jsonString, schema.isValid(content), schema.violations(of: broken).count)
        }
        let serial = (0..<48).map { work(UInt64($0)) }
        let shared = await withTaskGroup(of: (Int, String, Bool, Int).self) { group in
            for seed in 0..<48 {
                group.addTask {
                    let (text, valid, violations) = work(UInt64(seed))
                    return (seed, text, valid, violations)
                }
            }
            return await group.reduce(into: [(Int, String, Bool, Int)]()) { $0.append($1) }.sorted { $0.0 < $1.0 }
        }
        #expect(shared.map(\.1) == serial.map(\.0))
        #expect(shared.allSatisfy { $0.2 })
        #expect(shared.map(\.3) == serial.map(\.2))
    }
}
