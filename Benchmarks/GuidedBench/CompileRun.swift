import Foundation
import GuidedGeneration
import JSONSchema
import RegexAutomata

/// Compile time of large schemas: the largest JSONSchemaBench schema (by bytes) and a seeded,
/// synthesized catalogue of about 2 MB (thousands of definitions referring to one another, as
/// generated API catalogues are written). Each is imported and compiled `rounds` times; the
/// fastest round is reported, then one instance is generated and validated.
struct CompileRun {
    struct Row {
        let name: String
        let bytes: Int
        let definitions: Int
        let compileSeconds: Double
        let firstInstanceSeconds: Double
        let valid: Bool
    }

    var rows: [Row] = []

    /// Definitions in the synthesized catalogue, each an object of a dozen properties.
    static let catalogueDefinitions = 2_000

    init(options: Options) throws {
        let (file, schema) = try Self.largestMaskBenchSchema(options: options)
        let name = file.deletingLastPathComponent().lastPathComponent + "/" + file.lastPathComponent
        rows.append(try Self.measure(name: "largest MaskBench schema (\(name))", json: schema.jsonString,
                                     definitions: (schema["definitions"] ?? schema["$defs"])?.orderedKeys.count ?? 0,
                                     options: options))
        let catalogue = Self.catalogue(definitions: Self.catalogueDefinitions, seed: options.seed)
        rows.append(try Self.measure(name: "synthesized catalogue", json: catalogue,
                                     definitions: Self.catalogueDefinitions, options: options))
    }

    private static func measure(name: String, json: String, definitions: Int, options: Options) throws -> Row {
        var best = Double.infinity
        var schema: GenerationSchema?
        for _ in 0..<max(1, options.rounds) {
            let clock = Stopwatch()
            schema = try GenerationSchema(jsonSchema: json)
            best = min(best, clock.seconds)
        }
        let clock = Stopwatch()
        var random = SeededRandom(seed: options.seed)
        let instance = schema!.generate(random: &random)
        let seconds = clock.seconds
        return Row(name: name, bytes: json.utf8.count, definitions: definitions, compileSeconds: best,
                   firstInstanceSeconds: seconds, valid: schema!.isValid(instance))
    }

    /// The MaskBench schema with the longest compact JSON text, and its file.
    private static func largestMaskBenchSchema(options: Options) throws -> (URL, GeneratedContent) {
        var best: (url: URL, schema: GeneratedContent, bytes: Int)?
        for folder in options.folders {
            let directory = options.dataRoot.appendingPathComponent(folder)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
                throw MaskBenchRun.MissingFolder(path: directory.path)
            }
            for name in names.sorted() where name.hasSuffix(".json") {
                let url = directory.appendingPathComponent(name)
                guard let data = FileManager.default.contents(atPath: url.path),
                      let schema = (try? GeneratedContent(jsonBytes: data))?["schema"] else { continue }
                let bytes = schema.jsonString.utf8.count
                if bytes > best?.bytes ?? -1 { best = (url, schema, bytes) }
            }
        }
        guard let best else { throw MaskBenchRun.MissingFolder(path: options.dataRoot.path) }
        return (best.url, best.schema)
    }

    /// A catalogue of `definitions` object definitions. Each has required and optional
    /// properties of every scalar kind (bounds, patterns, formats, enums) and references to
    /// definitions further down the list (single, in arrays, in `anyOf`), so the reference graph
    /// is large but every definition has a finite instance.
    static func catalogue(definitions: Int, seed: UInt64) -> String {
        var random = SeededRandom(seed: seed)
        var entries: [String] = []
        for index in 0..<definitions {
            var properties: [String] = []
            for p in 0..<12 {
                let key = "\"field\(p)_\(index)\""
                let later = index + 1 + Int(random.below(UInt64(max(1, definitions - index - 1))))
                let reference = later < definitions ? ##"{"$ref": "#/definitions/Def\##(later)"}"## : #"{"type": "null"}"#
                switch random.below(8) {
                case 0: properties.append(#"\#(key): {"type": "string", "maxLength": 40, "description": "Name of the resource \#(index) part \#(p)"}"#)
                case 1: properties.append(#"\#(key): {"type": "string", "pattern": "^[a-z][a-z0-9-]{2,20}$"}"#)
                case 2: properties.append(#"\#(key): {"type": "integer", "minimum": 0, "maximum": \#(1 + random.below(10_000))}"#)
                case 3: properties.append(#"\#(key): {"enum": ["Enabled", "Disabled", "Pending\#(index % 7)"]}"#)
                case 4: properties.append(#"\#(key): {"type": "string", "format": "date-time"}"#)
                case 5: properties.append(#"\#(key): {"type": "array", "items": \#(reference), "maxItems": 3}"#)
                case 6: properties.append(#"\#(key): {"anyOf": [\#(reference), {"type": "boolean"}]}"#)
                default: properties.append(#"\#(key): \#(reference)"#)
                }
            }
            let required = (0..<3).map { #""field\#($0)_\#(index)""# }.joined(separator: ", ")
            entries.append(#""Def\#(index)": {"type": "object", "description": "Resource type \#(index) of the catalogue", "properties": {\#(properties.joined(separator: ", "))}, "required": [\#(required)], "additionalProperties": false}"#)
        }
        return ##"{"definitions": {\##(entries.joined(separator: ", "))}, "$ref": "#/definitions/Def0"}"##
    }
}
