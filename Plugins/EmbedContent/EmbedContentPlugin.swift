import Foundation
import PackagePlugin

/// Embeds folders of `content/` into the target it is applied to, as generated Swift source:
/// `content/english/*.json` (the generic English pack of the embedded model) into ProceduralModel;
/// `content/procedural/*.json` (the coffee shop's pack for that model) and `content/game/*.json`
/// (the shop's world, people and events) into NPCKit. Each folder and every JSON file in it are
/// declared as inputs: editing a file changes the file, adding or removing one changes the
/// folder, and either reruns the tool, which lists the folders itself. SwiftPM re-plans plugin
/// commands only when the package structure changes, so after deleting a file that was present
/// at the last plan the build stops with "missing inputs" naming it; touching Package.swift
/// re-plans.
@main
struct EmbedContentPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folders = target.name == "NPCKit" ? ["content/procedural", "content/game"] : ["content/english"]
        var arguments: [String] = []
        var inputs: [URL] = []
        for folder in folders {
            let directory = context.package.directoryURL.appending(path: folder)
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { $0.hasSuffix(".json") }
                .sorted()
            arguments += [folder, directory.path]
            inputs += [directory] + names.map { directory.appending(path: $0) }
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedContent.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count - folders.count) content file(s) from \(folders.joined(separator: " and "))",
                executable: try context.tool(named: "embed-content").url,
                arguments: [output.path] + arguments,
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}
