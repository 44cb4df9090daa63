/// The age generation a person belongs to, by birth year, as the Pew Research Center draws the
/// lines:
///
/// | Case | Born |
/// |---|---|
/// | `babyBoomers` | 1946–1964 |
/// | `genX` | 1965–1980 |
/// | `millennial` | 1981–1996 |
/// | `genZ` | 1997–2012 |
///
/// Anyone born outside 1946–2012 belongs to none of them. The raw values are what tools and
/// JSON files use.
///
/// ```swift
/// AgeGeneration(birthYear: 1980)          // .genX
/// AgeGeneration(birthYear: 1981)          // .millennial
/// AgeGeneration.genZ.birthYears           // 1997...2012
/// ```
public enum AgeGeneration: String, CaseIterable, Codable, Sendable {
    case babyBoomers
    case genX
    case millennial
    case genZ

    /// The birth years the generation spans, both ends included.
    public var birthYears: ClosedRange<Int> {
        switch self {
        case .babyBoomers: 1946...1964
        case .genX: 1965...1980
        case .millennial: 1981...1996
        case .genZ: 1997...2012
        }
    }

    /// The generation of someone born in `birthYear`, or nil outside 1946–2012.
    public init?(birthYear: Int) {
        guard let generation = AgeGeneration.allCases.first(where: { $0.birthYears.contains(birthYear) }) else { return nil }
        self = generation
    }

    /// The generation as people say it: "Baby Boomer", "Gen X", "Millennial", "Gen Z".
    public var displayName: String {
        switch self {
        case .babyBoomers: "Baby Boomer"
        case .genX: "Gen X"
        case .millennial: "Millennial"
        case .genZ: "Gen Z"
        }
    }
}
