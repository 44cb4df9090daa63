import GuidedGeneration
import JSONSchema
import RegexAutomata
import TestSupport

/// Single-threaded throughput on the NPC schema, compiled once: generation alone, then
/// generation followed by `jsonString`. Instance `i` uses `SeededRandom.derived(seed:index:)`,
/// as a batch would. Each workload runs `rounds` times and the fastest round is kept, since the
/// machine is shared and slower rounds measure other processes.
struct ThroughputRun {
    struct Workload {
        let name: String
        let instances: Int
        let seconds: Double
        var perSecond: Double { Double(instances) / seconds }
    }

    let compileSeconds: Double
    let workloads: [Workload]
    /// Mean size of one instance's JSON text, in bytes.
    let meanBytes: Double
    /// Digest of the first `digestCount` instances' JSON, for determinism checks across builds.
    let digest: OutputDigest
    static let digestCount = 10_000

    init(options: Options) throws {
        let compileClock = Stopwatch()
        let schema = try GenerationSchema(jsonSchema: NPCSchema.json)
        compileSeconds = compileClock.seconds
        let seed = options.seed
        let count = options.npcCount

        var digest = OutputDigest()
        for index in 0..<Self.digestCount {
            var random = SeededRandom.derived(seed: seed, index: UInt64(index))
            digest.add(schema.generate(random: &random).jsonString)
        }
        self.digest = digest

        var bytes = 0
        let generation = Self.fastest(of: options.rounds, name: "generate", count: count) {
            for index in 0..<count {
                var random = SeededRandom.derived(seed: seed, index: UInt64(index))
                keep(schema.generate(random: &random))
            }
        }
        let serialisation = Self.fastest(of: options.rounds, name: "generate + jsonString", count: count) {
            bytes = 0
            for index in 0..<count {
                var random = SeededRandom.derived(seed: seed, index: UInt64(index))
                bytes += schema.generate(random: &random).jsonString.utf8.count
            }
        }
        workloads = [generation, serialisation]
        meanBytes = Double(bytes) / Double(count)
    }

    private static func fastest(of rounds: Int, name: String, count: Int, _ body: () -> Void) -> Workload {
        var best = Double.infinity
        for _ in 0..<rounds {
            let clock = Stopwatch()
            body()
            best = min(best, clock.seconds)
        }
        return Workload(name: name, instances: count, seconds: best)
    }
}

/// Keeps a value alive so that the optimiser cannot drop the work that made it.
@inline(never)
func keep(_ value: GeneratedContent) {
    withExtendedLifetime(value) {}
}
