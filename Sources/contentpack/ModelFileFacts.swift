import Digest
import Foundation
import NPCKit

/// What a pack manifest records about a GGUF model that wrote it: the file's name, size and
/// SHA-256 (so a pack can be traced to the exact weights) and how the model sampled.
enum ModelFileFacts {
    static func manifestEntries(file: URL, sampling: String) throws -> [String: String] {
        let bytes: Data
        do {
            bytes = try Data(contentsOf: file, options: .alwaysMapped)
        } catch {
            throw CommandFailure.runtime("cannot read \(file.path) to record its SHA-256: \(error.localizedDescription)")
        }
        return [
            "modelFile": file.lastPathComponent,
            "modelBytes": String(bytes.count),
            "modelSHA256": SHA256.hexDigest(of: bytes),
            "modelSampling": sampling,
        ]
    }
}
