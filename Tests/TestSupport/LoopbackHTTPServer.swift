import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 for client tests: each POST's body goes to `answer`,
/// whose status, headers and body are sent back (`Connection: close`); a GET is answered from
/// `pages` by its path (404 when it is not there). It can say anything — garbage, truncated
/// JSON, a schema-breaking reply, a stream cut short — which a real server would not.
public final class LoopbackHTTPServer: @unchecked Sendable {
    public struct Reply: Sendable {
        public var status: Int
        public var headers: [String: String]
        public var body: String

        public init(status: Int = 200, headers: [String: String] = [:], body: String) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    public let port: UInt16
    private let socket: Int32
    private let lock = NSLock()
    private var bodies: [String] = []
    private let answer: @Sendable (_ index: Int, _ body: String) -> Reply
    private let pages: [String: Reply]

    public var url: URL { URL(string: "http://127.0.0.1:\(port)")! }
    /// The bodies of the POST requests received so far, in order.
    public var received: [String] { lock.withLock { bodies } }

    public init(pages: [String: Reply] = [:], answer: @escaping @Sendable (_ index: Int, _ body: String) -> Reply) throws {
        let bound = try Self.bindAnyPort()
        guard listen(bound.socket, 16) == 0 else {
            close(bound.socket)
            throw POSIXError(.EADDRINUSE)
        }
        self.answer = answer
        self.pages = pages
        socket = bound.socket
        port = bound.port
        // The thread lives as long as the test process: it blocks in accept for the next request.
        Thread.detachNewThread { [self] in serve() }
    }

    /// A TCP socket bound to a free port of 127.0.0.1.
    private static func bindAnyPort() throws -> (socket: Int32, port: UInt16) {
        let listener = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let result = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            close(listener)
            throw POSIXError(.EADDRINUSE)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        return (listener, UInt16(bigEndian: address.sin_port))
    }

    /// A port on 127.0.0.1 that nothing listens on (bound for a moment, then released), so a
    /// connection to it is refused.
    public static func unusedPort() throws -> UInt16 {
        let probe = try LoopbackHTTPServer.bindAnyPort()
        close(probe.socket)
        return probe.port
    }

    private func serve() {
        while true {
            let connection = accept(socket, nil, nil)
            guard connection >= 0 else { return }
            let (requestLine, body) = readRequest(connection)
            let reply: Reply
            if requestLine.hasPrefix("GET ") {
                let path = String(requestLine.split(separator: " ").dropFirst().first ?? "")
                reply = pages[path] ?? Reply(status: 404, body: "not found")
            } else {
                let index = lock.withLock { bodies.append(body); return bodies.count - 1 }
                reply = answer(index, body)
            }
            var head = "HTTP/1.1 \(reply.status) Status\r\nContent-Length: \(reply.body.utf8.count)\r\nConnection: close\r\n"
            for (name, value) in reply.headers { head += "\(name): \(value)\r\n" }
            let bytes = Array((head + "\r\n" + reply.body).utf8)
            _ = bytes.withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(connection)
        }
    }

    /// The request line and the body of one request, read by its Content-Length.
    private func readRequest(_ connection: Int32) -> (line: String, body: String) {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            data += buffer[0..<count]
            guard let split = data.indices.dropLast(3).first(where: { data[$0] == 13 && data[$0 + 1] == 10 && data[$0 + 2] == 13 && data[$0 + 3] == 10 }) else { continue }
            let head = String(decoding: data[..<split], as: UTF8.self).lowercased()
            let line = String(decoding: data[..<split], as: UTF8.self).split(separator: "\r\n").first.map(String.init) ?? ""
            let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            if data.count - (split + 4) >= length { return (line, String(decoding: data[(split + 4)...], as: UTF8.self)) }
        }
        return ("", "")
    }
}
