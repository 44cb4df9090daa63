import Foundation
import GuidedGeneration

/// Reads an HTTP/1.1 response from the bytes of a connection as they arrive, in chunks of any
/// size: the status line and headers first, then the body — by `Content-Length`, by chunked
/// transfer coding, or up to the end of the connection — handed out as it is decoded, so a
/// streamed reply (server-sent events) can be read while it is written.
struct HTTPResponseReader {
    struct Head: Equatable {
        let status: Int
        /// Header values by lower-cased name (the last one where a name repeats).
        let headers: [String: String]
    }

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    private enum Phase {
        case head
        case sized(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailers
        case untilClose
        case done
    }

    private var phase = Phase.head
    private var buffer: [UInt8] = []
    private(set) var head: Head?

    /// Whether the whole body has been read.
    var isComplete: Bool {
        if case .done = phase { return true }
        return false
    }

    /// Whether the body runs to the end of the connection (neither sized nor chunked).
    var endsWithConnection: Bool {
        if case .untilClose = phase { return true }
        return false
    }

    /// Reads `bytes`; returns the head once it is complete (on the call that completes it) and
    /// the body bytes these bytes held.
    mutating func read(_ bytes: some Sequence<UInt8>) throws(Malformed) -> (head: Head?, body: [UInt8]) {
        buffer.append(contentsOf: bytes)
        var newHead: Head?
        var body: [UInt8] = []
        var position = 0
        loop: while true {
            switch phase {
            case .head:
                guard let end = Self.find([13, 10, 13, 10], in: buffer, from: position) else { break loop }
                let parsed = try Self.parseHead(buffer[position..<end])
                position = end + 4
                if (100..<200).contains(parsed.status) { continue loop }
                head = parsed
                newHead = parsed
                if parsed.headers["transfer-encoding"]?.lowercased().contains("chunked") == true {
                    phase = .chunkSize
                } else if let length = parsed.headers["content-length"] {
                    guard let count = Int(length.trimmingCharacters(in: .whitespaces)), count >= 0 else {
                        throw Malformed(description: "a Content-Length of '\(length)'")
                    }
                    phase = count == 0 ? .done : .sized(remaining: count)
                } else {
                    phase = parsed.status == 204 || parsed.status == 304 ? .done : .untilClose
                }
            case .sized(let remaining):
                let take = min(remaining, buffer.count - position)
                body += buffer[position..<(position + take)]
                position += take
                phase = remaining == take ? .done : .sized(remaining: remaining - take)
                if remaining != take { break loop }
            case .chunkSize:
                guard let end = Self.find([13, 10], in: buffer, from: position) else { break loop }
                let line = String(decoding: buffer[position..<end], as: UTF8.self)
                let digits = line.split(separator: ";", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard let size = Int(digits, radix: 16), size >= 0 else { throw Malformed(description: "a chunk size of '\(line.prefix(40))'") }
                position = end + 2
                phase = size == 0 ? .trailers : .chunkData(remaining: size)
            case .chunkData(let remaining):
                let take = min(remaining, buffer.count - position)
                body += buffer[position..<(position + take)]
                position += take
                guard take == remaining else {
                    phase = .chunkData(remaining: remaining - take)
                    break loop
                }
                phase = .chunkEnd
            case .chunkEnd:
                guard buffer.count - position >= 2 else { break loop }
                guard buffer[position] == 13, buffer[position + 1] == 10 else { throw Malformed(description: "a chunk not followed by CRLF") }
                position += 2
                phase = .chunkSize
            case .trailers:
                // Trailer fields are read past, up to the empty line that ends them.
                guard let end = Self.find([13, 10], in: buffer, from: position) else { break loop }
                let empty = end == position
                position = end + 2
                if empty { phase = .done }
            case .untilClose:
                body += buffer[position...]
                position = buffer.count
                break loop
            case .done:
                break loop
            }
        }
        buffer.removeFirst(position)
        return (newHead, body)
    }

    private static func parseHead(_ bytes: ArraySlice<UInt8>) throws(Malformed) -> Head {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/"), let status = Int(statusParts[1]), (100..<600).contains(status) else {
            throw Malformed(description: "a status line of '\(lines[0].prefix(60))'")
        }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: ":") else { throw Malformed(description: "a header line of '\(line.prefix(60))'") }
            headers[line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Head(status: status, headers: headers)
    }

    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        var index = start
        while index <= bytes.count - pattern.count {
            if bytes[index] == pattern[0], bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
