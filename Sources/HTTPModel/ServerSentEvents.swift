import Foundation
import GuidedGeneration

/// A server-sent event: its type (`message` unless the stream named one), its data (the `data:`
/// lines joined by newlines) and its id.
struct ServerSentEvent: Sendable, Equatable {
    var type = "message"
    var data = ""
    var id: String?
}

/// An incremental parser for the `text/event-stream` format (the WHATWG HTML "server-sent
/// events" rules): bytes go in as they arrive, in chunks of any size — a line or a UTF-8
/// sequence may be split between chunks — and complete events come out. Lines end with LF,
/// CRLF or CR; a blank line dispatches the event; `:` starts a comment; one space after a
/// field's colon is dropped; an event with no `data` field is not dispatched; a leading BOM is
/// skipped.
struct ServerSentEventParser {
    private var pending: [UInt8] = []
    private var lastWasCR = false
    private var atStart = true
    private var data: [String] = []
    private var hasData = false
    private var type = ""
    private var lastID: String?

    /// Feeds the next chunk and returns the events it completes.
    mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [ServerSentEvent] where Bytes.Element == UInt8 {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if lastWasCR {
                lastWasCR = false
                if byte == UInt8(ascii: "\n") { continue }
            }
            switch byte {
            case UInt8(ascii: "\r"):
                lastWasCR = true
                endLine(into: &events)
            case UInt8(ascii: "\n"):
                endLine(into: &events)
            default:
                pending.append(byte)
            }
        }
        return events
    }

    /// Ends the stream: an unterminated last line is still read, but an event not followed by a
    /// blank line is dropped, as the format requires.
    mutating func finish() -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        if !pending.isEmpty { endLine(into: &events) }
        return events
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) {
        var line = pending
        pending.removeAll(keepingCapacity: true)
        if atStart {
            atStart = false
            if line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
        }
        if line.isEmpty {
            if hasData { events.append(ServerSentEvent(type: type.isEmpty ? "message" : type, data: data.joined(separator: "\n"), id: lastID)) }
            data.removeAll()
            hasData = false
            type = ""
            return
        }
        if line.first == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = String(decoding: line[..<(colon ?? line.endIndex)], as: UTF8.self)
        var valueStart = colon.map { line.index(after: $0) } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = String(decoding: line[valueStart...], as: UTF8.self)
        switch field {
        case "data":
            data.append(value)
            hasData = true
        case "event":
            type = value
        case "id" where !value.contains("\0"):
            lastID = value
        default:
            break
        }
    }
}
