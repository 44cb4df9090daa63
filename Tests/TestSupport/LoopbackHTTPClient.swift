import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One HTTP/1.1 exchange with a server on 127.0.0.1, on a blocking socket: the calling thread
/// sleeps in the kernel until the answer comes, so a benchmark waiting for a server it measures
/// takes no CPU from it (URLSession busy-waits on Linux), and no deadline fires however loaded
/// the machine is. `Connection: close`: the body is everything after the head.
public enum LoopbackHTTPClient {
    /// The status and body of `GET path` (`body` nil) or `POST path` with a JSON `body`; nil
    /// when nothing answers on `port` or the answer is not HTTP.
    public static func exchange(port: UInt16, path: String, body: Data? = nil) -> (status: Int, body: Data)? {
        let connection = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard connection >= 0 else { return nil }
        defer { close(connection) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(connection, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        var head = "\(body == nil ? "GET" : "POST") \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
        if let body { head += "Content-Type: application/json\r\nContent-Length: \(body.count)\r\n" }
        let request = Array((head + "\r\n").utf8) + Array(body ?? Data())
        var sent = 0
        while sent < request.count {
            let count = request[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return nil }
            sent += count
        }
        var answer = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(connection, &buffer, buffer.count, 0)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        guard let split = answer.indices.dropLast(3).first(where: { answer[$0...$0 + 3].elementsEqual([13, 10, 13, 10]) }),
              let statusLine = String(decoding: answer[..<split], as: UTF8.self).split(separator: "\r\n").first,
              let status = statusLine.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return (status, Data(answer[(split + 4)...]))
    }
}
