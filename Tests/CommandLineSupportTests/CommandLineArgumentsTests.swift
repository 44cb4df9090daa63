import Testing
import CommandLineSupport

/// The option parser both programs use: values inline or next, flags, `--`, and every usage error.
struct CommandLineArgumentsTests {
    static let options = [OptionSpec("--count", value: "N", help: "How many."), OptionSpec(flag: "--quiet", help: "No progress."),
                          OptionSpec(flag: "-h", help: "Help.")]

    @Test func valuesFlagsAndPositionals() throws {
        let parsed = try CommandLineArguments(parsing: ["--count", "3", "-", "--quiet", "-h", "--", "--count"], options: Self.options, maximumPositionals: 2)
        #expect(parsed.value("--count") == "3")
        #expect(parsed.flag("--quiet") && parsed.flag("-h"))
        #expect(parsed.positionals == ["-", "--count"])
        #expect(try parsed.integer("--count", default: 1, minimum: 1, requirement: "a positive integer") == 3)
        let inline = try CommandLineArguments(parsing: ["--count=-5"], options: Self.options, maximumPositionals: 0)
        #expect(inline.value("--count") == "-5")
        #expect(throws: UsageError("option '--count' must be a positive integer, got '-5'")) {
            try inline.integer("--count", default: 1, minimum: 1, requirement: "a positive integer")
        }
        let absent = try CommandLineArguments(parsing: [], options: Self.options, maximumPositionals: 0)
        #expect(try absent.integer("--count", default: 7, requirement: "a number") == 7)
        #expect(throws: UsageError("missing required option '--count'")) { try absent.requiredValue("--count") }
    }

    @Test func usageErrorsSayWhatIsWrong() {
        let cases: [([String], String)] = [
            (["--colour"], "unknown option '--colour'"),
            (["--count"], "option '--count' needs a value (N)"),
            (["--count", "--quiet"], "option '--count' needs a value (N)"),
            (["--count="], "option '--count' needs a value (N)"),
            (["--count", "1", "--count=2"], "option '--count' given more than once"),
            (["--quiet=yes"], "option '--quiet' takes no value"),
            (["a", "b"], "unexpected argument 'b'"),
        ]
        for (arguments, message) in cases {
            #expect(throws: UsageError(message), "\(arguments)") {
                try CommandLineArguments(parsing: arguments, options: Self.options, maximumPositionals: 1)
            }
        }
    }
}
