import Foundation

/// A GGUF model file: its metadata, the layout of its tensors, and their bytes (memory-mapped,
/// so opening a multi-gigabyte model reads only the header). Versions 2 and 3 are read; a
/// damaged or foreign file is a `GGUFError` naming the key or tensor where it went wrong.
///
/// ```swift
/// let model = try GGUFFile(contentsOf: URL(fileURLWithPath: "SmolLM2-135M-Instruct.Q4_1.gguf"))
/// model.metadata["general.architecture"]?.string        // "llama"
/// model.tensors.first { $0.name == "token_embd.weight" }  // its type, shape and offset
/// ```
public struct GGUFFile: Sendable {
    /// The file's name, used in errors.
    public let name: String
    public let version: UInt32
    /// Metadata by key, and the keys in file order.
    public let metadata: [String: GGUFValue]
    public let keys: [String]
    public let tensors: [GGUFTensorInfo]
    /// Where tensor data starts (tensor offsets count from here).
    public let dataOffset: Int
    /// `general.alignment`, 32 when absent.
    public let alignment: Int
    /// The whole file (memory-mapped when opened from a URL).
    public let bytes: Data
    let storage: GGUFStorage

    /// Opens and parses the file, mapping it into memory.
    public init(contentsOf url: URL) throws(GGUFError) {
        try self.init(storage: GGUFStorage(mapping: url.path), name: url.lastPathComponent)
    }

    /// Parses GGUF bytes already in memory (they are copied once, so tensor data has a fixed address).
    public init(bytes: Data, name: String = "model.gguf") throws(GGUFError) {
        try self.init(storage: GGUFStorage(copying: bytes), name: name)
    }

    private init(storage: GGUFStorage, name: String) throws(GGUFError) {
        let bytes = storage.data
        var reader = GGUFReader(bytes: bytes, file: name)
        guard reader.remaining >= 4, bytes.prefix(4).elementsEqual("GGUF".utf8) else { throw .notGGUF(file: name) }
        _ = try reader.take(4, reading: "the magic bytes")
        let version = try reader.integer(UInt32.self, reading: "the version")
        guard version == 2 || version == 3 else { throw .unsupportedVersion(version, file: name) }
        let tensorCount = try reader.count(minimumSize: 24, reading: "the tensor count")
        let keyCount = try reader.count(minimumSize: 12, reading: "the metadata count")
        var metadata: [String: GGUFValue] = [:]
        var keys: [String] = []
        for index in 0..<keyCount {
            let key = try reader.string(reading: "the name of metadata key #\(index)")
            let type = try reader.integer(UInt32.self, reading: "the type of \(key)")
            metadata[key] = try reader.value(type: type, reading: "the value of \(key)")
            keys.append(key)
        }
        let alignment = metadata["general.alignment"]?.integer ?? 32
        guard alignment > 0, alignment.nonzeroBitCount == 1 else {
            throw .malformed(file: name, offset: reader.offset, reading: "general.alignment", reason: "\(alignment) is not a power of two")
        }
        var tensors: [GGUFTensorInfo] = []
        for index in 0..<tensorCount {
            tensors.append(try GGUFTensorInfo(reading: &reader, index: index))
        }
        let dataOffset = (reader.offset + alignment - 1) / alignment * alignment
        for tensor in tensors {
            guard tensor.offset % alignment == 0 else {
                throw .malformed(file: name, offset: dataOffset, reading: "tensor \(tensor.name)",
                                 reason: "its data offset \(tensor.offset) is not aligned to \(alignment)")
            }
            let (end, overflow) = (dataOffset + tensor.offset).addingReportingOverflow(tensor.byteCount)
            guard !overflow, end <= bytes.count else {
                throw .truncated(file: name, offset: bytes.count, reading: "the data of tensor \(tensor.name)")
            }
        }
        self.name = name
        self.version = version
        self.metadata = metadata
        self.keys = keys
        self.tensors = tensors
        self.dataOffset = dataOffset
        self.alignment = alignment
        self.bytes = bytes
        self.storage = storage
    }

    /// The tensor named `name`.
    public func tensor(named name: String) -> GGUFTensorInfo? {
        tensors.first { $0.name == name }
    }

    /// The bytes of a tensor's data.
    public func data(of tensor: GGUFTensorInfo) -> Data {
        let start = bytes.startIndex + dataOffset + tensor.offset
        return bytes[start..<start + tensor.byteCount]
    }

    /// The address of a tensor's first byte, valid while this file (or a copy of it) is alive.
    public func address(of tensor: GGUFTensorInfo) -> UnsafeRawPointer {
        storage.base + dataOffset + tensor.offset
    }

    /// A metadata value that must be present with a given shape.
    func required<T>(_ key: String, as expected: String, _ read: (GGUFValue) -> T?) throws(GGUFError) -> T {
        guard let value = metadata[key], let typed = read(value) else { throw .missingKey(key, expected: expected, file: name) }
        return typed
    }
}

/// Where one tensor lives in a GGUF file and what it holds.
public struct GGUFTensorInfo: Equatable, Sendable {
    public let name: String
    /// Dimensions, innermost (contiguous) first, as ggml counts them.
    public let shape: [Int]
    public let type: GGUFTensorType
    /// The data's offset from `GGUFFile.dataOffset`.
    public let offset: Int

    public var elementCount: Int { shape.reduce(1, *) }

    /// The bytes the tensor's data takes.
    public var byteCount: Int { elementCount / type.blockElements * type.blockBytes }

    init(reading reader: inout GGUFReader, index: Int) throws(GGUFError) {
        let name = try reader.string(reading: "the name of tensor #\(index)")
        let at = reader.offset
        let dimensions = try reader.integer(UInt32.self, reading: "the dimensions of tensor \(name)")
        guard (1...4).contains(dimensions) else {
            throw .malformed(file: reader.file, offset: at, reading: "tensor \(name)", reason: "\(dimensions) dimensions (1 to 4 are possible)")
        }
        var shape: [Int] = []
        var elements = 1
        for _ in 0..<dimensions {
            let size = try reader.integer(UInt64.self, reading: "the shape of tensor \(name)")
            let (product, overflow) = elements.multipliedReportingOverflow(by: Int(clamping: size))
            guard size > 0, size < UInt64(1) << 40, !overflow else {
                throw .malformed(file: reader.file, offset: at, reading: "tensor \(name)", reason: "a dimension of \(size)")
            }
            elements = product
            shape.append(Int(size))
        }
        let code = try reader.integer(UInt32.self, reading: "the type of tensor \(name)")
        guard let type = GGUFTensorType(rawValue: code) else {
            throw .malformed(file: reader.file, offset: reader.offset - 4, reading: "tensor \(name)", reason: "unsupported tensor type \(code)")
        }
        guard shape[0] % type.blockElements == 0 else {
            throw .malformed(file: reader.file, offset: at, reading: "tensor \(name)",
                             reason: "a row of \(shape[0]) values is not whole \(type) blocks of \(type.blockElements)")
        }
        let offset = try reader.integer(UInt64.self, reading: "the data offset of tensor \(name)")
        guard offset < UInt64(Int.max / 2) else {
            throw .malformed(file: reader.file, offset: reader.offset - 8, reading: "tensor \(name)", reason: "a data offset of \(offset)")
        }
        self.name = name
        self.shape = shape
        self.type = type
        self.offset = Int(offset)
    }
}
