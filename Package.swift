// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "coffeeshop-toolkit",
    products: [
        .library(name: "GuidedGeneration", targets: ["GuidedGeneration"]),
        .library(name: "NPCKit", targets: ["NPCKit"]),
        .executable(name: "contentpack", targets: ["contentpack"]),
    ],
    targets: [
        .target(name: "GuidedGeneration"),
        .target(name: "NPCKit", dependencies: ["GuidedGeneration"]),
        .executableTarget(name: "contentpack", dependencies: ["GuidedGeneration"]),
        .executableTarget(name: "guided-bench", dependencies: ["GuidedGeneration"], path: "Benchmarks/GuidedBench"),
        .testTarget(name: "GuidedGenerationTests", dependencies: ["GuidedGeneration", "guided-bench"]),
        // Depends on the executable so `swift test` builds the binary the end-to-end tests run.
        .testTarget(name: "ContentPackTests", dependencies: ["contentpack", "GuidedGeneration"]),
    ]
)
