import Foundation
import GuidedGeneration
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One HTTP/1.1 exchange with an `http://` server over a POSIX socket, on a thread of its own:
/// connect, send the request, and read the response as it arrives (`HTTPResponseReader`),
/// yielding its head and then its body bytes into a stream. It waits in `poll`, so a slow
/// server costs no CPU — swift-corelibs-foundation's `URLSession` spins at most of a core while
/// it waits on Linux, which on a small machine takes that core from a model server running
/// beside it. `timeout` bounds the connection and every wait for the next bytes.
package final class SocketHTTPConnection: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// Starts the exchange; the stream ends when the response is complete, and fails with a
    /// `Failure` (unreachable, timed out, malformed) or `CancellationError` after `cancel()`.
    static func start(_ request: URLRequest, timeout: TimeInterval,
                      into continuation: AsyncThrowingStream<StreamedBytes, any Error>.Continuation) -> SocketHTTPConnection {
        let connection = SocketHTTPConnection()
        Thread.detachNewThread {
            do {
                try connection.exchange(request, timeout: timeout, continuation)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return connection
    }

    func cancel() { cancelled.store(true, ordering: .relaxed) }

    /// The whole response to an `http://` request, its status and body, waited for in `poll`:
    /// for a benchmark or a test waiting on a server it measures, without taking its CPU.
    ///
    /// ```swift
    /// let (status, body) = try await SocketHTTPConnection.response(to: URLRequest(url: health), timeout: 3600)
    /// ```
    package static func response(to request: URLRequest, timeout: TimeInterval) async throws -> (status: Int, body: Data) {
        let (bytes, continuation) = AsyncThrowingStream<StreamedBytes, any Error>.makeStream()
        let connection = start(request, timeout: timeout, into: continuation)
        return try await withTaskCancellationHandler {
            var status = 0
            var body = Data()
            for try await chunk in bytes {
                switch chunk {
                case .response(let code, _): status = code
                case .data(let data): body.append(data)
                }
            }
            return (status, body)
        } onCancel: {
            connection.cancel()
        }
    }

    private typealias Failure = OpenAICompatibleModel.Failure

    private func exchange(_ request: URLRequest, timeout: TimeInterval,
                          _ continuation: AsyncThrowingStream<StreamedBytes, any Error>.Continuation) throws {
        let url = request.url!
        let place = url.absoluteString
        let descriptor = try openSocket(host: url.host ?? "127.0.0.1", port: url.port ?? 80, timeout: timeout, place: place)
        defer { close(descriptor) }
        try sendAll(Self.requestBytes(request), on: descriptor, timeout: timeout, place: place)
        var reader = HTTPResponseReader()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !reader.isComplete {
            try wait(for: Int16(POLLIN), on: descriptor, timeout: timeout, place: place)
            let count = recv(descriptor, &buffer, buffer.count, 0)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Failure.unreachable(place, reason: String(cString: strerror(errno)))
            }
            if count == 0 {
                guard reader.head != nil, reader.endsWithConnection else {
                    throw Failure.unreachable(place, reason: "the connection ended in the middle of the reply")
                }
                return
            }
            let read: (head: HTTPResponseReader.Head?, body: [UInt8])
            do {
                read = try reader.read(buffer[0..<count])
            } catch {
                throw Failure.malformedResponse("the server's HTTP is not understood: \(error.description)")
            }
            if let head = read.head { continuation.yield(.response(status: head.status, retryAfter: head.headers["retry-after"])) }
            if !read.body.isEmpty { continuation.yield(.data(Data(read.body))) }
        }
    }

    /// A non-blocking socket connected to `host:port` (the first address that answers).
    private func openSocket(host: String, port: Int, timeout: TimeInterval, place: String) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var addresses: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &addresses)
        guard resolved == 0, let first = addresses else {
            throw Failure.unreachable(place, reason: "cannot find the host \(host): \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(first) }
        var reason = "no address"
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else { continue }
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            if connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 { return descriptor }
            if errno == EINPROGRESS {
                do {
                    try wait(for: Int16(POLLOUT), on: descriptor, timeout: timeout, place: place)
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
                    if error == 0 { return descriptor }
                    reason = String(cString: strerror(error))
                } catch {
                    close(descriptor)
                    throw error
                }
            } else {
                reason = String(cString: strerror(errno))
            }
            close(descriptor)
        }
        throw Failure.unreachable(place, reason: reason)
    }

    private func sendAll(_ bytes: [UInt8], on descriptor: Int32, timeout: TimeInterval, place: String) throws {
        var sent = 0
        while sent < bytes.count {
            try wait(for: Int16(POLLOUT), on: descriptor, timeout: timeout, place: place)
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw Failure.unreachable(place, reason: String(cString: strerror(errno)))
            }
            sent += count
        }
    }

    /// Waits until the socket is ready for `events`, in slices of 100 ms so that a cancellation
    /// is seen; throws `timedOut` after `timeout` seconds without it.
    private func wait(for events: Int16, on descriptor: Int32, timeout: TimeInterval, place: String) throws {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        while true {
            if cancelled.load(ordering: .relaxed) { throw CancellationError() }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, 100)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw Failure.unreachable(place, reason: String(cString: strerror(errno))) }
            if DispatchTime.now().uptimeNanoseconds >= deadline { throw Failure.timedOut(place, seconds: timeout) }
        }
    }

    /// The request's bytes: its line, `Host`, its own headers, the body's length, and the body.
    private static func requestBytes(_ request: URLRequest) -> [UInt8] {
        let url = request.url!
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        let body = request.httpBody ?? Data()
        var head = "\(request.httpMethod ?? "GET") \(target) HTTP/1.1\r\nHost: \(url.host ?? "")\(url.port.map { ":\($0)" } ?? "")\r\n"
        for (name, value) in request.allHTTPHeaderFields ?? [:] where name.lowercased() != "content-length" {
            head += "\(name): \(value)\r\n"
        }
        head += "Accept: application/json, text/event-stream\r\nConnection: close\r\n"
        if request.httpMethod == "POST" || !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        return Array((head + "\r\n").utf8) + Array(body)
    }
}
