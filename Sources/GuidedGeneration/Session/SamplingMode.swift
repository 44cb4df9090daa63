extension GenerationOptions {
    /// How a model picks among weighted choices: always the most likely one (`.greedy`), or at
    /// random among the `top` most likely (top-k), or among the fewest most likely whose
    /// probabilities add up to a threshold (top-p, nucleus sampling).
    ///
    /// A seed makes random sampling repeatable. Out-of-range values are clamped: `top` below `1`
    /// becomes `1`, and a threshold outside `0...1` (or `NaN`) becomes the nearest bound (`NaN`
    /// becomes `1`, no truncation).
    ///
    /// ```swift
    /// let exact = GenerationOptions.SamplingMode.greedy
    /// let varied = GenerationOptions.SamplingMode.random(top: 40, seed: 7)
    /// let nucleus = GenerationOptions.SamplingMode.random(probabilityThreshold: 0.9)
    /// ```
    public struct SamplingMode: Sendable, Equatable {
        /// Which way a mode draws, with its parameter: what a backend switches over to pass the
        /// mode on (a server's `top_k` or `top_p`, a sampler's truncation).
        ///
        /// ```swift
        /// switch options.samplingMode?.kind {
        /// case .top(let k)?: print("top-k", k)
        /// case .probabilityThreshold(let p)?: print("top-p", p)
        /// case .greedy?, nil: print("most likely")
        /// }
        /// ```
        public enum Kind: Sendable, Equatable {
            /// Always the most likely choice.
            case greedy
            /// At random among the `k` most likely choices (`k` ≥ 1).
            case top(Int)
            /// At random among the fewest most likely choices whose probabilities add up to this
            /// mass (within `0...1`).
            case probabilityThreshold(Double)
        }

        /// Which way this mode draws.
        public let kind: Kind
        /// The seed of a random draw (nil: unseeded, or greedy).
        public let seed: UInt64?

        private init(kind: Kind, seed: UInt64?) {
            self.kind = kind
            self.seed = seed
        }

        /// Whether this is `.greedy`.
        public var isGreedy: Bool { kind == .greedy }
        /// How many of the most likely choices a top-k draw keeps (nil for other modes).
        public var top: Int? { if case .top(let k) = kind { k } else { nil } }
        /// The probability mass a nucleus draw keeps (nil for other modes).
        public var probabilityThreshold: Double? { if case .probabilityThreshold(let p) = kind { p } else { nil } }

        /// Always picks the most likely choice (the first one on ties).
        public static let greedy = SamplingMode(kind: .greedy, seed: nil)

        /// Picks at random among the `top` most likely choices; `top` below `1` is clamped to `1`.
        public static func random(top: Int, seed: UInt64? = nil) -> SamplingMode {
            SamplingMode(kind: .top(max(1, top)), seed: seed)
        }

        /// Picks at random among the fewest most likely choices whose probabilities add up to
        /// `probabilityThreshold`, clamped to `0...1` (`NaN` becomes `1`).
        public static func random(probabilityThreshold: Double, seed: UInt64? = nil) -> SamplingMode {
            let threshold = probabilityThreshold.isNaN ? 1 : min(1, max(0, probabilityThreshold))
            return SamplingMode(kind: .probabilityThreshold(threshold), seed: seed)
        }
    }
}

extension GenerationOptions.SamplingMode: Codable {
    private enum CodingKeys: String, CodingKey {
        case kind, top, probabilityThreshold, seed
    }

    /// Decodes `{"kind": "greedy"}`, `{"kind": "top", "top": 40, "seed": 7}` or
    /// `{"kind": "probabilityThreshold", "probabilityThreshold": 0.9}`, clamping as the factory
    /// methods do; any other kind is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try container.decode(String.self, forKey: .kind)
        let seed = try container.decodeIfPresent(UInt64.self, forKey: .seed)
        switch kind {
        case "greedy":
            self = .greedy
        case "top":
            self = .random(top: try container.decode(Int.self, forKey: .top), seed: seed)
        case "probabilityThreshold":
            self = .random(probabilityThreshold: try container.decode(Double.self, forKey: .probabilityThreshold), seed: seed)
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container,
                debugDescription: "Unknown sampling mode \"\(kind)\"; expected greedy, top or probabilityThreshold")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch kind {
        case .greedy:
            try container.encode("greedy", forKey: .kind)
        case .top(let top):
            try container.encode("top", forKey: .kind)
            try container.encode(top, forKey: .top)
        case .probabilityThreshold(let threshold):
            try container.encode("probabilityThreshold", forKey: .kind)
            try container.encode(threshold, forKey: .probabilityThreshold)
        }
        try container.encodeIfPresent(seed, forKey: .seed)
    }
}
