import JSONSchema

/// An incremental acceptor for a schema's instances as JSON text: at every byte it says which
/// bytes may come next so that the text can still end as a valid instance — what a language
/// model's decoder needs to stay valid by construction, token by token.
///
/// The matcher walks the same compiled plan the constructive generator walks, so it enforces
/// every keyword the importer accepts (`uniqueItems`, `contains` counts, `oneOf`, `not`,
/// `if`/`then`/`else`, patterns, formats, exact number bounds and steps …). It is *sound*: a byte
/// is allowed only if some valid instance continues the text, so a writer that always picks an
/// allowed byte and stops only when `isComplete` holds always ends with a valid instance. Its
/// text is compact JSON: no white space, object properties in declaration order (as
/// Foundation Models generates them) followed by any extra keys, strings escaped the way the
/// library writes them. `State` is a small value: copy it to branch or roll back.
///
/// A text can have several readings at once (one per live `anyOf`/`oneOf` branch); the matcher
/// follows at most `maximumReadings` of them. Deeply nested alternatives can exceed that, and the
/// matcher then keeps the first ones: it stays sound and free of dead ends, but may refuse a few
/// valid texts that only a dropped reading would have accepted (`State.droppedReadings` tells).
///
/// ```swift
/// let schema = try GenerationSchema(jsonSchema: #"""
///     {"type": "object", "properties": {"level": {"type": "integer", "maximum": 5}},
///      "required": ["level"], "additionalProperties": false}
///     """#)
/// let matcher = schema.matcher
/// var state = matcher.start()
/// try matcher.advance(&state, by: Array(#"{"level":"#.utf8))
/// matcher.allowedBytes(in: state)      // the digits 0–5 and '-'
/// try matcher.advance(&state, by: UInt8(ascii: "3"))
/// matcher.forcedBytes(in: state)       // "}" — the only way on
/// ```
public struct JSONMatcher: Sendable {
    package let tables: MatcherTables

    package init(tables: MatcherTables) {
        self.tables = tables
    }

    /// Every reading of the text so far that can still become a valid instance.
    public struct State: Sendable, Hashable {
        package var threads: [MatchThread]
        /// How many bytes the state has read.
        public private(set) var offset: Int
        /// Whether some reading was dropped on the way for exceeding `maximumReadings`.
        public private(set) var droppedReadings: Bool

        package init(threads: [MatchThread], offset: Int, droppedReadings: Bool = false) {
            self.threads = threads
            self.offset = offset
            self.droppedReadings = droppedReadings
        }

        /// The same state, having read one more byte.
        fileprivate func advanced(to threads: [MatchThread], dropping: Bool) -> State {
            State(threads: threads, offset: offset + 1, droppedReadings: droppedReadings || dropping)
        }
    }

    /// Text that leaves the schema: where, which byte, and the JSON Pointer of the value it was in.
    public struct Mismatch: Error, Sendable, Equatable, CustomStringConvertible {
        /// The offset of the offending byte in the text.
        public let offset: Int
        public let byte: UInt8
        /// The JSON Pointer of the innermost value being read ("" for the root).
        public let pointer: String
        /// The bytes that would have been accepted there.
        public let expected: ByteSet

        public var description: String { description(offset: offset) }

        /// The description with the byte's offset counted from elsewhere (say, a whole input
        /// with white space before the text).
        public func description(offset: Int) -> String {
            let shown = (0x21...0x7E).contains(byte) ? "'\(UnicodeScalar(byte))'" : "byte 0x" + String(byte, radix: 16, uppercase: true)
            let place = pointer.isEmpty ? "the root" : pointer
            let hint = expected.isEmpty ? "the text was already complete" : "expected one of \(expected)"
            return "\(shown) at byte \(offset) leaves the schema at \(place) (\(hint))"
        }
    }

    /// The most readings of one text the matcher follows at once.
    public static let maximumReadings = 256

    /// The state before any text.
    public func start() -> State {
        State(threads: [MatchThread(pending: Int32(tables.plan.root))], offset: 0)
    }

    /// Reads one byte. Throws `Mismatch` (leaving `state` as it was) when no valid instance
    /// continues the text with it.
    public func advance(_ state: inout State, by byte: UInt8) throws(Mismatch) {
        guard let next = advanced(state, by: byte) else {
            throw Mismatch(offset: state.offset, byte: byte, pointer: pointer(of: state), expected: allowedBytes(in: state))
        }
        state = next
    }

    /// Reads several bytes, stopping at the first that does not fit (`state` then holds the
    /// text before it).
    public func advance<Bytes: Sequence>(_ state: inout State, by bytes: Bytes) throws(Mismatch) where Bytes.Element == UInt8 {
        for byte in bytes { try advance(&state, by: byte) }
    }

    /// The state after `byte`, or nil when no valid instance continues the text with it.
    public func advanced(_ state: State, by byte: UInt8) -> State? {
        var next: [MatchThread] = []
        for thread in state.threads where next.count < 4 * Self.maximumReadings {
            tables.advance(thread, byte, into: &next)
        }
        guard !next.isEmpty else { return nil }
        if next.count > 1 { next = Self.removingDuplicates(next) }
        let dropping = next.count > Self.maximumReadings
        if dropping { next.removeSubrange(Self.maximumReadings...) }
        return state.advanced(to: next, dropping: dropping)
    }

    /// The bytes that keep a valid completion possible; empty when the text is complete and
    /// nothing may follow.
    public func allowedBytes(in state: State) -> ByteSet {
        var allowed = ByteSet()
        var scratch: [MatchThread] = []
        for thread in state.threads {
            for byte in Self.candidates(for: thread) where !allowed.contains(byte) {
                scratch.removeAll(keepingCapacity: true)
                tables.advance(thread, byte, into: &scratch)
                if !scratch.isEmpty { allowed.insert(byte) }
            }
        }
        return allowed
    }

    /// Whether the text is a whole valid instance (a writer may stop here).
    public func isComplete(_ state: State) -> Bool {
        state.threads.contains { tables.isComplete($0) }
    }

    /// Whether some byte may still follow.
    public func canContinue(_ state: State) -> Bool {
        !allowedBytes(in: state).isEmpty
    }

    /// The bytes that are the only way on from `state` — keys, punctuation, the rest of a fixed
    /// value — so a model can skip sampling them. Empty when there is a choice (or the text may
    /// end here).
    public func forcedBytes(in state: State, limit: Int = 4096) -> [UInt8] {
        var forced: [UInt8] = []
        var current = state
        while forced.count < limit, !isComplete(current), let byte = allowedBytes(in: current).single,
              let next = advanced(current, by: byte) {
            forced.append(byte)
            current = next
        }
        return forced
    }

    /// The JSON Pointer of the innermost value the state is reading.
    package func pointer(of state: State) -> String {
        guard let thread = state.threads.first else { return "" }
        var pointer = ""
        for frame in thread.frames {
            switch frame {
            case .array(let array):
                if array.phase != .afterItem { pointer = JSONPointer.append(pointer, Int(array.count)) }
            case .object(let object):
                if object.phase == .afterKey || object.phase == .inValue {
                    pointer = JSONPointer.append(pointer, String(decoding: object.key, as: UTF8.self))
                }
            }
        }
        return pointer
    }

    /// The bytes worth trying from a reading: inside strings any byte may do; elsewhere only
    /// JSON's structural and number bytes.
    private static func candidates(for thread: MatchThread) -> [UInt8] {
        switch thread.leaf {
        case .string, .key: return anyByte
        case .literal: return anyByte
        case .number: return numberOrStructural
        case .none: return structural
        }
    }

    /// The bytes worth trying from `state`, or nil when any byte may do: a cheap filter for
    /// walks that would otherwise step every byte.
    package func candidateBytes(in state: State) -> ByteSet? {
        var set = ByteSet()
        for thread in state.threads {
            switch thread.leaf {
            case .string(let cursor):
                guard let bytes = cursor.decoder.nextBytes else { return nil }
                set.formUnion(bytes)
            case .key(let cursor):
                guard let bytes = cursor.decoder.nextBytes else { return nil }
                set.formUnion(bytes)
            case .literal(let cursor):
                // The rest of a value's text, or after a whole one what encloses it.
                let node = tables.choices[Int(cursor.node)]!.nodes[Int(cursor.trieNode)]
                for child in node.children { set.insert(child.byte) }
                if node.terminal { set.formUnion(Self.structuralSet) }
            case .number: set.formUnion(Self.numberOrStructuralSet)
            case .none: set.formUnion(Self.structuralSet)
            }
        }
        return set
    }

    private static let anyByte: [UInt8] = Array(0...255)
    private static let structural: [UInt8] = Array("{}[],:\"-0123456789tfn".utf8)
    private static let numberOrStructural: [UInt8] = Array("0123456789.-,]}".utf8)
    private static let structuralSet = ByteSet(structural)
    private static let numberOrStructuralSet = ByteSet(numberOrStructural)

    private static func removingDuplicates(_ threads: [MatchThread]) -> [MatchThread] {
        var seen = Set<MatchThread>()
        return threads.filter { seen.insert($0).inserted }
    }
}
