import Digest
import GuidedGeneration
import JSONSchema
import NPCKit

/// `manifest.json` of a pack directory: the format version, the generator, the seed, the
/// count and JSON Schema of each kind, the SHA-256 of every content file used, and the options —
/// everything needed to tell what a pack is and to make it again.
///
/// ```swift
/// let manifest = try PackManifest(generator: "contentpack 0.2.0", library: library, seed: 42,
///                                 kinds: [(.npc, 1000, "npc.jsonl")], options: ["format": "jsonl"], duplicatesRejected: 0)
/// print(manifest.content.jsonString)
/// ```
package struct PackManifest: Sendable {
    static let formatVersion = 1
    /// The manifest as ordered JSON.
    package let content: GeneratedContent

    package init(generator: String, library: ContentLibrary, seed: UInt64, kinds: [(kind: PackKind, count: Int, file: String)],
                 options: [String: String], duplicatesRejected: Int) throws {
        let kindEntries = try kinds.map { entry in
            (entry.kind.rawValue, GeneratedContent(properties: [
                ("count", GeneratedContent(entry.count)),
                ("file", GeneratedContent(entry.file)),
                ("schema", try entry.kind.schema(library: library).jsonSchema),
            ]))
        }
        let digests = library.documents.map { ($0.name, GeneratedContent(SHA256.hexDigest(of: Array($0.json.utf8)))) }
        content = GeneratedContent(properties: [
            ("formatVersion", GeneratedContent(Self.formatVersion)),
            ("generator", GeneratedContent(generator)),
            ("seed", GeneratedContent(String(seed))),
            ("kinds", GeneratedContent(properties: kindEntries)),
            ("contentSHA256", GeneratedContent(properties: digests)),
            ("options", GeneratedContent(properties: options.sorted { $0.key < $1.key }.map { ($0.key, GeneratedContent($0.value)) })),
            ("duplicatesRejected", GeneratedContent(duplicatesRejected)),
        ])
    }
}
