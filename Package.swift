// swift-tools-version:6.0
import Foundation
import PackageDescription

/// The native runtime's kernels use the building machine's vector units when it has AVX2 and
/// FMA, as llama.cpp's default (native) build does: the 8-bit dot products then run on 256-bit
/// registers, twice as fast as on x86-64's SSE2 baseline. Other machines get the baseline.
func kernelFlags() -> [String] {
    #if os(Linux) && arch(x86_64)
    guard let cpu = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
          let line = cpu.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return [] }
    let features = Set(line.split(separator: " "))
    return ["avx2", "fma", "f16c", "bmi2"].allSatisfy { features.contains($0[...]) } ? ["-target-cpu", "haswell"] : []
    #else
    return []
    #endif
}

let package = Package(
    name: "coffeeshop-toolkit",
    // The native runtime's worker pool uses the Synchronization module's atomics.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "GuidedGeneration", targets: ["GuidedGeneration"]),
        .library(name: "ProceduralModel", targets: ["ProceduralModel"]),
        .library(name: "NPCKit", targets: ["NPCKit"]),
        .library(name: "GGUF", targets: ["GGUF"]),
        .library(name: "NativeModel", targets: ["NativeModel"]),
        .library(name: "HTTPModel", targets: ["HTTPModel"]),
        // The C interface (include/coffeeshop.h) for engines that link native code.
        .library(name: "CoffeeShop", type: .dynamic, targets: ["CoffeeShopC"]),
        .executable(name: "contentpack", targets: ["contentpack"]),
        .executable(name: "coffeeshop", targets: ["coffeeshop"]),
    ],
    targets: [
        // The core: schemas, the generation plan, the matcher and token masks, sessions, tools and
        // the LanguageModel protocol. It carries no content and knows no game.
        // Optimized in debug builds too: the token masker and the schema engine run for every
        // token a model writes, and the suite's real-model tests and fuzzing would otherwise take
        // most of CI's time (the whole suite: 711 → 553 s; the build: 94 → 172 s from clean).
        // Cross-module optimization in release builds: the embedded model and the game call the
        // core's small accessors and generics on every line, and across a module boundary they
        // would be neither inlined nor specialized (content load 38 → 22 ms, game start-up 36–44
        // → 25–35 ms in npc-bench).
        .target(name: "GuidedGeneration", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug)),
                                                          .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))]),
        // The embedded procedural model (SystemLanguageModel.default) and its language machinery.
        // content/procedural/*.json (its built-in pack) and content/game/*.json are compiled into
        // ProceduralModel and NPCKit by the EmbedContent plugin, so nothing is read at run time.
        // Optimized in debug builds too, as the core is: the suite generates thousands of values.
        .target(name: "ProceduralModel", dependencies: ["GuidedGeneration"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug)), .unsafeFlags(["-cross-module-optimization"], .when(configuration: .release))],
                plugins: ["EmbedContent"]),
        .executableTarget(name: "embed-content"),
        // Models served over HTTP: OpenAI-compatible servers, pools of them, and guided decoding
        // through a server's grammar; the core knows nothing of sockets or wire formats.
        .target(name: "HTTPModel", dependencies: ["GuidedGeneration"]),
        .plugin(name: "EmbedContent", capability: .buildTool(), dependencies: ["embed-content"]),
        // Reads GGUF model files (metadata, tensor layout, vocabulary); knows nothing of the engine.
        .target(name: "GGUF"),
        // Runs llama-family GGUF models in process: kernels, the transformer, tokenizer, sampling.
        // Optimized in debug builds too: unoptimized kernels are ~50× slower, which would make a
        // debug `contentpack model` unusable and the suite's real-model tests take many minutes.
        .target(name: "NativeModel", dependencies: ["GGUF", "GuidedGeneration"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug)), .unsafeFlags(kernelFlags())]),
        // SHA-256 for pack manifests (content files, and the model file that wrote a pack, which
        // may be gigabytes); optimized in debug builds too, as the runtime is.
        .target(name: "Digest", swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "NPCKit", dependencies: ["GuidedGeneration", "ProceduralModel", "Digest"], plugins: ["EmbedContent"]),
        // The C functions behind include/coffeeshop.h, over the engine server's requests.
        .target(name: "CoffeeShopC", dependencies: ["NPCKit", "NativeModel", "GuidedGeneration", "CommandLineSupport"]),
        // What both programs' command lines share: option parsing, and the model flags that
        // name the embedded model, a GGUF file or a server (also the engine API's model names).
        .target(name: "CommandLineSupport", dependencies: ["GuidedGeneration", "HTTPModel", "NativeModel"]),
        .executableTarget(name: "contentpack", dependencies: ["GuidedGeneration", "NPCKit", "NativeModel", "HTTPModel", "CommandLineSupport", "Digest"]),
        // Line editing, history and word wrap for interactive terminals.
        .target(name: "LineEditing"),
        .executableTarget(name: "coffeeshop", dependencies: ["NPCKit", "CommandLineSupport", "LineEditing"]),
        .executableTarget(name: "guided-bench", dependencies: ["GuidedGeneration", "ProceduralModel", "NPCKit", "HTTPModel", "GGUF", "NativeModel", "TestSupport"], path: "Benchmarks/GuidedBench"),
        .executableTarget(name: "npc-bench", dependencies: ["NPCKit", "NativeModel", "HTTPModel"], path: "Benchmarks/NPCBench"),
        // Helpers shared by the test targets and the benchmarks: a loopback HTTP server for the
        // HTTP client's tests, a llama-server of their own, GGUF writing, the fuzz suites' seeded
        // mutations, the benchmark's NPC schema (no product depends on it).
        .target(name: "TestSupport", dependencies: ["GuidedGeneration"], path: "Tests/TestSupport"),
        .testTarget(
            name: "GuidedGenerationTests",
            dependencies: ["GuidedGeneration", "TestSupport"]
        ),
        // Depends on the executable so `swift test` builds the binary the end-to-end tests run.
        .testTarget(name: "ContentPackTests", dependencies: ["contentpack", "coffeeshop", "GuidedGeneration", "HTTPModel", "CommandLineSupport", "NPCKit", "LineEditing", "TestSupport"], exclude: ["Golden", "Oracles"]),
        // Fixtures and the repository's content/ are read in place through #filePath.
        .testTarget(name: "NPCKitTests", dependencies: ["NPCKit", "Digest", "TestSupport"], exclude: ["Fixtures", "Oracles"]),
        // Fixtures are read in place through #filePath.
        .testTarget(name: "ProceduralModelTests", dependencies: ["ProceduralModel", "GuidedGeneration", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "HTTPModelTests", dependencies: ["HTTPModel", "GuidedGeneration", "ProceduralModel", "TestSupport"]),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport", "HTTPModel", "GuidedGeneration"]),
        .testTarget(name: "GGUFTests", dependencies: ["GGUF", "TestSupport"]),
        .testTarget(name: "NativeModelTests", dependencies: ["NativeModel", "GGUF", "GuidedGeneration", "NPCKit", "TestSupport"]),
    ]
)
