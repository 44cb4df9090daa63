import Foundation
import Testing
@testable import GuidedGeneration

/// Builds a tiny package that depends on this one by path and runs it from an unrelated working
/// directory: the built-in content must come from the library itself, not from `content/` on
/// disk. The nested `swift build` is the slowest test (about 20 s alone); set
/// `SKIP_CONSUMER_PACKAGE_TEST=1` to leave it out of a quick local run.
@Suite("The built-in content works from a consumer package")
struct ConsumerPackageTests {
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test(.disabled(if: ProcessInfo.processInfo.environment["SKIP_CONSUMER_PACKAGE_TEST"] == "1",
                    "SKIP_CONSUMER_PACKAGE_TEST=1: the consumer-package build is skipped"),
          .timeLimit(.minutes(15)))
    func consumerPackageGreetsFromAnotherDirectory() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("consumer-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let package = work.appendingPathComponent("Consumer")
        let elsewhere = work.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/Consumer"), withIntermediateDirectories: true)
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
                    .executableTarget(name: "Consumer", dependencies: [.product(name: "GuidedGeneration", package: \(String(reflecting: identity)))]),
                ]
            )

            """.utf8).write(to: package.appendingPathComponent("Package.swift"))
        try Data("""
            import GuidedGeneration

            var memory = ExpansionMemory()
            var random = SeededRandom(seed: 42)
            print("barista: " + (try ProceduralContent.builtIn.grammar.expand("greetingReply", memory: &memory, random: &random)))

            """.utf8).write(to: package.appendingPathComponent("Sources/Consumer/main.swift"))

        let output = work.appendingPathComponent("stdout.txt")
        let errors = work.appendingPathComponent("stderr.txt")
        try Data().write(to: output)
        try Data().write(to: errors)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "run", "--package-path", package.path,
                             "--scratch-path", package.appendingPathComponent(".build").path, "Consumer"]
        process.currentDirectoryURL = elsewhere
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()

        let printed = try String(contentsOf: output, encoding: .utf8)
        let diagnostics = try String(contentsOf: errors, encoding: .utf8)
        try #require(process.terminationStatus == 0, "swift run failed:\n\(diagnostics.suffix(3000))")
        var memory = ExpansionMemory()
        var random = SeededRandom(seed: 42)
        let expected = try ProceduralContent.builtIn.grammar.expand("greetingReply", memory: &memory, random: &random)
        #expect(printed.split(separator: "\n").last.map(String.init) == "barista: \(expected)")
    }
}
