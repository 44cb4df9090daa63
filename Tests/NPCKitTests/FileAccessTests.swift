import CoffeeShopGame
import EngineProtocol
import Foundation
import NPCKit
import TestSupport
import Testing

/// Files written only over regular files, inputs read with a limit, and I/O errors in words.
@Suite struct FileAccessTests {
    let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("file-access-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    @Test func systemErrorsAreWordedForAPerson() {
        #expect(FileError.reason(errno: ENOSPC) == "the disk is full")
        #expect(FileError.reason(errno: EROFS) == "the file system is read-only")
        #expect(FileError.reason(errno: EACCES, inFolder: true) == "the folder is read-only (no permission to write in it)")
        #expect(FileError.reason(CocoaError(.fileWriteOutOfSpace)) == "the disk is full")
        #expect(FileError.reason(CocoaError(.fileWriteVolumeReadOnly)) == "the file system is read-only")
        #expect(FileError.reason(NSError(domain: NSCocoaErrorDomain, code: CocoaError.fileWriteUnknown.rawValue,
                                         userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(ENOSPC))])) == "the disk is full")
        let error = FileError(path: "saves/x.json", problem: .unwritable(FileError.reason(errno: ENOSPC)))
        #expect(error.description == "cannot write saves/x.json: the disk is full")
    }

    @Test func aWholeFileReadStopsAtItsLimit() throws {
        let file = folder.appendingPathComponent("big.json").path
        try Data(repeating: 0x20, count: 2048).write(to: URL(fileURLWithPath: file))
        #expect(try FileInput.contents(of: file, limit: 2048, role: "test file").count == 2048)
        #expect(throws: FileError(path: file, problem: .tooLarge(limit: 1024, role: "test file"))) {
            try FileInput.contents(of: file, limit: 1024, role: "test file")
        }
    }

    /// Only regular files are read from a path (issue 43: a FIFO blocked `open()` forever): a
    /// FIFO, a link to one, a device and a directory are refused before they are opened, in words
    /// naming what they are; a link to a regular file is read.
    @Test func onlyRegularFilesAreReadFromAPath() throws {
        let fifo = try TemporaryFIFO(named: "save.json")
        let link = fifo.folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo.path)
        for path in [fifo.path, link] {
            let outcome = fifo.withoutHanging { try FileInput.contents(of: path, limit: 1024, role: "test file") }
            #expect(throws: FileError(path: path, problem: .notReadable(.fifo))) { try #require(outcome).get() }
        }
        #expect(throws: FileError(path: "/dev/zero", problem: .notReadable(.characterDevice))) {
            try FileInput.contents(of: "/dev/zero", limit: 1024, role: "test file")
        }
        #expect(FileError(path: fifo.path, problem: .notReadable(.fifo)).description == "cannot read \(fifo.path): it is a FIFO (named pipe), not a file")
        #expect(throws: FileError(path: folder.path, problem: .notReadable(.directory))) {
            try FileInput.contents(of: folder.path, limit: 1024, role: "test file")
        }
        #expect(throws: FileError(path: folder.path + "/missing", problem: .unreadable("no such file or folder"))) {
            try FileInput.contents(of: folder.path + "/missing", limit: 1024, role: "test file")
        }
        let file = folder.appendingPathComponent("real.json").path
        try Data("{}".utf8).write(to: URL(fileURLWithPath: file))
        let fileLink = folder.appendingPathComponent("real-link.json").path
        try FileManager.default.createSymbolicLink(atPath: fileLink, withDestinationPath: file)
        #expect(try FileInput.contents(of: fileLink, limit: 1024, role: "test file") == Data("{}".utf8))
    }

    @Test func aWriterReplacesARegularFileAndRefusesALink() throws {
        let target = folder.appendingPathComponent("out.txt").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: target))
        let writer = try AtomicFileWriter(target: target, temporary: target + ".tmp")
        try writer.write(Array("new".utf8))
        try writer.commit()
        #expect(FileManager.default.contents(atPath: target) == Data("new".utf8))

        let link = folder.appendingPathComponent("link.txt").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: FileError(path: link, problem: .notReplaceable(.symbolicLink))) {
            try AtomicFileWriter(target: link, temporary: link + ".tmp")
        }
        #expect(!FileManager.default.fileExists(atPath: link + ".tmp"))
    }

    @Test func aSaveOverADirectoryIsRefusedInWords() async throws {
        let store = try SaveStore(directory: folder)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("slot.json"), withIntermediateDirectories: true)
        let state = try await GameTests.newGame().state
        #expect(throws: SaveError.unwritable("slot", reason: "will not write to \(folder.path)/slot.json: it is a directory, not a regular file; give a regular file or a new path")) {
            try store.save(state, as: "slot")
        }
    }

    @Test(.enabled(if: getuid() != 0, "root writes into read-only folders"))
    func aSaveInAReadOnlyFolderSaysSo() async throws {
        let store = try SaveStore(directory: folder)
        #expect(chmod(folder.path, 0o555) == 0)
        defer { chmod(folder.path, 0o755) }
        let state = try await GameTests.newGame().state
        #expect(throws: SaveError.unwritable("slot", reason: "cannot write \(folder.path)/slot.json: the folder is read-only (no permission to write in it)")) {
            try store.save(state, as: "slot")
        }
    }

    @Test func aServerAnswersALineThatIsNotUTF8WithAParseError() async throws {
        let replies = Replies()
        let server = EngineServer(library: try .builtIn()) { replies.append($0) }
        await server.receive(bytes: [0x22, 0xC3, 0x28, 0x22])
        await server.finish()
        #expect(replies.lines == [#"{"id":null,"error":{"code":-32700,"message":"not UTF-8 text"}}"#])
    }

    final class Replies: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        var lines: [String] { lock.withLock { stored } }
        func append(_ line: String) { lock.withLock { stored.append(line) } }
    }
}
