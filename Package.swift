// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "coffeeshop-toolkit",
    // The native runtime's worker pool uses the Synchronization module's atomics.
    platforms: [.macOS(.v15), .iOS(.v18)],
    products: [
        .library(name: "GuidedGeneration", targets: ["GuidedGeneration"]),
        .library(name: "JSONSchema", targets: ["JSONSchema"]),
        .library(name: "ConstrainedDecoding", targets: ["ConstrainedDecoding"]),
        .library(name: "RegexAutomata", targets: ["RegexAutomata"]),
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
        // Regular expressions as automata: the parser, NFA and DFA, and seeded sampling of the
        // strings a DFA accepts. Knows nothing of JSON.
        .target(name: "RegexAutomata"),
        // JSON Schema: the JSON value (GeneratedContent), JSON text, the schema graph, import and
        // export (drafts 4 to 2020-12), formats, exact numbers and validation.
        .target(name: "JSONSchema", dependencies: ["RegexAutomata"]),
        // Constrained decoding: the generation plan compiled from a schema graph, the byte-level
        // matcher and token masks. It sees a vocabulary, never a model.
        .target(name: "ConstrainedDecoding", dependencies: ["JSONSchema", "RegexAutomata"]),
        // The Foundation Models API: sessions, Generable, GenerationSchema, guides, transcripts,
        // tools and the LanguageModel protocol. It carries no content, knows no game and no wire format.
        .target(name: "GuidedGeneration", dependencies: ["ConstrainedDecoding", "JSONSchema", "RegexAutomata"]),
        // The embedded procedural model (SystemLanguageModel.default) and its language machinery.
        // The EmbedContent plugin compiles the content/ folders a target's embedded-content.txt
        // names into it (content/english here; content/procedural and content/game into NPCKit),
        // so nothing is read at run time.
        .target(name: "ProceduralModel", dependencies: ["GuidedGeneration", "ConstrainedDecoding", "JSONSchema", "RegexAutomata", "RegularFiles"],
                exclude: ["embedded-content.txt"], plugins: ["EmbedContent"]),
        .executableTarget(name: "embed-content"),
        // Models served over HTTP: OpenAI-compatible servers, pools of them, and guided decoding
        // through a server's grammar; the core knows nothing of sockets or wire formats.
        .target(name: "HTTPModel", dependencies: ["GuidedGeneration", "ConstrainedDecoding", "JSONSchema"]),
        .plugin(name: "EmbedContent", capability: .buildTool(), dependencies: ["embed-content"]),
        // What a path names, and opening a user's path for reading only when it is a regular file
        // (never blocking on a FIFO): the one check models, saves, schemas and imports go through.
        .target(name: "RegularFiles"),
        // Reads GGUF model files (metadata, tensor layout, vocabulary); knows nothing of the engine.
        .target(name: "GGUF", dependencies: ["RegularFiles"]),
        // Runs llama-family GGUF models in process: the transformer, tokenizer, sampling.
        .target(name: "NativeModel", dependencies: ["GGUF", "GuidedGeneration", "ConstrainedDecoding", "JSONSchema", "RegexAutomata", "NativeKernels"]),
        // The runtime's matrix kernels in C, compiled once per CPU variant (baseline, and AVX2
        // with per-function target attributes) and chosen at run time by CPUID: one binary runs
        // on every x86-64 and is fast where AVX2 is there.
        .target(name: "NativeKernels"),
        // SHA-256 for pack manifests (content files, and the model file that wrote a pack).
        .target(name: "Digest"),
        // The coffee shop's domain: content, characters, people and their calendars, riddles, the
        // barista's dialog, the menu, the map, encounter types, the importers and the tools.
        .target(name: "NPCKit", dependencies: ["GuidedGeneration", "JSONSchema", "RegexAutomata", "ProceduralModel", "RegularFiles"],
                exclude: ["embedded-content.txt"], plugins: ["EmbedContent"]),
        // The text adventure's engine: commands to text, the clock, serving, saves.
        .target(name: "CoffeeShopGame", dependencies: ["NPCKit", "GuidedGeneration", "JSONSchema", "RegexAutomata", "ProceduralModel", "RegularFiles"]),
        // Content packs: kinds, export jobs, their JSON/JSONL/CSV/engine formats, manifests, journals.
        .target(name: "ContentPacks", dependencies: ["NPCKit", "GuidedGeneration", "JSONSchema", "RegexAutomata", "ProceduralModel", "Digest"]),
        // The engine protocol: JSON-lines requests for engines, shared by serve --stdio and the C library.
        .target(name: "EngineProtocol", dependencies: ["ContentPacks", "NPCKit", "GuidedGeneration", "JSONSchema"]),
        // The C functions behind include/coffeeshop.h, over the engine server's requests.
        .target(name: "CoffeeShopC", dependencies: ["EngineProtocol", "NPCKit", "NativeModel", "GuidedGeneration", "JSONSchema", "ModelSelection"]),
        // How a model is named — procedural, a GGUF file or servers' URLs — and made: the one
        // parser the programs' --model flag and the C library's model names share.
        .target(name: "ModelSelection", dependencies: ["GuidedGeneration", "HTTPModel", "NativeModel"]),
        // What both programs' command lines share: option parsing and the model flags.
        .target(name: "CommandLineSupport", dependencies: ["ModelSelection"]),
        .executableTarget(name: "contentpack", dependencies: ["GuidedGeneration", "JSONSchema", "RegexAutomata", "ProceduralModel", "NPCKit", "ContentPacks", "EngineProtocol", "ModelSelection", "NativeModel", "GGUF", "HTTPModel", "CommandLineSupport", "Digest", "RegularFiles"]),
        // Line editing, history and word wrap for interactive terminals.
        .target(name: "LineEditing"),
        .executableTarget(name: "coffeeshop", dependencies: ["GuidedGeneration", "ProceduralModel", "NPCKit", "CoffeeShopGame", "ModelSelection", "CommandLineSupport", "LineEditing"]),
        .executableTarget(name: "guided-bench", dependencies: ["GuidedGeneration", "ConstrainedDecoding", "JSONSchema", "RegexAutomata", "ProceduralModel", "NPCKit", "HTTPModel", "GGUF", "NativeModel", "TestSupport"], path: "Benchmarks/GuidedBench"),
        .executableTarget(name: "npc-bench", dependencies: ["GuidedGeneration", "ProceduralModel", "NPCKit", "CoffeeShopGame", "NativeModel", "HTTPModel"], path: "Benchmarks/NPCBench"),
        // Helpers shared by the test targets and the benchmarks: a loopback HTTP server for the
        // HTTP client's tests, a llama-server of their own, GGUF writing, the fuzz suites' seeded
        // mutations, the benchmark's NPC schema (no product depends on it).
        .target(name: "TestSupport", dependencies: ["GuidedGeneration", "ConstrainedDecoding", "JSONSchema", "RegexAutomata", "HTTPModel"], path: "Tests/TestSupport"),
        .testTarget(
            name: "GuidedGenerationTests",
            dependencies: ["GuidedGeneration", "ConstrainedDecoding", "JSONSchema", "RegexAutomata", "TestSupport"]
        ),
        // Depends on the executable so `swift test` builds the binary the end-to-end tests run.
        .testTarget(name: "ContentPackTests", dependencies: ["contentpack", "coffeeshop", "CoffeeShopC", "GuidedGeneration", "JSONSchema", "RegexAutomata", "ProceduralModel", "NPCKit", "CoffeeShopGame", "ContentPacks", "LineEditing", "TestSupport"], exclude: ["Golden", "Oracles", "CFuzz"]),
        // Fixtures and the repository's content/ are read in place through #filePath.
        .testTarget(name: "NPCKitTests", dependencies: ["NPCKit", "CoffeeShopGame", "ContentPacks", "EngineProtocol", "GuidedGeneration", "JSONSchema", "RegexAutomata", "ProceduralModel", "Digest", "RegularFiles", "TestSupport"], exclude: ["Fixtures", "Oracles"]),
        // Fixtures are read in place through #filePath.
        .testTarget(name: "ProceduralModelTests", dependencies: ["ProceduralModel", "GuidedGeneration", "ConstrainedDecoding", "JSONSchema", "RegexAutomata", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "HTTPModelTests", dependencies: ["HTTPModel", "GuidedGeneration", "ConstrainedDecoding", "JSONSchema", "RegexAutomata", "ProceduralModel", "TestSupport"]),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport", "ModelSelection", "HTTPModel"]),
        .testTarget(name: "GGUFTests", dependencies: ["GGUF", "TestSupport"]),
        // docs/layout.md against the tree and the sources' imports, read in place through #filePath.
        .testTarget(name: "RepositoryTests"),
        .testTarget(name: "NativeModelTests", dependencies: ["NativeModel", "GGUF", "GuidedGeneration", "JSONSchema", "RegexAutomata", "NPCKit", "TestSupport"]),
    ]
)
