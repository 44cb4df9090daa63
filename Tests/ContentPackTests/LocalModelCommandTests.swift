import Foundation
import GuidedGeneration
import JSONSchema
import TestSupport
import Testing

private let modelPath = ProcessInfo.processInfo.environment["COFFEESHOP_MODEL"]

/// `--model FILE.gguf` as a user runs it: SmolLM2 in process writes packs that are valid with
/// no fallback (checked by our validator and by Python `jsonschema`), the same for a seed, and
/// plays the game; a bad model file or flag is one line and a non-zero status.
@Suite(.serialized)
struct LocalModelCommandTests {
    @Test("a model flag that does not fit is a usage error", arguments: [
        (["export", "--kind", "npc", "--threads", "2"], "--threads goes with a GGUF model file"),
        (["export", "--kind", "npc", "--model", "x.gguf", "--model-name", "m"], "not a model file"),
        (["generate", "--schema", "s.json", "--prompt", "hi"], "--prompt goes with --model"),
    ])
    func usageErrors(arguments: [String], message: String) throws {
        let result = try ContentPackProcess.run(arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
    }

    @Test func aMissingOrDamagedModelFileIsOneLine() throws {
        let directory = try TemporaryDirectory()
        let damaged = try directory.write("GGUF but not really\n", to: "broken.gguf")
        for path in [damaged, directory.url.appendingPathComponent("absent.gguf").path] {
            let export = try ContentPackProcess.run(["export", "--kind", "npc", "--count", "1", "--model", path])
            #expect(export.status == 1 && export.errorLines.count == 1 && export.errors.contains((path as NSString).lastPathComponent), "\(export.errors)")
            #expect(export.output.isEmpty)
            let game = try ContentPackProcess.run(["--model", path], input: Data("quit\n".utf8), binary: "coffeeshop")
            #expect(game.status == 1 && game.errorLines.count == 1 && game.errors.contains("cannot run"), "\(game.errors)")
        }
        #expect(try String(contentsOfFile: damaged, encoding: .utf8) == "GGUF but not really\n")
    }

    @Test(.enabled(if: Prerequisite.ready(.model), Comment(rawValue: Prerequisite.reason(.model))))
    func packsFromTheLocalModelAreValidWithNoFallbackAndRepeatForASeed() async throws {
        try await MachineTurns.exclusively {
            let model = try #require(modelPath)
            let folder = try TemporaryDirectory()
            let pack = folder.url.appendingPathComponent("pack").path + "/"
            var checked: [(schema: String, instance: String)] = []
            for (kind, count) in [("npc", 6), ("riddle", 4), ("dialog", 2)] {
                let result = try ContentPackProcess.run(["export", "--kind", kind, "--count", String(count), "--seed", "5", "--out", pack,
                                                         "--model", model, "--threads", "2", "--quiet"])
                #expect(result.status == 0, "\(result.errors)")
                #expect(result.errors.isEmpty)
                let schemaText = try ContentPackProcess.run(["schema", kind]).output
                let schema = try GenerationSchema(jsonSchema: try GeneratedContent(json: schemaText))
                let lines = try String(contentsOfFile: pack + "\(kind).jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
                #expect(lines.count == count)
                for line in lines {
                    #expect(schema.violations(of: try GeneratedContent(json: line)).isEmpty, "\(line)")
                    checked.append((schemaText, line))
                }
                if kind == "npc" {
                    // Item k alone (--only) is the same bytes as item k of the whole pack.
                    let alone = try ContentPackProcess.run(["export", "--kind", kind, "--count", String(count), "--seed", "5", "--only", String(count - 1),
                                                            "--model", model, "--threads", "2"])
                    #expect(alone.outputLines == [lines[count - 1]])
                }
                let manifest = try GeneratedContent(json: try String(contentsOfFile: pack + "manifest.json", encoding: .utf8))
                #expect(manifest["options"]?["modelFile"]?.stringValue == (model as NSString).lastPathComponent)
                #expect(manifest["options"]?["modelSHA256"]?.stringValue?.count == 64)
                #expect(manifest["options"]?["modelBytes"]?.stringValue == String((try FileManager.default.attributesOfItem(atPath: model)[.size] as? Int) ?? -1))
            }
            if let python = PythonJSONSchema.python {
                let lines = try checked.map { pair in
                    GeneratedContent(properties: [("schema", try GeneratedContent(json: pair.schema)), ("instance", try GeneratedContent(json: pair.instance))]).jsonString
                }
                let (status, report) = try PythonJSONSchema.check(lines, python: python)
                #expect(status == 0 && report.contains("invalid 0"), "\(report)")
            } else {
                print("skipped the Python check: set COFFEESHOP_JSONSCHEMA_PYTHON (scripts/jsonschema-venv.sh prints one)")
            }
        }
    }

    @Test(.enabled(if: Prerequisite.ready(.model), Comment(rawValue: Prerequisite.reason(.model))))
    func theGameIsPlayedOnTheLocalModel() async throws {
        try await MachineTurns.exclusively {
            let model = try #require(modelPath)
            let saves = try TemporaryDirectory()
            let script = ["talk barista", "what do you recommend?", "bye", "go riddle corner", "riddle", "1", "score", "quit"]
            let result = try ContentPackProcess.run(["--seed", "1", "--today", "2026-11-28", "--saves-dir", saves.url.path, "--model", model, "--threads", "2"],
                                                    input: Data((script.joined(separator: "\n") + "\n").utf8), binary: "coffeeshop")
            #expect(result.status == 0, "\(result.errors)")
            #expect(result.errors.isEmpty, "\(result.errors)")
            let output = result.output
            #expect(output.components(separatedBy: "\nJuno: ").count == 2, "the barista answered:\n\(output)")
            #expect(!output.contains("Juno: {"), "the barista speaks, not JSON:\n\(output)")
            #expect(["The door chimes", "shakes off the rain", "A gust of cold air", "wanders in"].contains(where: output.contains),
                    "a customer the model made came in:\n\(output)")
            #expect(!output.contains("Something went wrong"), "\(output)")
            #expect(!output.contains("speaks for it"), "every line came from the model, none from the fallback:\n\(output)")
            #expect(output.contains("1. ") && output.contains("2. ") && output.contains("3. "), "a riddle with numbered answers:\n\(output)")
            #expect(output.contains("Saved as 'autosave'."))
        }
    }

    @Test(.enabled(if: Prerequisite.ready(.model), Comment(rawValue: Prerequisite.reason(.model))))
    func serveTakesAModelPerRequest() async throws {
        try await MachineTurns.exclusively {
            let model = try #require(modelPath)
            let requests = [
                GeneratedContent(properties: [("id", GeneratedContent(1)), ("method", GeneratedContent("generate")), ("params", GeneratedContent(properties: [
                    ("kind", GeneratedContent("riddle")), ("seed", GeneratedContent(3)), ("model", GeneratedContent(model)),
                ]))]).jsonString,
                #"{"id": 2, "method": "generate", "params": {"kind": "riddle", "model": "/nowhere/absent.gguf"}}"#,
                #"{"id": 3, "method": "generate", "params": {"kind": "riddle", "model": 5}}"#,
                #"{"id": 4, "method": "generate", "params": {"kind": "riddle", "model": "procedural"}}"#,
            ]
            let result = try ContentPackProcess.run(["serve", "--stdio"], input: Data((requests.joined(separator: "\n") + "\n").utf8))
            #expect(result.status == 0, "\(result.errors)")
            var answers: [Int: GeneratedContent] = [:]
            for line in result.outputLines {
                let answer = try GeneratedContent(json: line)
                answers[Int(answer["id"]?.numberValue ?? -1)] = answer
            }
            let riddleSchema = try GenerationSchema(jsonSchema: try GeneratedContent(json: try ContentPackProcess.run(["schema", "riddle"]).output))
            let riddle = try #require(answers[1]?["result"]?["items"]?.elements?.first, "\(result.output)")
            #expect(riddleSchema.isValid(riddle))
            #expect(answers[2]?["error"]?["code"]?.numberValue == -32602)
            #expect(answers[2]?["error"]?["message"]?.stringValue?.contains("absent.gguf") == true, "\(result.output)")
            #expect(answers[3]?["error"]?["code"]?.numberValue == -32602)
            #expect(answers[4]?["result"]?["items"]?.elements?.count == 1)
        }
    }

    @Test(.enabled(if: Prerequisite.ready(.model), Comment(rawValue: Prerequisite.reason(.model))))
    func generateWritesValidInstancesOfAnySchemaWithTheModel() async throws {
        try await MachineTurns.exclusively {
            let model = try #require(modelPath)
            let folder = try TemporaryDirectory()
            let schemaText = #"""
                {"type": "object", "properties": {"drink": {"type": "string", "pattern": "^[a-z]+( [a-z]+)?$", "maxLength": 20},
                 "shots": {"type": "integer", "minimum": 1, "maximum": 4}, "tags": {"type": "array", "items": {"enum": ["hot", "sweet", "strong", "iced"]},
                 "uniqueItems": true, "minItems": 2, "maxItems": 3}}, "required": ["drink", "shots", "tags"], "additionalProperties": false}
                """#
            let schemaFile = try folder.write(schemaText, to: "drink.json")
            let arguments = ["generate", "--schema", schemaFile, "--count", "1", "--seed", "9", "--model", model, "--threads", "2"]
            let result = try ContentPackProcess.run(arguments)
            #expect(result.status == 0, "\(result.errors)")
            let schema = try GenerationSchema(jsonSchema: schemaText)
            #expect(result.outputLines.count == 1)
            for line in result.outputLines { #expect(schema.violations(of: try GeneratedContent(json: line)).isEmpty, "\(line)") }
            #expect(try ContentPackProcess.run(arguments).output == result.output)
        }
    }
}
