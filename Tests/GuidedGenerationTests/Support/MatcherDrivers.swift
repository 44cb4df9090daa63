import ConstrainedDecoding
@testable import GuidedGeneration
import RegexAutomata

/// A seeded walk that writes text by always picking an allowed byte, leaning towards ending the
/// text as it grows: the property that the matcher has no dead ends. Each step tries the bytes
/// in a random order and takes the first the matcher allows — a uniform pick among the allowed
/// ones without computing them all.
struct RandomWalker {
    let matcher: JSONMatcher

    enum Outcome {
        case complete([UInt8])
        /// No allowed byte although the text is not complete.
        case deadEnd([UInt8])
        /// Still going after `limit` bytes.
        case tooLong([UInt8])
    }

    /// Bytes that end things (strings, containers), tried first as the text grows.
    private static let closers: [UInt8] = Array("\"]}".utf8)
    /// Printable ASCII is tried before the rest, so strings stay mostly readable.
    private static let printable: [UInt8] = Array(0x20...0x7E)
    private static let others: [UInt8] = Array(0...0x1F) + Array(0x7F...0xFF)

    func walk(random: inout SeededRandom, limit: Int = 1_500) -> Outcome {
        var state = matcher.start()
        var text: [UInt8] = []
        while text.count < limit {
            let eagerness = min(0.95, Double(text.count) / 300)
            if matcher.isComplete(state) && random.chance(0.3 + eagerness) { return .complete(text) }
            var order = random.chance(eagerness) ? random.shuffled(Self.closers) : []
            var rest = random.shuffled(Self.printable) + random.shuffled(Self.others)
            // Past a few hundred bytes, open no new container unless nothing else is allowed.
            if text.count > 300 {
                rest = rest.filter { $0 != UInt8(ascii: "[") && $0 != UInt8(ascii: "{") } + Array("[{".utf8)
            }
            order += rest
            guard let (byte, next) = order.lazy.compactMap({ byte in matcher.advanced(state, by: byte).map { (byte, $0) } }).first else {
                return matcher.isComplete(state) ? .complete(text) : .deadEnd(text)
            }
            state = next
            text.append(byte)
        }
        return matcher.isComplete(state) ? .complete(text) : .tooLong(text)
    }
}
