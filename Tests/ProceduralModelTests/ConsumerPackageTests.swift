import Foundation
@testable import GuidedGeneration
@testable import ProceduralModel
import RegexAutomata
import TestSupport
import Testing

/// A tagged clone of this repository is a versioned dependency: the test commits the
/// repository's files (tracked and new, not ignored) to a throwaway git repository tagged
/// `0.1.0`, and builds a package that depends on it `from: "0.1.0"` — which SwiftPM refuses for
/// a package with unsafe build flags — from an unrelated working directory. `ReadmeExample` is
/// README's library example verbatim. `Consumer` uses the embedded model: its built-in content
/// must come from the library itself, not from `content/` on disk, and it is the generic English
/// pack — no coffee shop in its binary. `CoreOnly` depends on the core alone, generates a value
/// under a schema, and its binary must hold none of the built-in pack's text either. The nested
/// `swift build` builds the libraries a second time, so it belongs to the integration tier.
@Suite("A tagged clone is a versioned dependency; the built-in content works from it, and the core carries none of it")
struct ConsumerPackageTests {
    static let repositoryRoot = RepositoryContent.packageRoot

    @Test(.enabled(if: TestTier.integration, Comment(rawValue: TestTier.skipReason)), .timeLimit(.minutes(20)))
    func versionedConsumerRunsTheReadmeExampleFromAnotherDirectory() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let toolkit = work.appendingPathComponent("toolkit")
        let package = work.appendingPathComponent("Consumer")
        let elsewhere = work.appendingPathComponent("elsewhere")
        let scratch = package.appendingPathComponent(".build")
        let binaries = scratch.appendingPathComponent("debug")
        for folder in ["Sources/Consumer", "Sources/CoreOnly", "Sources/ReadmeExample"] {
            try FileManager.default.createDirectory(at: package.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try Self.tagRelease(of: Self.repositoryRoot, into: toolkit, version: "0.1.0", in: elsewhere)
        try Data("""
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                platforms: [.macOS(.v15), .iOS(.v18)],
                dependencies: [.package(url: \(String(reflecting: toolkit.absoluteString)), from: "0.1.0")],
                targets: [
                    .executableTarget(name: "Consumer", dependencies: [.product(name: "ProceduralModel", package: "toolkit"),
                                                                       .product(name: "RegexAutomata", package: "toolkit")]),
                    .executableTarget(name: "CoreOnly", dependencies: [.product(name: "GuidedGeneration", package: "toolkit"),
                                                                       .product(name: "RegexAutomata", package: "toolkit")]),
                    .executableTarget(name: "ReadmeExample", dependencies: [.product(name: "GuidedGeneration", package: "toolkit"),
                                                                            .product(name: "RegexAutomata", package: "toolkit")]),
                ]
            )

            """.utf8).write(to: package.appendingPathComponent("Package.swift"))
        try Data(Self.readmeLibraryExample().utf8).write(to: package.appendingPathComponent("Sources/ReadmeExample/main.swift"))
        try Data("""
            import ProceduralModel
            import RegexAutomata

            var memory = ExpansionMemory()
            var random = SeededRandom(seed: 42)
            print("greeting: " + (try ProceduralContent.builtIn.grammar.expand("greetingReply", memory: &memory, random: &random)))

            """.utf8).write(to: package.appendingPathComponent("Sources/Consumer/main.swift"))
        try Data(#"""
            import GuidedGeneration
            import RegexAutomata

            let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"level": {"type": "integer", "minimum": 1, "maximum": 3}}, "required": ["level"]}"#)
            var random = SeededRandom(seed: 7)
            let value = schema.generate(random: &random)
            print(schema.violations(of: value).isEmpty ? "valid" : "invalid")

            """#.utf8).write(to: package.appendingPathComponent("Sources/CoreOnly/main.swift"))

        let built = try Self.run(["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path], in: elsewhere)
        try #require(built.status == 0, "swift build failed:\n\(built.errors.suffix(3000))")
        let consumer = try Self.run([binaries.appendingPathComponent("Consumer").path], in: elsewhere)
        try #require(consumer.status == 0, "Consumer failed: \(consumer.errors)")
        let coreOnly = try Self.run([binaries.appendingPathComponent("CoreOnly").path], in: elsewhere)
        #expect(coreOnly.status == 0 && coreOnly.output == "valid\n", "\(coreOnly)")
        let readme = try Self.run([binaries.appendingPathComponent("ReadmeExample").path], in: elsewhere)
        var npcRandom = SeededRandom(seed: 42)
        let npc = try ReadmeExamplesTests.NPC.generate(random: &npcRandom)
        let readmeOutput = try npc.generatedContent.jsonString + "\n" + ReadmeExamplesTests.NPC.generationSchema.jsonSchema.prettyJSONString + "\n"
        #expect(readme.status == 0 && readme.output == readmeOutput, "README's example printed \(readme)")
        // The generic pack's markers are in the embedded model's binary (so the check can see
        // embedded text) and in none of the core-only one; the coffee shop's are in neither.
        let withModel = try Data(contentsOf: binaries.appendingPathComponent("Consumer"))
        let coreBinary = try Data(contentsOf: binaries.appendingPathComponent("CoreOnly"))
        for marker in ["greetingReply", "cartographer", "beekeeper"] {
            #expect(withModel.range(of: Data(marker.utf8)) != nil, "the embedded model's binary lacks '\(marker)'")
            #expect(coreBinary.range(of: Data(marker.utf8)) == nil, "the core-only binary holds '\(marker)'")
        }
        // Coffee is an everyday drink of the generic pack too; the shop itself is not in it.
        for marker in ["decafisalie", "Pixel Bean", "barista", "complaintDrink"] {
            #expect(withModel.range(of: Data(marker.utf8)) == nil, "the embedded model's binary holds the coffee shop's '\(marker)'")
            #expect(coreBinary.range(of: Data(marker.utf8)) == nil, "the core-only binary holds '\(marker)'")
        }
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 42)
        let expected = try ProceduralContent.builtIn.grammar.expand("greetingReply", memory: &memory, random: &random)
        #expect(consumer.output.split(separator: "\n").last.map(String.init) == "greeting: \(expected)")
    }

    /// The first Swift block under README's "The library in brief".
    static func readmeLibraryExample() throws -> String {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## The library in brief"))
        let start = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        return String(readme[start.upperBound..<end.lowerBound])
    }

    /// Commits the repository's files — tracked, and new ones git does not ignore — to a fresh
    /// git repository at `target` and tags the commit `version`.
    static func tagRelease(of root: URL, into target: URL, version: String, in directory: URL) throws {
        let listed = try run(["git", "-C", root.path, "ls-files", "--cached", "--others", "--exclude-standard"], in: directory)
        try #require(listed.status == 0, "git ls-files failed: \(listed.errors)")
        for path in listed.output.split(separator: "\n").map(String.init) {
            let source = root.appendingPathComponent(path), destination = target.appendingPathComponent(path)
            guard FileManager.default.fileExists(atPath: source.path) else { continue }
            try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source, to: destination)
        }
        let git = ["git", "-C", target.path, "-c", "user.name=Consumer Test", "-c", "user.email=consumer@localhost"]
        for step in [["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "Release \(version)"], ["tag", version]] {
            let result = try run(git + step, in: directory)
            try #require(result.status == 0, "git \(step.joined(separator: " ")) failed: \(result.errors)")
        }
    }

    /// Runs a program from `directory`, its output and errors through files (a pipe could fill).
    private static func run(_ command: [String], in directory: URL) throws -> (status: Int32, output: String, errors: String) {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        let output = work.appendingPathComponent("stdout.txt"), errors = work.appendingPathComponent("stderr.txt")
        try Data().write(to: output)
        try Data().write(to: errors)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        process.currentDirectoryURL = directory
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, try String(contentsOf: output, encoding: .utf8), try String(contentsOf: errors, encoding: .utf8))
    }
}
