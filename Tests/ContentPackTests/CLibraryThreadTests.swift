#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GuidedGeneration
import Testing
@testable import CoffeeShopC
import JSONSchema

/// The C library's shared state under many threads: each thread's last error lives only as long
/// as the thread, and a call's mailbox takes events from many threads in each one's order.
@Suite struct CLibraryThreadTests {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Runs `body` on a new thread and returns once that thread has exited.
    static func onExitingThread(_ body: @escaping () -> Void) {
        let argument = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, nil, { raw in
            let pointer: UnsafeMutableRawPointer? = raw
            Unmanaged<Body>.fromOpaque(pointer!).takeRetainedValue().run()
            return nil
        }, argument)
        precondition(status == 0, "pthread_create failed: \(status)")
        #if canImport(Darwin)
        pthread_join(thread!, nil)
        #else
        pthread_join(thread, nil)
        #endif
    }

    @Test func aThreadsLastErrorGoesWhenTheThreadExits() {
        let errors = ThreadErrors()
        errors.record("the caller's")
        for index in 0..<8 {
            Self.onExitingThread {
                #expect(errors.current() == nil)
                errors.record("first of \(index)")
                errors.record("second of \(index)")
                #expect(errors.current().map { String(cString: $0) } == "second of \(index)")
                #expect(errors.count == 2)
            }
            #expect(errors.count == 1)
        }
        #expect(errors.current().map { String(cString: $0) } == "the caller's")
        // A map released before its thread exits is simply passed over.
        Self.onExitingThread { ThreadErrors().record("gone") }
    }

    @Test func aMailboxKeepsEachPostersOrder() {
        let mailbox = CallMailbox()
        let (posters, each) = (4, 50)
        for poster in 0..<posters {
            Thread.detachNewThread {
                for k in 0..<each { mailbox.post(.snapshot(GeneratedContent(poster * 1000 + k))) }
            }
        }
        var received = Array(repeating: [Int](), count: posters)
        for _ in 0..<(posters * each) {
            guard case .snapshot(let content) = mailbox.next(), let number = content.numberValue else {
                Issue.record("an event that was not posted")
                return
            }
            received[Int(number) / 1000].append(Int(number) % 1000)
        }
        #expect(received == Array(repeating: Array(0..<each), count: posters))
    }
}
