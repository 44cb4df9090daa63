/// Options that control how a model produces a response: the sampling mode, the temperature,
/// limits on the response's length and on tool calls, and whether tools may, must or must not
/// be called (`toolCallingMode`).
///
/// Every property is optional; `nil` leaves the choice to the model. Out-of-range values are
/// clamped rather than trapped on: a negative temperature becomes `0` (which samples greedily), a
/// `NaN` temperature becomes `nil`, and negative limits become `0`. With `.greedy`, or a random
/// mode with a seed, a response is the same on every run.
///
/// ```swift
/// let steady = GenerationOptions(samplingMode: .greedy)
/// let lively = GenerationOptions(samplingMode: .random(top: 40, seed: 7), temperature: 1.5)
/// let short = GenerationOptions(maximumResponseTokens: 60, maximumToolCalls: 2)
/// let lookUp = GenerationOptions(toolCallingMode: .required)
/// ```
public struct GenerationOptions: Sendable, Equatable {
    /// How the model picks among weighted choices; `nil` lets the model decide.
    public var samplingMode: SamplingMode?

    /// The name of `samplingMode` before Foundation Models 2026.
    @available(*, deprecated, renamed: "samplingMode")
    public var sampling: SamplingMode? {
        get { samplingMode }
        set { samplingMode = newValue }
    }

    /// Whether the model may (`nil`, `.allowed`), must (`.required`) or must not
    /// (`.disallowed`) call the session's tools.
    public var toolCallingMode: ToolCallingMode?

    private var storedTemperature: Double?
    private var storedMaximumResponseTokens: Int?
    private var storedMaximumToolCalls: Int?

    /// How sharp (below `1`) or flat (above `1`) the model's choices are; `0` is greedy.
    /// Negative values are clamped to `0`, and `NaN` to `nil`.
    public var temperature: Double? {
        get { storedTemperature }
        set { storedTemperature = Self.clamped(temperature: newValue) }
    }

    /// The most tokens a response may have; negative values are clamped to `0`.
    public var maximumResponseTokens: Int? {
        get { storedMaximumResponseTokens }
        set { storedMaximumResponseTokens = newValue.map { max(0, $0) } }
    }

    /// The most tool calls a single request may make; negative values are clamped to `0`.
    public var maximumToolCalls: Int? {
        get { storedMaximumToolCalls }
        set { storedMaximumToolCalls = newValue.map { max(0, $0) } }
    }

    /// Creates options; out-of-range values are clamped as the type's documentation describes.
    public init(
        samplingMode: SamplingMode? = nil,
        temperature: Double? = nil,
        maximumResponseTokens: Int? = nil,
        maximumToolCalls: Int? = nil,
        toolCallingMode: ToolCallingMode? = nil
    ) {
        self.samplingMode = samplingMode
        self.temperature = temperature
        self.maximumResponseTokens = maximumResponseTokens
        self.maximumToolCalls = maximumToolCalls
        self.toolCallingMode = toolCallingMode
    }

    /// The initializer's name before Foundation Models 2026.
    @available(*, deprecated, renamed: "init(samplingMode:temperature:maximumResponseTokens:maximumToolCalls:toolCallingMode:)")
    public init(sampling: SamplingMode?, temperature: Double? = nil, maximumResponseTokens: Int? = nil, maximumToolCalls: Int? = nil) {
        self.init(samplingMode: sampling, temperature: temperature, maximumResponseTokens: maximumResponseTokens, maximumToolCalls: maximumToolCalls)
    }

    private static func clamped(temperature: Double?) -> Double? {
        guard let temperature, !temperature.isNaN else { return nil }
        return max(0, temperature)
    }
}

extension GenerationOptions: Codable {
    /// `sampling` keeps its wire name, so transcripts saved before the rename still load.
    private enum CodingKeys: String, CodingKey {
        case samplingMode = "sampling", temperature, maximumResponseTokens, maximumToolCalls, toolCallingMode
    }

    /// Decodes options, clamping out-of-range values exactly as the initializer does.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            samplingMode: try container.decodeIfPresent(SamplingMode.self, forKey: .samplingMode),
            temperature: try container.decodeIfPresent(Double.self, forKey: .temperature),
            maximumResponseTokens: try container.decodeIfPresent(Int.self, forKey: .maximumResponseTokens),
            maximumToolCalls: try container.decodeIfPresent(Int.self, forKey: .maximumToolCalls),
            toolCallingMode: try container.decodeIfPresent(ToolCallingMode.self, forKey: .toolCallingMode)
        )
    }

    /// Encodes the options as a JSON object, leaving out the properties that are `nil`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(samplingMode, forKey: .samplingMode)
        try container.encodeIfPresent(temperature, forKey: .temperature)
        try container.encodeIfPresent(maximumResponseTokens, forKey: .maximumResponseTokens)
        try container.encodeIfPresent(maximumToolCalls, forKey: .maximumToolCalls)
        try container.encodeIfPresent(toolCallingMode, forKey: .toolCallingMode)
    }
}
