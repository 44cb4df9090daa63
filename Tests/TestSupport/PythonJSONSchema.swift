import Foundation

/// An independent validator for tests: Python `jsonschema` from the venv
/// `scripts/jsonschema-venv.sh` makes (`.ci/run` exports it as `COFFEESHOP_JSONSCHEMA_PYTHON`).
/// Reads `{"schema", "instance"}` JSON lines, prints one line per invalid instance and a last
/// line `checked N, invalid M`; exits 1 when any is invalid.
public enum PythonJSONSchema {
    public static let python = ProcessInfo.processInfo.environment["COFFEESHOP_JSONSCHEMA_PYTHON"]

    static let script = """
        import json, sys
        from jsonschema import validators
        checked = invalid = 0
        for number, line in enumerate(open(sys.argv[1], encoding="utf-8"), 1):
            pair = json.loads(line)
            checked += 1
            validator = validators.validator_for(pair["schema"])(pair["schema"])
            errors = list(validator.iter_errors(pair["instance"]))
            if errors:
                invalid += 1
                print(f"line {number}: {errors[0].message[:300]}")
        print(f"checked {checked}, invalid {invalid}")
        sys.exit(1 if invalid else 0)
        """

    /// Validates `lines` (each `{"schema": …, "instance": …}`) with `python`; the exit status
    /// and everything the script printed.
    public static func check(_ lines: [String], python: String) throws -> (status: Int32, report: String) {
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let (status, output) = try OutsideTool.run(python, arguments: ["-c", script], input: input, mergingErrors: true)
        return (status, String(decoding: output, as: UTF8.self))
    }
}
