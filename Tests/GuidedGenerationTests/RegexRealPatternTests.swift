import Foundation
@testable import GuidedGeneration
import RegexAutomata
import TestSupport
import Testing

/// The data shared beside the repository (`../shared/data`), when present.
enum RegexSharedData {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/data")

    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    static func json(_ url: URL) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed])
    }
}

/// Every `pattern` and `patternProperties` key of the JSONSchemaBench schemas.
@Suite struct RegexRealPatternTests {
    /// Real patterns this engine refuses, with the reason (none so far).
    static let expectedRefusals: [String: RegexError.Kind] = [:]

    static func collectPatterns() throws -> [String] {
        let bench = RegexSharedData.root.appendingPathComponent("jsonschemabench")
        var patterns: [String] = []
        func walk(_ value: Any) {
            if let object = value as? [String: Any] {
                for (key, child) in object {
                    if key == "pattern", let pattern = child as? String { patterns.append(pattern) }
                    if key == "patternProperties", let properties = child as? [String: Any] {
                        patterns.append(contentsOf: properties.keys)
                    }
                    walk(child)
                }
            } else if let array = value as? [Any] {
                array.forEach(walk)
            }
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: bench.path).sorted()
        for folder in folders {
            let directory = bench.appendingPathComponent(folder)
            guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { continue }
            for file in files.sorted() where file.hasSuffix(".json") {
                let document = try RegexSharedData.json(directory.appendingPathComponent(file))
                if let schema = (document as? [String: Any])?["schema"] { walk(schema) }
            }
        }
        return patterns
    }

    @Test(.enabled(if: RegexSharedData.exists("jsonschemabench"), "../shared/data/jsonschemabench not found: skipped"))
    func everyRealPatternCompilesAndSamplesMatch() throws {
        let all = try Self.collectPatterns()
        #expect(all.count > 3000, "expected about 3,500 patterns, found \(all.count)")
        let unique = Array(Set(all)).sorted()
        var refused: [String: RegexError.Kind] = [:]
        var tooComplex: [String] = []
        var random = SeededRandom(seed: 2024)
        let started = Date()
        for source in unique {
            let pattern: RegexPattern
            do {
                pattern = try RegexPattern(source)
            } catch {
                refused[source] = error.kind
                continue
            }
            for search in [true, false] {
                let dfa: DFA
                do {
                    dfa = try search ? pattern.searchDFA() : pattern.wholeDFA()
                } catch {
                    tooComplex.append(source)
                    continue
                }
                let shortest = dfa.shortestLength ?? 0
                for window in [0...20, shortest...(shortest + 5), 40...80] {
                    guard let sampler = dfa.sampler(lengthIn: window) else {
                        #expect(!dfa.hasString(lengthIn: window))
                        continue
                    }
                    for _ in 0..<2 {
                        let text = try #require(sampler.sample(random: &random))
                        #expect(window.contains(text.unicodeScalars.count))
                        #expect(dfa.accepts(text))
                        // A whole match is also a match somewhere.
                        #expect(pattern.matches(text), "\(source) should match \(text.debugDescription)")
                    }
                }
            }
        }
        #expect(refused == Self.expectedRefusals, "refused: \(refused)")
        print("real patterns: \(all.count) (\(unique.count) distinct), too complex: \(tooComplex.count) \(tooComplex), "
            + "compiled and sampled in \(String(format: "%.2f", Date().timeIntervalSince(started))) s")
    }
}
