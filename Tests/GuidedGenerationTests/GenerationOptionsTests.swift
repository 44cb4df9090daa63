import Foundation
@testable import GuidedGeneration
import RegexAutomata
import Testing

@Suite struct GenerationOptionsTests {
    // MARK: Clamping

    @Test func outOfRangeValuesAreClamped() {
        let options = GenerationOptions(temperature: -2, maximumResponseTokens: -5, maximumToolCalls: -1)
        #expect(options.temperature == 0)
        #expect(options.maximumResponseTokens == 0)
        #expect(options.maximumToolCalls == 0)
        #expect(GenerationOptions(temperature: .nan).temperature == nil)
        #expect(GenerationOptions.SamplingMode.random(top: 0) == .random(top: 1))
        #expect(GenerationOptions.SamplingMode.random(top: -3, seed: 2) == .random(top: 1, seed: 2))
        #expect(GenerationOptions.SamplingMode.random(probabilityThreshold: 1.5) == .random(probabilityThreshold: 1))
        #expect(GenerationOptions.SamplingMode.random(probabilityThreshold: -0.5) == .random(probabilityThreshold: 0))
        #expect(GenerationOptions.SamplingMode.random(probabilityThreshold: .nan) == .random(probabilityThreshold: 1))
    }

    @Test func kindNamesTheDrawWithItsClampedParameter() {
        #expect(GenerationOptions.SamplingMode.greedy.kind == .greedy)
        #expect(GenerationOptions.SamplingMode.random(top: 0, seed: 3).kind == .top(1))
        #expect(GenerationOptions.SamplingMode.random(top: 0, seed: 3).seed == 3)
        #expect(GenerationOptions.SamplingMode.random(probabilityThreshold: 0.9).kind == .probabilityThreshold(0.9))
        #expect(GenerationOptions.SamplingMode.random(probabilityThreshold: 7).kind == .probabilityThreshold(1))
    }

    @Test func settersClampToo() {
        var options = GenerationOptions()
        options.temperature = -1
        options.maximumResponseTokens = -10
        options.maximumToolCalls = 3
        #expect(options == GenerationOptions(temperature: 0, maximumResponseTokens: 0, maximumToolCalls: 3))
    }

    @Test func decodingClampsLikeTheInitializer() throws {
        let json = #"{"sampling":{"kind":"top","top":0},"temperature":-1,"maximumToolCalls":-4}"#
        let options = try JSONDecoder().decode(GenerationOptions.self, from: Data(json.utf8))
        #expect(options == GenerationOptions(samplingMode: .random(top: 1), temperature: 0, maximumToolCalls: 0))
    }

    // MARK: Codable

    @Test(arguments: [
        GenerationOptions(),
        GenerationOptions(samplingMode: .greedy),
        GenerationOptions(samplingMode: .random(top: 40, seed: 7), temperature: 0.5),
        GenerationOptions(samplingMode: .random(probabilityThreshold: 0.9), maximumResponseTokens: 60, maximumToolCalls: 2),
        GenerationOptions(samplingMode: .random(top: 3, seed: .max)),
        GenerationOptions(toolCallingMode: .required),
        GenerationOptions(samplingMode: .greedy, toolCallingMode: .disallowed),
    ])
    func roundTripsThroughJSONAndGeneratedContent(options: GenerationOptions) throws {
        let data = try JSONEncoder().encode(options)
        #expect(try JSONDecoder().decode(GenerationOptions.self, from: data) == options)
        let content = try GeneratedContentEncoder().encode(options)
        #expect(try GeneratedContentDecoder().decode(GenerationOptions.self, from: content) == options)
    }

    @Test func theNamesBeforeFoundationModels2026StillWork() throws {
        @available(*, deprecated)
        func oldSpelling() -> GenerationOptions {
            var options = GenerationOptions(sampling: .greedy, temperature: 0.2)
            #expect(options.sampling == .greedy)
            options.sampling = .random(top: 4, seed: 1)
            return options
        }
        #expect(oldSpelling() == GenerationOptions(samplingMode: .random(top: 4, seed: 1), temperature: 0.2))
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = String(decoding: try encoder.encode(GenerationOptions(toolCallingMode: .disallowed)), as: UTF8.self)
        #expect(json == #"{"toolCallingMode":"disallowed"}"#)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(GenerationOptions.self, from: Data(#"{"toolCallingMode":"sometimes"}"#.utf8)) }
    }

    @Test func encodedFormIsStable() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let options = GenerationOptions(samplingMode: .random(top: 40, seed: 7), temperature: 0.5, maximumToolCalls: 2)
        let json = String(decoding: try encoder.encode(options), as: UTF8.self)
        #expect(json == #"{"maximumToolCalls":2,"sampling":{"kind":"top","seed":7,"top":40},"temperature":0.5}"#)
        let greedy = String(decoding: try encoder.encode(GenerationOptions(samplingMode: .greedy)), as: UTF8.self)
        #expect(greedy == #"{"sampling":{"kind":"greedy"}}"#)
    }

    @Test func unknownSamplingKindIsADecodingError() {
        let json = #"{"sampling":{"kind":"beam","width":4}}"#
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(GenerationOptions.self, from: Data(json.utf8))
        }
    }

    // MARK: Resolution

    @Test func resolvesEachMode() {
        let greedy = ResolvedSampling(GenerationOptions(samplingMode: .greedy))
        #expect(greedy.greedy && greedy.topK == nil && greedy.topP == nil && greedy.temperature == 1)
        let top = ResolvedSampling(GenerationOptions(samplingMode: .random(top: 5, seed: 9), temperature: 0.7))
        #expect(!top.greedy && top.topK == 5 && top.topP == nil && top.temperature == 0.7 && top.seed == 9)
        let nucleus = ResolvedSampling(GenerationOptions(samplingMode: .random(probabilityThreshold: 0.8)), defaultTemperature: 0.6)
        #expect(!nucleus.greedy && nucleus.topK == nil && nucleus.topP == 0.8 && nucleus.temperature == 0.6 && nucleus.seed == nil)
        #expect(ResolvedSampling(GenerationOptions(temperature: 0)).greedy)
        #expect(!ResolvedSampling(GenerationOptions()).greedy)
    }

    @Test func greedyAndSeededRunsAreRepeatable() {
        var a = ResolvedSampling(GenerationOptions(samplingMode: .greedy)).makeRandom()
        var b = ResolvedSampling(GenerationOptions(samplingMode: .greedy)).makeRandom()
        #expect(a.next() == b.next())
        var c = ResolvedSampling(GenerationOptions(samplingMode: .random(top: 2, seed: 11))).makeRandom()
        var d = SeededRandom(seed: 11)
        #expect(c.next() == d.next())
    }

    // MARK: Choosing

    private let weights: [Double] = [0.1, 0.4, 0.2, 0.05, 0.25]

    private func counts(_ sampling: ResolvedSampling, weights: [Double], draws: Int = 4000, seed: UInt64 = 1) -> [Int] {
        var random = SeededRandom(seed: seed)
        var counts = Array(repeating: 0, count: weights.count)
        for _ in 0..<draws { counts[sampling.choose(weights: weights, random: &random)] += 1 }
        return counts
    }

    @Test func greedyTakesTheFirstHeaviestAndDrawsNothing() {
        let sampling = ResolvedSampling(GenerationOptions(samplingMode: .greedy))
        var random = SeededRandom(seed: 3)
        #expect(sampling.choose(weights: weights, random: &random) == 1)
        #expect(sampling.choose(weights: [1, 3, 3, 2], random: &random) == 1)
        var untouched = SeededRandom(seed: 3)
        #expect(random.next() == untouched.next())
    }

    @Test func topOneAlwaysTakesTheHeaviest() {
        let sampling = ResolvedSampling(GenerationOptions(samplingMode: .random(top: 1, seed: 1)))
        #expect(counts(sampling, weights: weights) == [0, 4000, 0, 0, 0])
    }

    @Test func topKNeverPicksBeyondK() {
        let sampling = ResolvedSampling(GenerationOptions(samplingMode: .random(top: 2)))
        let seen = counts(sampling, weights: weights)
        #expect(seen[0] == 0 && seen[2] == 0 && seen[3] == 0)
        #expect(seen[1] > seen[4] && seen[4] > 0)
    }

    @Test func topPHalfNeverPicksTheTail() {
        // Sorted: 0.4, 0.25 (cumulative 0.65 ≥ 0.5), so only indices 1 and 4 remain.
        let sampling = ResolvedSampling(GenerationOptions(samplingMode: .random(probabilityThreshold: 0.5)))
        let seen = counts(sampling, weights: weights)
        #expect(seen[0] == 0 && seen[2] == 0 && seen[3] == 0)
        #expect(seen[1] > 0 && seen[4] > 0)
        let zero = ResolvedSampling(GenerationOptions(samplingMode: .random(probabilityThreshold: 0)))
        #expect(counts(zero, weights: weights)[1] == 4000)
    }

    @Test func temperatureSharpensAndFlattens() {
        let plain = counts(ResolvedSampling(GenerationOptions()), weights: weights)
        let cold = counts(ResolvedSampling(GenerationOptions(temperature: 0.1)), weights: weights)
        let hot = counts(ResolvedSampling(GenerationOptions(temperature: 2)), weights: weights)
        // Untempered draws follow the weights (0.4 of 4000 = 1600).
        #expect(abs(plain[1] - 1600) < 150)
        // (0.4/0.25)^10 ≈ 110: the heaviest takes nearly everything when cold.
        #expect(cold[1] > 3900)
        // Hot: the heaviest loses share and the lightest gains it.
        #expect(hot[1] < plain[1] - 300)
        #expect(hot[3] > plain[3] + 150)
    }

    @Test func sameSeedSamePicks() {
        let sampling = ResolvedSampling(GenerationOptions(samplingMode: .random(top: 4), temperature: 1.3))
        var a = SeededRandom(seed: 42)
        var b = SeededRandom(seed: 42)
        let first = (0..<200).map { _ in sampling.choose(weights: weights, random: &a) }
        let second = (0..<200).map { _ in sampling.choose(weights: weights, random: &b) }
        #expect(first == second)
        #expect(Set(first).count == 4)
    }

    @Test func badWeightsNeverCrash() {
        let sampling = ResolvedSampling(GenerationOptions(samplingMode: .random(top: 3)))
        let seen = counts(sampling, weights: [-1, .nan, .infinity, 2], draws: 200)
        #expect(seen == [0, 0, 0, 200])
        let uniform = counts(sampling, weights: [0, 0, 0], draws: 300)
        #expect(uniform.allSatisfy { $0 > 50 })
        var random = SeededRandom(seed: 1)
        #expect(ResolvedSampling(GenerationOptions(samplingMode: .greedy)).choose(weights: [0, -2], random: &random) == 0)
    }
}
