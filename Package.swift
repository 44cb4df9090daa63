// swift-tools-version:6.0
import PackageDescription

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
        .target(name: "GuidedGeneration"),
        // The embedded procedural model (SystemLanguageModel.default) and its language machinery.
        // content/procedural/*.json (its built-in pack) and content/game/*.json are compiled into
        // ProceduralModel and NPCKit by the EmbedContent plugin, so nothing is read at run time.
        .target(name: "ProceduralModel", dependencies: ["GuidedGeneration", "RegularFiles"], plugins: ["EmbedContent"]),
        .executableTarget(name: "embed-content"),
        // Models served over HTTP: OpenAI-compatible servers, pools of them, and guided decoding
        // through a server's grammar; the core knows nothing of sockets or wire formats.
        .target(name: "HTTPModel", dependencies: ["GuidedGeneration"]),
        .plugin(name: "EmbedContent", capability: .buildTool(), dependencies: ["embed-content"]),
        // What a path names, and opening a user's path for reading only when it is a regular file
        // (never blocking on a FIFO): the one check models, saves, schemas and imports go through.
        .target(name: "RegularFiles"),
        // Reads GGUF model files (metadata, tensor layout, vocabulary); knows nothing of the engine.
        .target(name: "GGUF", dependencies: ["RegularFiles"]),
        // Runs llama-family GGUF models in process: the transformer, tokenizer, sampling.
        .target(name: "NativeModel", dependencies: ["GGUF", "GuidedGeneration", "NativeKernels"]),
        // The runtime's matrix kernels in C, compiled once per CPU variant (baseline, and AVX2
        // with per-function target attributes) and chosen at run time by CPUID: one binary runs
        // on every x86-64 and is fast where AVX2 is there.
        .target(name: "NativeKernels"),
        // SHA-256 for pack manifests (content files, and the model file that wrote a pack).
        .target(name: "Digest"),
        .target(name: "NPCKit", dependencies: ["GuidedGeneration", "ProceduralModel", "Digest", "RegularFiles"], plugins: ["EmbedContent"]),
        // The C functions behind include/coffeeshop.h, over the engine server's requests.
        .target(name: "CoffeeShopC", dependencies: ["NPCKit", "NativeModel", "GuidedGeneration", "CommandLineSupport"]),
        // What both programs' command lines share: option parsing, and the model flags that
        // name the embedded model, a GGUF file or a server (also the engine API's model names).
        .target(name: "CommandLineSupport", dependencies: ["GuidedGeneration", "HTTPModel", "NativeModel"]),
        .executableTarget(name: "contentpack", dependencies: ["GuidedGeneration", "NPCKit", "NativeModel", "HTTPModel", "CommandLineSupport", "Digest", "RegularFiles"]),
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
        .testTarget(name: "ContentPackTests", dependencies: ["contentpack", "coffeeshop", "CoffeeShopC", "GuidedGeneration", "HTTPModel", "CommandLineSupport", "NPCKit", "LineEditing", "TestSupport"], exclude: ["Golden", "Oracles", "CFuzz"]),
        // Fixtures and the repository's content/ are read in place through #filePath.
        .testTarget(name: "NPCKitTests", dependencies: ["NPCKit", "Digest", "RegularFiles", "TestSupport"], exclude: ["Fixtures", "Oracles"]),
        // Fixtures are read in place through #filePath.
        .testTarget(name: "ProceduralModelTests", dependencies: ["ProceduralModel", "GuidedGeneration", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "HTTPModelTests", dependencies: ["HTTPModel", "GuidedGeneration", "ProceduralModel", "TestSupport"]),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport", "HTTPModel", "GuidedGeneration"]),
        .testTarget(name: "GGUFTests", dependencies: ["GGUF", "TestSupport"]),
        .testTarget(name: "NativeModelTests", dependencies: ["NativeModel", "GGUF", "GuidedGeneration", "NPCKit", "TestSupport"]),
    ]
)
