// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "coffeeshop-toolkit",
    products: [
        .library(name: "GuidedGeneration", targets: ["GuidedGeneration"]),
    ],
    targets: [
        .target(name: "GuidedGeneration"),
        .testTarget(name: "GuidedGenerationTests", dependencies: ["GuidedGeneration"]),
    ]
)
