// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "coffeeshop-toolkit",
    products: [
        .library(name: "GuidedGeneration", targets: ["GuidedGeneration"]),
        .library(name: "NPCKit", targets: ["NPCKit"]),
        .library(name: "GGUF", targets: ["GGUF"]),
        .library(name: "NativeModel", targets: ["NativeModel"]),
        .executable(name: "contentpack", targets: ["contentpack"]),
        .executable(name: "coffeeshop", targets: ["coffeeshop"]),
    ],
    targets: [
        // content/procedural/*.json (the built-in pack) and content/game/*.json are compiled into
        // GuidedGeneration and NPCKit by the EmbedContent plugin, so nothing is read at run time.
        .target(name: "GuidedGeneration", plugins: ["EmbedContent"]),
        .executableTarget(name: "embed-content"),
        .plugin(name: "EmbedContent", capability: .buildTool(), dependencies: ["embed-content"]),
        // Reads GGUF model files (metadata, tensor layout, vocabulary); knows nothing of the engine.
        .target(name: "GGUF"),
        // Runs llama-family GGUF models in process: kernels, the transformer, tokenizer, sampling.
        // Optimized in debug builds too: unoptimized kernels are ~50× slower, which would make a
        // debug `contentpack model` unusable and the suite's real-model tests take many minutes.
        .target(name: "NativeModel", dependencies: ["GGUF", "GuidedGeneration"],
                swiftSettings: [.unsafeFlags(["-O"], .when(configuration: .debug))]),
        .target(name: "NPCKit", dependencies: ["GuidedGeneration"], plugins: ["EmbedContent"]),
        .executableTarget(name: "contentpack", dependencies: ["GuidedGeneration", "NPCKit", "NativeModel"]),
        .executableTarget(name: "coffeeshop", dependencies: ["NPCKit"]),
        .executableTarget(name: "guided-bench", dependencies: ["GuidedGeneration", "GGUF", "NativeModel"], path: "Benchmarks/GuidedBench"),
        .executableTarget(name: "npc-bench", dependencies: ["NPCKit"], path: "Benchmarks/NPCBench"),
        // A loopback HTTP server for the HTTP client's tests (no product depends on it).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(
            name: "GuidedGenerationTests",
            dependencies: ["GuidedGeneration", "guided-bench", "TestSupport"],
            // Read in place through #filePath, not bundled as resources.
            exclude: ["Fixtures"]
        ),
        // Depends on the executable so `swift test` builds the binary the end-to-end tests run.
        .testTarget(name: "ContentPackTests", dependencies: ["contentpack", "coffeeshop", "GuidedGeneration", "TestSupport"], exclude: ["Golden"]),
        // Fixtures and the repository's content/ are read in place through #filePath.
        .testTarget(name: "NPCKitTests", dependencies: ["NPCKit"], exclude: ["Fixtures"]),
        .testTarget(name: "GGUFTests", dependencies: ["GGUF", "TestSupport"]),
        .testTarget(name: "NativeModelTests", dependencies: ["NativeModel", "GGUF", "GuidedGeneration", "TestSupport"]),
    ]
)
