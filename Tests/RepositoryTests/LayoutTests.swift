import Foundation
import Testing

/// docs/layout.md against the tree it describes: every path it names exists, every folder of
/// the sources and every test target is named, and its module table is the one the sources'
/// imports make. A folder added, moved or removed without the map fails here.
@Suite struct LayoutTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL

    static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    static func layout() throws -> LayoutMap {
        try LayoutMap(markdown: text("docs/layout.md"))
    }

    /// The folders directly inside `path` (hidden ones left out).
    static func folders(in path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(path).path)
            .filter { !$0.hasPrefix(".") && isFolder("\(path)/\($0)") }
            .sorted()
    }

    static func isFolder(_ path: String) -> Bool {
        var folder: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path, isDirectory: &folder) && folder.boolValue
    }

    @Test func everyPathTheMapNamesExists() throws {
        let map = try Self.layout()
        let count = map.entries.count
        #expect(count > 50)
        for entry in map.entries {
            #expect(FileManager.default.fileExists(atPath: Self.root.appendingPathComponent(entry.path).path),
                    "docs/layout.md names \(entry.path), which is not in the repository")
        }
    }

    @Test func everyFolderOfTheSourcesIsOnTheMap() throws {
        let map = try Self.layout()
        var pending = try Self.folders(in: "Sources").map { "Sources/\($0)" }
        while let folder = pending.popLast() {
            let named = map.names(folder)
            #expect(named, "docs/layout.md does not name \(folder)/")
            pending += try Self.folders(in: folder).map { "\(folder)/\($0)" }
        }
        for top in ["Tests", "Benchmarks", "Samples"] {
            for folder in try Self.folders(in: top) {
                let named = map.names("\(top)/\(folder)")
                #expect(named, "docs/layout.md does not name \(top)/\(folder)/")
            }
        }
        for folder in try Self.folders(in: ".") where folder != "saves" {
            let named = map.entries.contains { $0.path == folder || $0.path.hasPrefix(folder + "/") }
            #expect(named, "docs/layout.md does not name \(folder)/")
        }
    }

    @Test func theModuleTableIsTheSourcesImports() throws {
        let map = try Self.layout()
        let modules = try Self.folders(in: "Sources")
        var imports: [String: [String]] = [:]
        for module in modules {
            imports[module] = try Self.imports(of: "Sources/\(module)").filter(modules.contains).sorted()
        }
        #expect(map.modules.keys.sorted() == modules, "the module table's modules are not Sources/'s folders")
        for module in modules {
            #expect(map.modules[module] == imports[module],
                    "docs/layout.md says \(module) imports \(map.modules[module] ?? []), its sources import \(imports[module] ?? [])")
        }
    }

    /// Each module the Swift files under `path` import.
    static func imports(of path: String) throws -> Set<String> {
        var found = Set<String>()
        let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(path).path)
        while let file = files?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            for line in try text("\(path)/\(file)").split(separator: "\n") {
                let words = line.split(separator: " ")
                if let at = words.firstIndex(of: "import"), at == 0 || words[..<at].allSatisfy({ $0.hasPrefix("@") }), at + 1 < words.count {
                    found.insert(String(words[at + 1]))
                }
            }
        }
        return found
    }

    /// The suite's size and time are stated in docs/testing.md alone, so no other page drifts from it.
    @Test func onlyTheTestingPageCountsTheTests() throws {
        let pages = ["README.md", "Package.swift"] + (try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") && $0 != "testing.md" }.map { "docs/\($0)" })
        let count = /\b\d[\d,]* tests\b/
        for page in pages {
            let stated = try Self.text(page).firstMatch(of: count).map { String($0.output) }
            #expect(stated == nil, "\(page) states the number of tests (\(stated ?? "")); it belongs in docs/testing.md")
        }
    }
}
