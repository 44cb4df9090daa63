import Foundation
import NPCKit
import RegularFiles

/// Save games in one folder: each save is `NAME.json`, versioned JSON written atomically — to a
/// temporary file that is flushed and then renamed over the old save, which is first kept as
/// `NAME.json.bak`. A crash at any point leaves either the old save or the new one, never half
/// of one. Names are plain words (letters, digits, `-`, `_`, `.` inside), so no name can leave
/// the folder; a file that is not a save of a known version is refused and left untouched. The
/// temporary file of a save that never got its name (the game was killed while saving),
/// `.NAME.json.tmp`, is removed when the folder is next opened or listed; nothing else is.
///
/// ```swift
/// let store = try SaveStore(directory: URL(fileURLWithPath: "saves"))
/// try store.save(game.state, as: "before-the-riddle")
/// let state = try store.load("before-the-riddle")
/// for entry in try store.list() { print(entry.name, entry.savedAt, entry.room) }
/// for (name, problem) in try store.catalogue().damaged { print(name, problem) }    // left as they are
/// ```
package struct SaveStore: Sendable {
    /// The save format this build writes and reads.
    static let formatVersion = 1

    package let directory: URL

    /// The largest save file read (16 MiB).
    static let sizeLimit = 16 << 20

    /// A store in `directory`, which is created if missing; saves' abandoned temporary files
    /// in it are removed.
    package init(directory: URL) throws(SaveError) {
        self.directory = directory
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw .unwritableFolder(directory.path, reason: FileError.reason(error, inFolder: true))
        }
        removeAbandonedTemporaries()
    }

    /// One save in the list: its name, when it was written and where the player stood.
    package struct Entry: Sendable, Equatable {
        package let name: String
        let savedAt: Date
        package let room: String
    }

    /// The file of a save, after checking the name.
    package func url(of name: String) throws(SaveError) -> URL {
        try Self.check(name)
        return directory.appendingPathComponent(name + ".json")
    }

    /// Writes `state` as `name`, keeping the previous save of that name as a backup. Its
    /// conversations' identifiers are renumbered (`Transcript.renumbered(prefix:)`), so the same
    /// seed and commands write the same save, whatever process played them.
    package func save(_ state: GameState, as name: String, at date: Date = Date()) throws(SaveError) {
        let target = try url(of: name)
        let envelope = SaveFile(formatVersion: Self.formatVersion, savedAt: date, state: state.withStableIdentifiers())
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            encoder.dateEncodingStrategy = .iso8601
            data = try encoder.encode(envelope)
        } catch {
            throw .unwritable(name, reason: "\(error)")
        }
        let writer: AtomicFileWriter
        do {
            writer = try AtomicFileWriter(target: target.path, temporary: directory.appendingPathComponent(Self.temporaryName(of: name)).path)
        } catch {
            throw .unwritable(name, reason: "\(error)")
        }
        do {
            try writer.write(Array(data))
            try Self.keepBackup(of: target, as: directory.appendingPathComponent(name + ".json.bak"))
            try writer.commit()
        } catch {
            writer.discard()
            throw .unwritable(name, reason: "\(error)")
        }
    }

    /// The temporary file a save is written to before it is renamed to `NAME.json`.
    static func temporaryName(of name: String) -> String {
        ".\(name).json.tmp"
    }

    /// Removes the temporary files of saves that never got their name — the game was killed
    /// while saving — named as `save` names them (`.NAME.json.tmp` for a save name). A
    /// temporary file a save is writing now is locked and stays, as does every other file.
    private func removeAbandonedTemporaries() {
        guard let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for file in files where file.hasPrefix(".") && file.hasSuffix(".json.tmp") {
            let name = String(file.dropFirst().dropLast(".json.tmp".count))
            guard (try? Self.check(name)) != nil, file == Self.temporaryName(of: name) else { continue }
            AtomicFileWriter.removeAbandoned(temporary: directory.appendingPathComponent(file).path)
        }
    }

    /// The state saved as `name`.
    package func load(_ name: String) throws(SaveError) -> GameState {
        try read(try url(of: name), name: name).state
    }

    /// Every save in the folder that reads, newest first; damaged ones are in `catalogue()`.
    package func list() throws(SaveError) -> [Entry] {
        try catalogue().saves
    }

    /// The folder's saves in one reading: those that read, newest first, and those that do not —
    /// damaged, or of another format version — by name, each with why (they are left as they are).
    /// Saves' abandoned temporary files are removed first.
    package func catalogue() throws(SaveError) -> (saves: [Entry], damaged: [(name: String, problem: SaveError)]) {
        removeAbandonedTemporaries()
        var entries: [Entry] = []
        var damaged: [(name: String, problem: SaveError)] = []
        for (name, file) in try saveFiles() {
            do {
                let save = try read(file, name: name)
                entries.append(Entry(name: name, savedAt: save.savedAt, room: save.state.room))
            } catch {
                damaged.append((name, error))
            }
        }
        return (entries.sorted { ($0.savedAt, $1.name) > ($1.savedAt, $0.name) }, damaged.sorted { $0.name < $1.name })
    }

    /// Moves the save `name` to `name-1`, `name-1` to `name-2`, and so on up to `name-(kept)`,
    /// whose old file is replaced: how a new game keeps the last games' autosaves. Nothing
    /// happens when there is no save `name`; returns whether there was one.
    @discardableResult
    func rotate(_ name: String, keeping kept: Int) throws(SaveError) -> Bool {
        guard FileKind(path: try url(of: name).path) != .missing else { return false }
        for slot in stride(from: kept, through: 1, by: -1) {
            let source = try url(of: slot == 1 ? name : "\(name)-\(slot - 1)")
            guard FileKind(path: source.path) != .missing else { continue }
            let target = try url(of: "\(name)-\(slot)")
            do {
                try AtomicFileWriter.checkReplaceable(target.path)
                if rename(source.path, target.path) != 0 { throw FileError(path: target.path, problem: .unwritable(FileError.reason(errno: errno))) }
            } catch {
                throw .unwritable("\(name)-\(slot)", reason: "\(error)")
            }
        }
        return true
    }

    /// The `.json` files of the folder whose names are save names.
    private func saveFiles() throws(SaveError) -> [(name: String, file: URL)] {
        let files: [URL]
        do {
            files = try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)
        } catch {
            throw .unreadableFolder(directory.path, reason: FileError.reason(error))
        }
        return files.filter { $0.pathExtension == "json" }.compactMap { file in
            let name = file.deletingPathExtension().lastPathComponent
            return (try? Self.check(name)) != nil ? (name, file) : nil
        }
    }

    /// The state saved as `name` with when it was saved and where the player stood, from one
    /// reading of the file.
    func open(_ name: String) throws(SaveError) -> (state: GameState, entry: Entry) {
        let save = try read(try url(of: name), name: name)
        return (save.state, Entry(name: name, savedAt: save.savedAt, room: save.state.room))
    }

    private func read(_ file: URL, name: String) throws(SaveError) -> SaveFile {
        guard FileKind(path: file.path) != .missing else { throw .notFound(name) }
        let data: Data
        do {
            data = try FileInput.contents(of: file.path, limit: Self.sizeLimit, role: "save file")
        } catch {
            throw .unreadable(name, reason: "\(error)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        struct Version: Decodable { let formatVersion: Int }
        guard let version = try? decoder.decode(Version.self, from: data) else {
            throw .corrupt(name, reason: "not a save file (no formatVersion)")
        }
        guard version.formatVersion == Self.formatVersion else {
            throw .unknownVersion(name, version: version.formatVersion, supported: Self.formatVersion)
        }
        do {
            return try decoder.decode(SaveFile.self, from: data)
        } catch let error as DecodingError {
            let path = DecodingErrorText.keyPath(of: error)
            throw .corrupt(name, reason: (path.isEmpty ? "" : path + ": ") + DecodingErrorText.problem(of: error))
        } catch {
            throw .corrupt(name, reason: "\(error)")
        }
    }

    /// Letters, digits, `-` and `_`, and dots inside; at most 64 characters.
    static func check(_ name: String) throws(SaveError) {
        let allowed = name.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
        guard !name.isEmpty, name.count <= 64, allowed, !name.hasPrefix("."), !name.hasSuffix("."), !name.contains("..") else {
            throw .badName(name)
        }
    }

    /// Links the current `target`, when there is one, as `backup` (replacing an older backup).
    private static func keepBackup(of target: URL, as backup: URL) throws(FileError) {
        let files = FileManager.default
        guard FileKind(path: target.path) == .regular else { return }
        try AtomicFileWriter.checkReplaceable(backup.path)
        try? files.removeItem(at: backup)
        do {
            try files.linkItem(at: target, to: backup)
        } catch {
            throw FileError(path: backup.path, problem: .unwritable(FileError.reason(error, inFolder: true)))
        }
    }
}

/// The JSON of a save file: the format version, when it was written, and the game.
struct SaveFile: Codable {
    let formatVersion: Int
    let savedAt: Date
    let state: GameState
}

/// Why a save could not be written, listed or read.
package enum SaveError: Error, Equatable, CustomStringConvertible {
    case badName(String)
    case notFound(String)
    case corrupt(String, reason: String)
    case unknownVersion(String, version: Int, supported: Int)
    case unreadable(String, reason: String)
    case unwritable(String, reason: String)
    case unreadableFolder(String, reason: String)
    case unwritableFolder(String, reason: String)

    package var description: String {
        switch self {
        case .badName(let name):
            return "'\(name)' is not a save name: use letters, digits, '-' and '_' (at most 64 characters)"
        case .notFound(let name):
            return "there is no save called '\(name)' (type 'saves' to list them)"
        case .corrupt(let name, let reason):
            return "the save '\(name)' is damaged and was left as it is: \(reason)"
        case .unknownVersion(let name, let version, let supported):
            return "the save '\(name)' has format version \(version); this game reads version \(supported). It was left as it is"
        case .unreadable(let name, let reason):
            return "the save '\(name)' could not be read: \(reason)"
        case .unwritable(let name, let reason):
            return "the save '\(name)' was not written: \(reason); any earlier save of that name is unchanged"
        case .unreadableFolder(let path, let reason):
            return "cannot list the saves in \(path): \(reason)"
        case .unwritableFolder(let path, let reason):
            return "cannot use \(path) for saves: \(reason)"
        }
    }
}
