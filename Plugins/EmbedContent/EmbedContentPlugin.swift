import Foundation
import PackagePlugin

/// Embeds the procedural model's built-in content pack (`content/procedural/*.json` at the
/// package root) into the target it is applied to, as generated Swift source. Every JSON file is
/// declared as an input, so editing one rebuilds the target; adding or removing a file changes
/// the command itself, which SwiftPM also notices when it plans the next build.
@main
struct EmbedContentPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let contentDirectory = context.package.directoryURL.appending(path: "content/procedural")
        let names = try FileManager.default.contentsOfDirectory(atPath: contentDirectory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        let inputs = names.map { contentDirectory.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedContent.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) content file(s) from content/procedural",
                executable: try context.tool(named: "embed-content").url,
                arguments: [output.path, "content/procedural"] + inputs.map(\.path),
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
