import Foundation
import Testing
@testable import GuidedGeneration
@testable import ProceduralModel

/// Builds a tiny package that depends on this one by path, with two programs, and runs them from
/// an unrelated working directory. `Consumer` uses the embedded model: its built-in content must
/// come from the library itself, not from `content/` on disk, and it is the generic English
/// pack — no coffee shop in its binary. `CoreOnly` depends on the core alone, generates a value
/// under a schema, and its binary must hold none of the built-in pack's text either. The nested `swift build` is the slowest test;
/// set `SKIP_CONSUMER_PACKAGE_TEST=1` to leave it out of a quick local run.
@Suite("The built-in content works from a consumer package, and the core carries none of it")
struct ConsumerPackageTests {
    static let repositoryRoot = RepositoryContent.packageRoot

    @Test(.disabled(if: ProcessInfo.processInfo.environment["SKIP_CONSUMER_PACKAGE_TEST"] == "1",
                    "SKIP_CONSUMER_PACKAGE_TEST=1: the consumer-package build is skipped"),
          .timeLimit(.minutes(15)))
    func consumerPackageGreetsFromAnotherDirectory() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("Consumer")
        let elsewhere = work.appendingPathComponent("elsewhere")
        let scratch = package.appendingPathComponent(".build")
        let binaries = scratch.appendingPathComponent("debug")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/Consumer"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/CoreOnly"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // A path dependency's identity is its directory's name.
        let identity = Self.repositoryRoot.lastPathComponent
        try Data("""
            // swift-tools-version:6.0
            import PackageDescription

            let package = Package(
                name: "Consumer",
                dependencies: [.package(path: \(String(reflecting: Self.repositoryRoot.path)))],
                targets: [
                    .executableTarget(name: "Consumer", dependencies: [.product(name: "ProceduralModel", package: \(String(reflecting: identity)))]),
                    .executableTarget(name: "CoreOnly", dependencies: [.product(name: "GuidedGeneration", package: \(String(reflecting: identity)))]),
                ]
            )

            """.utf8).write(to: package.appendingPathComponent("Package.swift"))
        try Data("""
            import GuidedGeneration
            import ProceduralModel

            var memory = ExpansionMemory()
            var random = SeededRandom(seed: 42)
            print("greeting: " + (try ProceduralContent.builtIn.grammar.expand("greetingReply", memory: &memory, random: &random)))

            """.utf8).write(to: package.appendingPathComponent("Sources/Consumer/main.swift"))
        try Data(#"""
            import GuidedGeneration

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
        // The generic pack's markers are in the embedded model's binary (so the check can see
        // embedded text) and in none of the core-only one; the coffee shop's are in neither.
        let withModel = try Data(contentsOf: binaries.appendingPathComponent("Consumer"))
        let coreBinary = try Data(contentsOf: binaries.appendingPathComponent("CoreOnly"))
        for marker in ["greetingReply", "cartographer", "beekeeper"] {
            #expect(withModel.range(of: Data(marker.utf8)) != nil, "the embedded model's binary lacks '\(marker)'")
            #expect(coreBinary.range(of: Data(marker.utf8)) == nil, "the core-only binary holds '\(marker)'")
        }
        for marker in ["cappuccino", "oat milk", "barista", "complaintDrink"] {
            #expect(withModel.range(of: Data(marker.utf8)) == nil, "the embedded model's binary holds the coffee shop's '\(marker)'")
            #expect(coreBinary.range(of: Data(marker.utf8)) == nil, "the core-only binary holds '\(marker)'")
        }
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 42)
        let expected = try ProceduralContent.builtIn.grammar.expand("greetingReply", memory: &memory, random: &random)
        #expect(consumer.output.split(separator: "\n").last.map(String.init) == "greeting: \(expected)")
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
