import GuidedGeneration
import NativeModel
import RegexAutomata
import Testing

/// The sampler keeps the `topK` most likely tokens without sorting the whole vocabulary; the
/// draws must be those of ranking everything. Restricting the choice (`allowed`) to exactly the
/// true top k takes the full-sort path; leaving it open takes the partial one: with the same
/// seed both must draw the same tokens, step after step, ties (equal logits) included.
struct SamplerTests {
    @Test func keepingTheTopKDrawsAsRankingEverythingDoes() {
        var random = SeededRandom(seed: 41)
        for round in 0..<40 {
            let k = [1, 2, 5, 40][round % 4]
            let seed = random.next()
            var partial = Sampler(.sampled(temperature: 0.8, topK: k, topP: 0.95, seed: seed))
            var full = Sampler(.sampled(temperature: 0.8, topK: k, topP: 0.95, seed: seed))
            for _ in 0..<25 {
                // Coarse values, so many logits tie.
                let logits = (0..<500).map { _ in Float(random.int(in: 0..<60)) / 4 }
                let ranked = logits.indices.sorted { logits[$0] > logits[$1] || (logits[$0] == logits[$1] && $0 < $1) }
                let top = Set(ranked.prefix(k))
                #expect(partial.next(logits) == full.next(logits) { top.contains($0) })
            }
        }
    }
}
