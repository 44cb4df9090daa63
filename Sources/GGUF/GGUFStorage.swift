#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RegularFiles

/// The bytes of a GGUF file at an address that stays put for the storage's lifetime: the file
/// mapped read-only (so only the pages a model touches are read), or a private copy of bytes
/// already in memory. Kernels read tensor blocks through raw pointers into it.
/// Unchecked: `base` is a raw pointer to bytes that are never written after the storage is made.
final class GGUFStorage: @unchecked Sendable {
    let base: UnsafeRawPointer
    let count: Int
    private let release: () -> Void

    /// The file at `path` mapped: a regular file only — a FIFO or a device is refused before it
    /// is opened (`RegularFile`), so a FIFO given as a model cannot block.
    init(mapping path: String) throws(GGUFError) {
        let descriptor: Int32
        do { descriptor = try RegularFile.openForReading(path) } catch { throw .unreadable(file: path, reason: error.description) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(file: path, reason: String(cString: strerror(errno))) }
        let size = Int(status.st_size)
        guard size > 0 else {
            base = UnsafeRawPointer(UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 64))
            count = 0
            let pointer = base
            release = { pointer.deallocate() }
            return
        }
        guard let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED else {
            throw .unreadable(file: path, reason: String(cString: strerror(errno)))
        }
        base = UnsafeRawPointer(mapped)
        count = size
        release = { munmap(mapped, size) }
    }

    init(copying bytes: Data) {
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(bytes.count, 1), alignment: 64)
        bytes.withUnsafeBytes { source in
            if let address = source.baseAddress { buffer.copyMemory(from: address, byteCount: source.count) }
        }
        base = UnsafeRawPointer(buffer)
        count = bytes.count
        release = { buffer.deallocate() }
    }

    /// The bytes as `Data` without a copy; the data keeps this storage alive.
    var data: Data {
        Data(bytesNoCopy: UnsafeMutableRawPointer(mutating: base), count: count, deallocator: .custom { [self] _, _ in _ = self })
    }

    deinit { release() }
}
