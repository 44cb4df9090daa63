extension StringFormat {
    /// A regular expression, anchored with `^…$`, for what the matcher accepts: exactly the
    /// format's valid strings where they form a regular language (dates with the real calendar,
    /// leap years included; times with any fraction and offset), otherwise the generation
    /// pattern. Always a superset of `generationPattern` and a subset of the valid strings.
    package var matchingPattern: String {
        switch self {
        case .date: "^\(Self.exactDate)$"
        case .time: "^\(Self.exactTime)$"
        case .dateTime: "^\(Self.exactDate)[Tt]\(Self.exactTime)$"
        default: generationPattern
        }
    }

    /// Every month with its own days, and 29 February only in leap years (divisible by 4, and
    /// centuries only when divisible by 400).
    private static let exactDate = #"(\d{4}-((0[13578]|1[02])-(0[1-9]|[12]\d|3[01])|(0[469]|11)-(0[1-9]|[12]\d|30)|02-(0[1-9]|1\d|2[0-8]))"#
        + #"|(\d\d(0[48]|[2468][048]|[13579][26])|([02468][048]|[13579][26])00)-02-29)"#
    /// Leap seconds (`:60`) are left out: whether one is valid depends on the offset's arithmetic.
    private static let exactTime = #"([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)"#
}
