import GuidedGeneration

/// Hands out each item once, however many calls race for them.
public actor Picker {
    private var remaining: [String]
    public init(items: [String]) { remaining = items }
    public func pick() -> String? { remaining.isEmpty ? nil : remaining.removeFirst() }
}

/// A stateful tool for the session tests: each call picks an item no call picked before.
public struct PickTool: Tool {
    public struct Arguments: Generable { let kind: String }
    let picker: Picker
    public let name = "pick"
    public let description = "Picks an item never picked before"

    public init(picker: Picker) { self.picker = picker }

    public func call(arguments: Arguments) async throws -> String {
        await picker.pick() ?? "Nothing is left to pick."
    }
}
