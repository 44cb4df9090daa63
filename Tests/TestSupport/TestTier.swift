import Foundation

/// The suite's two tiers. `swift test` alone runs the fast tier: every module, with seeded case
/// counts sized to finish within minutes on two cores. `COFFEESHOP_INTEGRATION=1` adds the
/// integration tier: the full seeded counts, real models and servers, the engines' own tools,
/// outside validators, consumer packages and emulated CPUs. `COFFEESHOP_REQUIRE_INTEGRATION=1`
/// (which `.ci/run` sets) makes a missing prerequisite of that tier a failure instead of a skip.
public enum TestTier {
    static let environment = ProcessInfo.processInfo.environment

    /// Whether the integration tier runs.
    public static let integration = environment["COFFEESHOP_INTEGRATION"] == "1"

    /// Whether a missing integration prerequisite fails the run.
    public static let strict = environment["COFFEESHOP_REQUIRE_INTEGRATION"] == "1"

    /// `fast` in the fast tier, `full` in the integration tier: the number of seeded cases.
    public static func cases(fast: Int, full: Int) -> Int { integration ? full : fast }

    /// Every `stride`-th element in the fast tier (from the first), all of them in the integration tier.
    public static func sample<Element>(_ elements: [Element], fastStride stride: Int) -> [Element] {
        integration ? elements : elements.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
    }

    /// The reason an integration test gives when it is left out of the fast tier.
    public static let skipReason = "integration tier: set COFFEESHOP_INTEGRATION=1 (.ci/run does)"
}

/// Something an integration test needs from outside the package, with how to get it. Every
/// integration test's condition names one of these, so `IntegrationPrerequisiteTests` can fail
/// the strict run for each one that is missing.
public enum Prerequisite: String, CaseIterable, Sendable {
    case sharedData, model, llamaServer, llamaServerBinary, gemmaServer, jsonschemaPython, icalPython, numericsPython, node, valgrind, mono
    case engineTools, godot, qemu, mountNamespace

    static var environment: [String: String] { TestTier.environment }

    /// Whether it is here (and, for the integration tier's own, whether that tier runs).
    public var isAvailable: Bool {
        guard TestTier.integration || self == .sharedData else { return false }
        switch self {
        case .sharedData: return SharedData.isAvailable
        case .model: return Self.file("COFFEESHOP_MODEL")
        case .llamaServer: return Self.environment["COFFEESHOP_LLM_URL"] != nil && Self.file("COFFEESHOP_LLAMA_MODEL")
        case .llamaServerBinary: return Self.file("COFFEESHOP_LLAMA_SERVER") && Self.file("COFFEESHOP_LLAMA_MODEL")
        case .gemmaServer: return Self.environment["COFFEESHOP_GEMMA_URL"] != nil && Self.file("COFFEESHOP_GEMMA_MODEL")
        case .jsonschemaPython: return Self.file("COFFEESHOP_JSONSCHEMA_PYTHON")
        case .icalPython: return Self.file("COFFEESHOP_ICAL_PYTHON")
        case .numericsPython: return Self.file("COFFEESHOP_NUMERICS_PYTHON")
        case .node: return Self.file("COFFEESHOP_NODE")
        case .valgrind: return Self.command("valgrind")
        case .mono: return Self.command("mcs") && Self.command("mono")
        case .engineTools: return Self.file("COFFEESHOP_ENGINE_PYTHON") && FileManager.default.fileExists(atPath: SharedData.tools.path)
        case .godot: return Self.command("godot3-server")
        case .qemu: return Self.command("qemu-x86_64")
        case .mountNamespace: return getuid() == 0 && Self.command("unshare") && Self.command("strip")
        }
    }

    /// What to do to have it.
    public var howToGet: String {
        switch self {
        case .sharedData: return "../shared/data beside the repository"
        case .model: return "COFFEESHOP_MODEL=$(scripts/fetch-model.sh)"
        case .llamaServer, .llamaServerBinary: return "eval \"$(scripts/llama-server.sh start)\""
        case .gemmaServer: return "eval \"$(scripts/llama-server.sh start gemma3)\""
        case .jsonschemaPython: return "COFFEESHOP_JSONSCHEMA_PYTHON=$(scripts/jsonschema-venv.sh)"
        case .icalPython: return "COFFEESHOP_ICAL_PYTHON=$(scripts/ical-venv.sh)"
        case .numericsPython: return "COFFEESHOP_NUMERICS_PYTHON=$(scripts/numerics-venv.sh)"
        case .node, .engineTools, .mono, .valgrind, .godot: return "export the settings scripts/engine-tools.sh prints"
        case .qemu: return "apt-get install qemu-user (scripts/engine-tools.sh does)"
        case .mountNamespace: return "run as root with unshare (util-linux) and strip (binutils)"
        }
    }

    /// The skip message of a test that needs it.
    public var skipReason: String {
        TestTier.integration ? "\(rawValue) is missing: \(howToGet)" : TestTier.skipReason
    }

    /// Whether every one of `prerequisites` is here.
    public static func ready(_ prerequisites: Prerequisite...) -> Bool { prerequisites.allSatisfy(\.isAvailable) }

    /// The skip message of a test that needs `prerequisites`: the first one missing.
    public static func reason(_ prerequisites: Prerequisite...) -> String {
        prerequisites.first { !$0.isAvailable }?.skipReason ?? "ready"
    }

    /// Whether `name` is an executable on the `PATH`.
    public static func command(_ name: String) -> Bool {
        (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(name)")
        }
    }

    private static func file(_ key: String) -> Bool {
        guard let path = environment[key], !path.isEmpty else { return false }
        return FileManager.default.fileExists(atPath: path)
    }
}
