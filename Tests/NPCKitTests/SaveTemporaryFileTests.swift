@testable import CoffeeShopGame
import Foundation
@testable import NPCKit
import RegularFiles
import Testing

/// A save's temporary file left by a game killed while saving (issue 43: 19 of 100 kills left a
/// `.slot.json.tmp`) is removed when the folder is next opened or listed; files of other names,
/// other kinds, and a temporary file a save is writing now are left alone.
@Suite struct SaveTemporaryFileTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("save-temporaries-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    private func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    private func exists(_ name: String) -> Bool { FileKind(path: path(name)) != .missing }

    /// A half-written save, as a kill before the rename leaves it.
    private func abandon(_ name: String) throws {
        try Data(#"{"formatVersion": 1, "sav"#.utf8).write(to: URL(fileURLWithPath: path(name)))
    }

    @Test func abandonedTemporariesGoWhenTheFolderIsOpenedAndListed() throws {
        try abandon(".slot.json.tmp")
        try abandon(".autosave-2.json.tmp")
        _ = try SaveStore(directory: folder)
        #expect(!exists(".slot.json.tmp") && !exists(".autosave-2.json.tmp"))

        let store = try SaveStore(directory: folder)
        try abandon(".slot.json.tmp")
        #expect(try store.list().isEmpty)
        #expect(!exists(".slot.json.tmp"))
    }

    @Test func otherFilesAndKindsStay() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("save-temporaries-target-\(UUID().uuidString)")
        try Data("theirs".utf8).write(to: elsewhere)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let foreign = [".slot.json.tmp.bak", "slot.json.tmp", ".notes.tmp", ".bad name.json.tmp", "..json.tmp", ".-x..json.tmp", ".slot.JSON.TMP"]
        for name in foreign { try abandon(name) }
        try FileManager.default.createDirectory(atPath: path(".folder.json.tmp"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: path(".link.json.tmp"), withDestinationPath: elsewhere.path)
        #expect(mkfifo(path(".pipe.json.tmp"), 0o600) == 0)

        let store = try SaveStore(directory: folder)
        _ = try store.catalogue()
        for name in foreign + [".folder.json.tmp", ".link.json.tmp", ".pipe.json.tmp"] { #expect(exists(name), "\(name)") }
        #expect(FileManager.default.contents(atPath: elsewhere.path) == Data("theirs".utf8))
    }

    @Test func aTemporaryBeingWrittenStaysAndItsSaveCompletes() throws {
        let writer = try AtomicFileWriter(target: path("slot.json"), temporary: path(".slot.json.tmp"))
        try writer.write(Array("{}".utf8))
        let store = try SaveStore(directory: folder)
        _ = try store.catalogue()
        #expect(exists(".slot.json.tmp"), "locked by its writer")
        try writer.commit()
        #expect(FileManager.default.contents(atPath: path("slot.json")) == Data("{}".utf8))
        #expect(!exists(".slot.json.tmp"))
    }

    @Test func aSecondWriterOfOneTemporaryIsRefusedWithoutCuttingTheFirst() throws {
        let first = try AtomicFileWriter(target: path("out.json"), temporary: path(".out.json.tmp"))
        try first.write(Array("first".utf8))
        #expect(throws: FileError(path: path("out.json"), problem: .unwritable("another process is writing it now"))) {
            try AtomicFileWriter(target: path("out.json"), temporary: path(".out.json.tmp"))
        }
        try first.commit()
        #expect(FileManager.default.contents(atPath: path("out.json")) == Data("first".utf8))
    }

    @Test func aFailedSaveLeavesNoTemporaryAndAGivenUpWriteRemovesItsOwn() async throws {
        let store = try SaveStore(directory: folder)
        try FileManager.default.createDirectory(atPath: path("slot.json"), withIntermediateDirectories: false)
        let state = try await GameTests.newGame().state
        #expect(throws: SaveError.self) { try store.save(state, as: "slot") }
        #expect(!exists(".slot.json.tmp"))

        let writer = try AtomicFileWriter(target: path("other.json"), temporary: path(".other.json.tmp"))
        try writer.write(Array("x".utf8))
        writer.discard()
        #expect(!exists(".other.json.tmp") && !exists("other.json"))
    }
}
