import GuidedGeneration
import JSONSchema
import NPCKit
import ProceduralModel
import TestSupport

/// The session figures of the embedded procedural model on the coffee shop's pack (the
/// benchmark's NPC and persona are the shop's): latency of a reply and of an NPC (p50/p99 over
/// fresh sessions, one at a time) and NPC throughput through a session; and the same NPC's
/// latency on the model's generic English pack, where no slot knows the shop's fields and the
/// corpus's word model writes them.
struct SessionRun {
    struct Latency {
        let name: String
        let samples: [Double]
        func percentile(_ p: Double) -> Double {
            let sorted = samples.sorted()
            return sorted[min(sorted.count - 1, Int((p * Double(sorted.count)).rounded(.up)) - 1)]
        }
    }

    /// Items made back to back through fresh sessions, and how long they took.
    struct Throughput {
        let name: String
        let count: Int
        let seconds: Double
        let cpuSeconds: Double
        var perSecond: Double { Double(count) / max(seconds, 1e-9) }
        var perCPUSecond: Double { Double(count) / max(cpuSeconds, 1e-9) }

        /// This row, or the same row with a round that used less CPU time.
        func faster(seconds: Double, cpuSeconds: Double) -> Throughput {
            cpuSeconds < self.cpuSeconds ? Throughput(name: name, count: count, seconds: seconds, cpuSeconds: cpuSeconds) : self
        }
    }

    let latencies: [Latency]
    let throughputs: [Throughput]
    /// Timed rounds per throughput row; the one that used the least CPU time is kept.
    let rounds: Int

    static let instructions = "You are a friendly barista in a world full of pixels."
    static let npcPrompt = "Generate a character that orders a coffee."

    init(count: Int, rounds: Int) async throws {
        let shop = try ContentLibrary.builtIn().model
        let calls = max(count / 50, 200)
        var reply: [Double] = []
        var npc: [Double] = []
        var generic: [Double] = []
        for index in 0..<calls {
            let options = Self.options(index)
            let replyClock = Stopwatch()
            _ = try await LanguageModelSession(model: shop, instructions: Self.instructions).respond(to: "How long have you worked here?", options: options)
            reply.append(replyClock.seconds)
            let npcClock = Stopwatch()
            _ = try await LanguageModelSession(model: shop).respond(to: Self.npcPrompt, generating: BenchmarkNPC.self, options: options)
            npc.append(npcClock.seconds)
            let genericClock = Stopwatch()
            _ = try await LanguageModelSession().respond(to: Self.npcPrompt, generating: BenchmarkNPC.self, options: options)
            generic.append(genericClock.seconds)
        }
        latencies = [Latency(name: "reply (fresh session)", samples: reply), Latency(name: "NPC (fresh session)", samples: npc),
                     Latency(name: "NPC on the generic pack (fresh session)", samples: generic)]
        let npcCount = count / 10
        let schema = try BenchmarkNPC.generationSchema
        var typed = Throughput(name: "typed NPC (Generable)", count: npcCount, seconds: .infinity, cpuSeconds: .infinity)
        var content = Throughput(name: "NPC schema (GeneratedContent)", count: npcCount, seconds: .infinity, cpuSeconds: .infinity)
        for _ in 0..<rounds {
            let typedClock = Stopwatch(), typedCPU = CPUClock()
            for index in 0..<npcCount {
                _ = try await LanguageModelSession(model: shop).respond(to: Self.npcPrompt, generating: BenchmarkNPC.self, options: Self.options(index))
            }
            typed = typed.faster(seconds: typedClock.seconds, cpuSeconds: typedCPU.seconds)
            let contentClock = Stopwatch(), contentCPU = CPUClock()
            for index in 0..<npcCount {
                _ = try await LanguageModelSession(model: shop).respond(to: Self.npcPrompt, schema: schema, options: Self.options(index))
            }
            content = content.faster(seconds: contentClock.seconds, cpuSeconds: contentCPU.seconds)
        }
        self.rounds = rounds
        throughputs = [typed, content]
    }

    private static func options(_ index: Int) -> GenerationOptions {
        GenerationOptions(samplingMode: .random(top: 40, seed: UInt64(index)))
    }
}
