import ConstrainedDecoding
import GuidedGeneration

/// Writes one instance of a schema through a server that decodes under a grammar, a value at a
/// time: the client renders what the matcher forces (keys, punctuation, the rest of a fixed
/// value) and asks the server, for each choice, to continue the JSON so far under a
/// `ContinuationGrammar` that allows exactly the values still valid there. Every byte the
/// server sends is read through the matcher as well, so a server that ignored its grammar can
/// cost a request but never make the text invalid.
struct PerValueWriter {
    let matcher: JSONMatcher
    /// The most requests one instance may take (a guard against a server that keeps stopping early).
    var requestLimit = 4000

    /// Why an instance could not be written.
    enum Problem: Error, CustomStringConvertible {
        /// The value at the pointer needs characters outside printable ASCII.
        case unsupported(pointer: String)
        /// The server's reply did not continue the text (it ignored the grammar, or sent nothing).
        case noProgress(pointer: String, reply: String)
        case tooManyRequests(Int)

        var description: String {
            switch self {
            case .unsupported(let pointer):
                return "the value at \(pointer.isEmpty ? "the root" : pointer) needs characters a per-value grammar does not offer (outside printable ASCII)"
            case .noProgress(let pointer, let reply):
                return reply.isEmpty ? "the server wrote nothing for the value at \(pointer.isEmpty ? "the root" : pointer)"
                    : "the server ignored the grammar for the value at \(pointer.isEmpty ? "the root" : pointer): it wrote \(reply.prefix(80))"
            case .tooManyRequests(let count): return "the instance was not finished after \(count) requests"
            }
        }
    }

    /// The instance's JSON text. `ask` sends the text so far and a grammar, and returns what the
    /// server wrote after it; `onText` sees the text each time it grows.
    func write(onText: ((String) -> Void)? = nil, ask: (_ prefix: String, _ grammar: String) async throws -> String) async throws -> String {
        var state = matcher.start()
        var text: [UInt8] = []
        var requests = 0
        while true {
            let forced = matcher.forcedBytes(in: state)
            for byte in forced {
                guard let next = matcher.advanced(state, by: byte) else { break }
                state = next
                text.append(byte)
            }
            guard matcher.canContinue(state) else { break }
            guard let grammar = ContinuationGrammar(matcher: matcher, from: state) else {
                throw Problem.unsupported(pointer: matcher.pointer(of: state))
            }
            guard requests < requestLimit else { throw Problem.tooManyRequests(requests) }
            requests += 1
            let reply = try await ask(String(decoding: text, as: UTF8.self), grammar.text)
            var taken = 0
            for byte in reply.utf8 {
                guard let next = matcher.advanced(state, by: byte) else { break }
                state = next
                text.append(byte)
                taken += 1
            }
            if taken == 0 {
                if matcher.isComplete(state) { break }
                throw Problem.noProgress(pointer: matcher.pointer(of: state), reply: reply)
            }
            onText?(String(decoding: text, as: UTF8.self))
        }
        return String(decoding: text, as: UTF8.self)
    }
}
