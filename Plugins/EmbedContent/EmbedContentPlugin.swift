import Foundation
import PackagePlugin

/// Embeds a folder of `content/` into the target it is applied to, as generated Swift source:
/// `content/procedural/*.json` (the procedural model's built-in pack) into ProceduralModel and
/// `content/game/*.json` (the coffee shop's world, people and events) into NPCKit. The folder and
/// every JSON file in it are declared as inputs: editing a file changes the file, adding or
/// removing one changes the folder, and either reruns the tool, which lists the folder itself.
/// SwiftPM re-plans plugin commands only when the package structure changes, so after deleting
/// a file that was present at the last plan the build stops with "missing inputs" naming it;
/// touching Package.swift re-plans.
@main
struct EmbedContentPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.name == "NPCKit" ? "content/game" : "content/procedural"
        let contentDirectory = context.package.directoryURL.appending(path: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: contentDirectory.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
        let inputs = names.map { contentDirectory.appending(path: $0) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedContent.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(names.count) content file(s) from \(folder)",
                executable: try context.tool(named: "embed-content").url,
                arguments: [output.path, folder, contentDirectory.path],
                inputFiles: [contentDirectory] + inputs,
                outputFiles: [output]
            ),
        ]
    }
}
