import Foundation

/// An independent ECMA-262 regex engine for tests: Node.js (Debian's `nodejs`, installed by
/// `scripts/engine-tools.sh`; `.ci/run` exports its path as `COFFEESHOP_NODE`).
public enum NodeRegExp {
    public static let node = ProcessInfo.processInfo.environment["COFFEESHOP_NODE"]

    static let script = """
        const fs = require("fs");
        const cases = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
        const answers = cases.map(([pattern, input]) => new RegExp(pattern, "u").test(input));
        process.stdout.write(JSON.stringify(answers));
        """

    /// `new RegExp(pattern, "u").test(input)` for each case, in order.
    public static func test(_ cases: [(pattern: String, input: String)], node: String) throws -> [Bool] {
        let input = try JSONSerialization.data(withJSONObject: cases.map { [$0.pattern, $0.input] })
        let (status, data) = try OutsideTool.run(node, arguments: ["-e", script], input: input, mergingErrors: false)
        guard status == 0, let answers = try JSONSerialization.jsonObject(with: data) as? [Bool],
              answers.count == cases.count else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "node exited \(status) without one answer per case"])
        }
        return answers
    }
}
