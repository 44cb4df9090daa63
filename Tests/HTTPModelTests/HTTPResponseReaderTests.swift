import Foundation
@testable import GuidedGeneration
@testable import HTTPModel
import RegexAutomata
import Testing

/// The HTTP/1.1 response reader behind `SocketHTTPConnection`: every body framing, read from
/// chunks of any size, gives the same head and body.
@Suite struct HTTPResponseReaderTests {
    static func read(_ text: String, seed: UInt64) throws -> (head: HTTPResponseReader.Head?, body: String, complete: Bool) {
        var random = SeededRandom(seed: seed)
        var reader = HTTPResponseReader()
        var head: HTTPResponseReader.Head?
        var body: [UInt8] = []
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let size = random.int(in: 1...max(1, min(bytes.count, 7)))
            let read = try reader.read(bytes.prefix(size))
            bytes = bytes.dropFirst(size)
            if let new = read.head {
                #expect(head == nil, "the head comes once")
                head = new
            }
            body += read.body
        }
        return (head, String(decoding: body, as: UTF8.self), reader.isComplete)
    }

    static let event = "data: {\"choices\": [{\"delta\": {\"content\": \"Hé\"}}]}\n\n"

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 11\r\n\r\n{\"a\": \"é\"}", "{\"a\": \"é\"}", true),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\ndata:\r\n\(String(Self.event.utf8.count - 5, radix: 16));ext=1\r\n\(Self.event.dropFirst(5))\r\n0\r\nX-Trailer: 1\r\n\r\n", Self.event, true),
        ("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 503 Busy\r\nRetry-After: 3\r\nContent-Length: 4\r\n\r\nbusy", "busy", true),
        ("HTTP/1.0 200 OK\r\nContent-Type: text/event-stream\r\n\r\n\(Self.event)\(Self.event)", Self.event + Self.event, false),
        ("HTTP/1.1 204 No Content\r\n\r\n", "", true),
    ])
    func everyFramingReadsTheSameInAnyChunks(response: String, body: String, complete: Bool) throws {
        for seed in 0..<300 as Range<UInt64> {
            let read = try Self.read(response, seed: seed)
            #expect(read.body == body && read.complete == complete)
        }
        #expect(try Self.read(response, seed: 1).head != nil)
    }

    @Test func anInterimResponseIsPassedOver() throws {
        #expect(try Self.read("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 503 Busy\r\nContent-Length: 0\r\n\r\n", seed: 2).head?.status == 503)
    }

    @Test func headersAreReadByLowerCasedName() throws {
        let head = try #require(try Self.read("HTTP/1.1 429 Too Many\r\nRetry-After:  7 \r\nContent-Length: 0\r\n\r\n", seed: 3).head)
        #expect(head == HTTPResponseReader.Head(status: 429, headers: ["retry-after": "7", "content-length": "0"]))
    }

    @Test(arguments: ["SMTP ready\r\n\r\n", "HTTP/1.1 abc OK\r\n\r\n", "HTTP/1.1 200 OK\r\nno colon here\r\n\r\n",
                      "HTTP/1.1 200 OK\r\nContent-Length: -3\r\n\r\n", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"])
    func malformedResponsesAreRefused(_ response: String) {
        #expect(throws: HTTPResponseReader.Malformed.self) { _ = try Self.read(response, seed: 0) }
    }
}
