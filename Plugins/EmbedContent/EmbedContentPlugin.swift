import Foundation
import PackagePlugin

/// Embeds folders of `content/` into the target it is applied to, as generated Swift source. The
/// target names its folders in `embedded-content.txt` (one path from the package root a line):
/// ProceduralModel `content/english` (the embedded model's generic English pack), NPCKit
/// `content/procedural` (the coffee shop's pack for that model) and `content/game` (the shop's
/// world, people and events). Each folder and every JSON file in it are
/// declared as inputs: editing a file changes the file, adding or removing one changes the
/// folder, and either reruns the tool, which lists the folders itself. SwiftPM re-plans plugin
/// commands only when the package structure changes, so after deleting a file that was present
/// at the last plan the build stops with "missing inputs" naming it; touching Package.swift
/// re-plans.
@main
struct EmbedContentPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SwiftSourceModuleTarget else {
            throw EmbedContentError(description: "EmbedContent applies to Swift targets, not \(target.name)")
        }
        let list = module.directoryURL.appending(path: "embedded-content.txt")
        guard let text = try? String(contentsOf: list, encoding: .utf8) else {
            throw EmbedContentError(description: "\(target.name) applies EmbedContent but has no readable \(list.path) naming its content folders")
        }
        let folders = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
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
        inputs.append(list)
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedContent.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count - folders.count - 1) content file(s) from \(folders.joined(separator: " and "))",
                executable: try context.tool(named: "embed-content").url,
                arguments: [output.path] + arguments,
                inputFiles: inputs,
                outputFiles: [output]
            ),
        ]
    }
}

struct EmbedContentError: Error, CustomStringConvertible {
    let description: String
}
