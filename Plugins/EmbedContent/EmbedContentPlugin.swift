import Foundation
import PackagePlugin

/// Embeds the procedural model's built-in content pack (`content/procedural/*.json` at the
/// package root) into the target it is applied to, as generated Swift source. The folder and
/// every JSON file in it are declared as inputs: editing a file changes the file, adding or
/// removing one changes the folder, and either reruns the tool, which lists the folder itself.
/// SwiftPM re-plans plugin commands only when the package structure changes, so after deleting
/// a file that was present at the last plan the build stops with "missing inputs" naming it;
/// touching Package.swift re-plans.
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
                arguments: [output.path, "content/procedural", contentDirectory.path],
                inputFiles: [contentDirectory] + inputs,
                outputFiles: [output]
            ),
        ]
    }
}
