import GuidedGeneration
import JSONSchema

/// The file formats of a content pack's items.
///
/// - `json`: one document, an array of the items;
/// - `jsonl`: one compact item per line (streams: constant memory whatever the count);
/// - `csv`: RFC 4180 — a header of flattened column names (`order.size`, `attributes.0`), one
///   row per item, fields quoted when they hold a comma, a quote or a line break, CRLF endings;
/// - for dialog trees: `yarn` (Yarn Spinner), `ink` (Ink source), `ink-json` (a compiled Ink
///   story, which Ink's runtimes load without the compiler) and `godot-csv` (a Godot translation
///   table, `keys,en`, UTF-8 without a byte order mark).
///
/// ```swift
/// var writer = PackFormat.csv.writer { text in print(text, terminator: "") }
/// try writer.add(item)                     // a PackItem from PackExport
/// try writer.finish()
/// ```
package enum PackFormat: String, CaseIterable, Sendable {
    case json, jsonl, csv, yarn, ink
    case inkJSON = "ink-json"
    case godotCSV = "godot-csv"

    /// The file extension of the format.
    package var fileExtension: String {
        switch self {
        case .godotCSV: "csv"
        case .inkJSON: "ink.json"
        default: rawValue
        }
    }

    /// Whether the format holds dialog trees only (a script, a compiled story or a translation table).
    package var isDialogOnly: Bool { [.yarn, .ink, .inkJSON, .godotCSV].contains(self) }

    /// A writer handing its text to `emit` piece by piece; `schema` (the items' schema) puts a
    /// CSV header's columns in the schema's order.
    package func writer(schema: GenerationSchema? = nil, emit: @escaping (String) throws -> Void) -> PackWriter {
        PackWriter(format: self, schema: schema, emit: emit)
    }
}

/// Writes items in one `PackFormat`: `add` each item in order, then `finish`.
package struct PackWriter {
    let format: PackFormat
    private let schema: GenerationSchema?
    private let emit: (String) throws -> Void
    private var count = 0
    /// CSV needs every item's columns before its header: rows wait here until `finish`.
    private var rows: [[(column: String, value: String)]] = []
    /// The script formats' node names and line ids so far: engines need each unique in a project.
    private var names: Set<String> = []

    /// Two nodes or two lines of one script would share a name or id. The ids hold 64 bits of a
    /// hash, so this is all but impossible; were it to happen, an engine would attach one line's
    /// translation to another, so the pack is refused instead.
    package struct DuplicateName: Error, CustomStringConvertible {
        let name: String
        package var description: String { "two nodes or lines of the pack are both named '\(name)'; export with another seed" }
    }

    package init(format: PackFormat, schema: GenerationSchema?, emit: @escaping (String) throws -> Void) {
        self.format = format
        self.schema = schema
        self.emit = emit
    }

    package mutating func add(_ item: PackItem) throws {
        switch format {
        case .json: try emit((count == 0 ? "[\n" : ",\n") + item.json)
        case .jsonl: try emit(item.json + "\n")
        case .csv: rows.append(CSVTable.flatten(item.content))
        case .yarn: try emit(DialogScripts.yarn(try named(tree(item))))
        case .ink: try emit(DialogScripts.ink(try named(tree(item)), isFirst: count == 0))
        case .inkJSON:
            let tree = try named(tree(item))
            let first = DialogScripts.name(tree, tree.nodes.first?.id ?? "Start")
            try emit((count == 0 ? InkStory.opening(firstKnot: first) : ",") + InkStory.knots(tree))
        case .godotCSV: try emit((count == 0 ? DialogScripts.godotHeader : "") + DialogScripts.godotRows(try named(tree(item))))
        }
        count += 1
    }

    /// `tree`, once its node names and line ids are known to be new in the pack.
    private mutating func named(_ tree: DialogTree) throws -> DialogTree {
        for name in DialogScripts.identifiers(tree) where !names.insert(name).inserted { throw DuplicateName(name: name) }
        return tree
    }

    package mutating func finish() throws {
        switch format {
        case .json: try emit(count == 0 ? "[]\n" : "\n]\n")
        case .csv: try emit(CSVTable.text(rows, schema: schema?.jsonSchema))
        case .godotCSV where count == 0: try emit(DialogScripts.godotHeader)
        case .inkJSON: try emit((count == 0 ? InkStory.opening(firstKnot: nil) : "") + InkStory.closing)
        default: break
        }
    }

    private func tree(_ item: PackItem) throws -> DialogTree {
        try GeneratedContentDecoder().decode(DialogTree.self, from: item.content)
    }
}

/// Flattening of items into CSV columns, and RFC 4180 quoting.
package enum CSVTable {
    /// `(column, value)` pairs in the item's order: nested keys joined with `.`, array
    /// elements by index; strings as they are, other scalars as their JSON text.
    package static func flatten(_ item: GeneratedContent, prefix: String = "") -> [(column: String, value: String)] {
        if let elements = item.elements {
            return elements.enumerated().flatMap { flatten($0.element, prefix: prefix.isEmpty ? String($0.offset) : "\(prefix).\($0.offset)") }
        }
        if let text = item.stringValue { return [(prefix, text)] }
        if item.isNull { return [(prefix, "")] }
        let keys = item.orderedKeys
        guard !keys.isEmpty else { return [(prefix, item.jsonString)] }
        return keys.flatMap { key in flatten(item[key] ?? .null, prefix: prefix.isEmpty ? key : prefix + "." + key) }
    }

    /// The header (every column, in `columnOrder`) and the rows, CRLF-terminated.
    package static func text(_ rows: [[(column: String, value: String)]], schema: GeneratedContent?) -> String {
        let columns = columnOrder(rows.map { $0.map(\.column) }, schema: schema)
        var lines = [columns.map(quoted).joined(separator: ",")]
        for row in rows {
            let values = Dictionary(row.map { ($0.column, $0.value) }, uniquingKeysWith: { first, _ in first })
            lines.append(columns.map { quoted(values[$0] ?? "") }.joined(separator: ","))
        }
        return lines.joined(separator: "\r\n") + "\r\n"
    }

    /// Every column once. With the items' JSON Schema, in the schema's order — declared
    /// properties by their position, array items by index, what the schema does not name after
    /// them by name — so packs made with different seeds share their header whichever item showed
    /// an optional column first; without one, in first-seen order.
    package static func columnOrder(_ rows: [[String]], schema: GeneratedContent?) -> [String] {
        var columns: [String] = []
        var known = Set<String>()
        for row in rows {
            for column in row where known.insert(column).inserted { columns.append(column) }
        }
        guard let schema else { return columns }
        let ranks = Dictionary(uniqueKeysWithValues: columns.map { ($0, rank(of: $0, in: schema)) })
        return columns.sorted { a, b in
            let (x, y) = (ranks[a]!, ranks[b]!)
            return x != y ? x.lexicographicallyPrecedes(y) : precedes(a, b)
        }
    }

    /// A column's position in `schema`, part by part (`Int.max` where the schema does not say).
    private static func rank(of column: String, in root: GeneratedContent) -> [Int] {
        var node: GeneratedContent? = root
        var rank: [Int] = []
        for part in column.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            node = node.map { resolved($0, in: root) }
            if let properties = node?["properties"], let position = properties.orderedKeys.firstIndex(of: part) {
                rank.append(position)
                node = properties[part]
            } else if let index = Int(part), let items = node?["items"] {
                rank.append(index)
                node = items
            } else {
                rank.append(Int.max)
                node = nil
            }
        }
        return rank
    }

    /// The schema a local `$ref` names, or the first `anyOf`/`oneOf`/`allOf` branch with
    /// properties or items, or the schema itself.
    private static func resolved(_ schema: GeneratedContent, in root: GeneratedContent, depth: Int = 0) -> GeneratedContent {
        guard depth < 32 else { return schema }
        if let reference = schema["$ref"]?.stringValue, reference.hasPrefix("#/") {
            var target: GeneratedContent? = root
            for token in reference.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
                target = target?[token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")]
            }
            if let target { return resolved(target, in: root, depth: depth + 1) }
        }
        for keyword in ["allOf", "anyOf", "oneOf"] {
            for branch in schema[keyword]?.elements ?? [] {
                let inner = resolved(branch, in: root, depth: depth + 1)
                if inner["properties"] != nil || inner["items"] != nil { return inner }
            }
        }
        return schema
    }

    /// Column names compared part by part, numbers as numbers (`attributes.2` before `attributes.10`).
    private static func precedes(_ a: String, _ b: String) -> Bool {
        let left = a.split(separator: ".", omittingEmptySubsequences: false)
        let right = b.split(separator: ".", omittingEmptySubsequences: false)
        for (x, y) in zip(left, right) where x != y {
            if let m = Int(x), let n = Int(y) { return m < n }
            return x < y
        }
        return left.count < right.count
    }

    package static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
