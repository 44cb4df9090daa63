import Foundation
import GuidedGeneration
import JSONSchema

/// A host's tool handler: user data, the tool's name, its arguments as JSON, and the call to
/// answer with `coffeeshop_tool_call_return_*` or `coffeeshop_tool_call_fail`.
public typealias ToolHandler = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, OpaquePointer?) -> Void

/// A streamed prompt's handler: user data and the reply so far.
public typealias SnapshotHandler = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void

/// What a `coffeeshop_session *` points to: the session's name in its context's engine, and the
/// host's tool handler with its user data.
final class SessionHandle {
    let context: EngineContext
    let name: String
    let handler: ToolHandler?
    let userData: UnsafeMutableRawPointer?

    init(context: EngineContext, name: String, handler: ToolHandler?, userData: UnsafeMutableRawPointer?) {
        self.context = context
        self.name = name
        self.handler = handler
        self.userData = userData
    }

    /// Runs the host's handler for one tool call on the calling thread and returns its answer.
    func runTool(_ tool: String, _ arguments: GeneratedContent) -> Result<GeneratedContent, EngineContext.ToolFailure> {
        guard let handler else { return .failure(.init(message: "the host gave this session no tool handler")) }
        let call = ToolCallAnswer()
        let callPointer = OpaquePointer(Unmanaged.passUnretained(call).toOpaque())
        tool.withCString { toolName in
            arguments.jsonString.withCString { json in handler(userData, toolName, json, callPointer) }
        }
        return call.outcome ?? .failure(.init(message: "the host's tool '\(tool)' gave no answer"))
    }
}

/// What a `coffeeshop_tool_call *` points to while the host's handler runs: its answer.
final class ToolCallAnswer {
    var outcome: Result<GeneratedContent, EngineContext.ToolFailure>?
}

/// Converting between C strings and Swift values at the boundary.
enum CBridge {
    /// The text at `pointer`, refused when the pointer is null or the bytes are not UTF-8.
    static func text(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(CallFailure) -> String {
        guard let pointer else { throw .argument("\(what) is a null pointer") }
        guard let text = String(validatingCString: pointer) else { throw .argument("\(what) is not UTF-8 text") }
        return text
    }

    /// Like `text`, but a null pointer is nil (an optional argument).
    static func optionalText(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(CallFailure) -> String? {
        guard pointer != nil else { return nil }
        return try text(pointer, what)
    }

    /// The JSON at `pointer`, parsed.
    static func json(_ pointer: UnsafePointer<CChar>?, _ what: String) throws(CallFailure) -> GeneratedContent {
        let text = try text(pointer, what)
        do {
            return try GeneratedContent(json: text)
        } catch {
            throw .argument("\(what) is not JSON: \(error)")
        }
    }

    /// `value` as a JSON number, exactly (a Double would round seeds above 2^53).
    static func number(_ value: UInt64) -> GeneratedContent {
        // A decimal integer literal always parses.
        (try? GeneratedContent(json: String(value))) ?? GeneratedContent(Double(value))
    }

    /// A copy of `text` the caller frees with `coffeeshop_string_free`.
    static func copy(_ text: String) -> UnsafeMutablePointer<CChar>? {
        strdup(text)
    }

    /// A reply as the host reads it: text as it is, structured content as JSON.
    static func reply(_ content: GeneratedContent, structured: Bool) -> String {
        if !structured, let text = content.stringValue { return text }
        return content.jsonString
    }
}
