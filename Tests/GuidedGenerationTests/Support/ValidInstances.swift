@testable import GuidedGeneration
import JSONSchema
import RegexAutomata

extension GenerationSchema {
    /// `count` instances generated in turn from one seeded source, each checked with `validate`
    /// (which throws the first violation).
    func validInstances(count: Int, seed: UInt64) throws -> [GeneratedContent] {
        var random = SeededRandom(seed: seed)
        return try (0..<count).map { _ in
            let value = generate(random: &random)
            try validate(value)
            return value
        }
    }
}
