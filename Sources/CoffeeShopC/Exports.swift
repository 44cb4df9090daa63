import Foundation
import GuidedGeneration
import JSONSchema

// The C functions declared in include/coffeeshop.h. Each checks its pointers and text, turns
// every Swift error into a status code and the context's last error, and never lets one cross
// the boundary.

/// The version of the C interface this library implements (`COFFEESHOP_ABI_VERSION`).
@_cdecl("coffeeshop_abi_version")
public func coffeeshopABIVersion() -> UInt32 { 1 }

@_cdecl("coffeeshop_context_create")
public func coffeeshopContextCreate(_ contentDirectory: UnsafePointer<CChar>?, _ model: UnsafePointer<CChar>?,
                                    _ outContext: UnsafeMutablePointer<OpaquePointer?>?,
                                    _ outError: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    outError?.pointee = nil
    do throws(CallFailure) {
        guard let outContext else { throw .argument("out_context is a null pointer") }
        outContext.pointee = nil
        let directory = try CBridge.optionalText(contentDirectory, "content_dir")
        let modelName = try CBridge.optionalText(model, "model")
        let context = try EngineContext(contentDirectory: directory, model: modelName == "procedural" ? nil : modelName)
        outContext.pointee = OpaquePointer(Unmanaged.passRetained(context).toOpaque())
        return CallFailure.ok
    } catch {
        outError?.pointee = CBridge.copy(error.message)
        return error.status
    }
}

@_cdecl("coffeeshop_context_destroy")
public func coffeeshopContextDestroy(_ context: OpaquePointer?) {
    guard let context else { return }
    Unmanaged<EngineContext>.fromOpaque(UnsafeRawPointer(context)).release()
}

@_cdecl("coffeeshop_last_error")
public func coffeeshopLastError(_ context: OpaquePointer?) -> UnsafePointer<CChar>? {
    guard let context else { return nil }
    return engine(context).lastError()
}

@_cdecl("coffeeshop_string_free")
public func coffeeshopStringFree(_ text: UnsafeMutablePointer<CChar>?) {
    free(text)
}

@_cdecl("coffeeshop_generate")
public func coffeeshopGenerate(_ context: OpaquePointer?, _ kind: UnsafePointer<CChar>?, _ seed: UInt64, _ count: Int32,
                               _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    guarded(context, outJSON) { engine throws(CallFailure) in
        let kind = try CBridge.text(kind, "kind")
        return try items(engine, [("kind", GeneratedContent(kind)), ("seed", CBridge.number(seed)), ("count", GeneratedContent(Int(count)))])
    }
}

@_cdecl("coffeeshop_generate_schema")
public func coffeeshopGenerateSchema(_ context: OpaquePointer?, _ schema: UnsafePointer<CChar>?, _ seed: UInt64, _ count: Int32,
                                     _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    guarded(context, outJSON) { engine throws(CallFailure) in
        let document = try CBridge.json(schema, "schema_json")
        return try items(engine, [("schema", document), ("seed", CBridge.number(seed)), ("count", GeneratedContent(Int(count)))])
    }
}

@_cdecl("coffeeshop_session_open")
public func coffeeshopSessionOpen(_ context: OpaquePointer?, _ instructions: UnsafePointer<CChar>?, _ seed: UInt64,
                                  _ tools: UnsafePointer<CChar>?, _ handler: ToolHandler?, _ userData: UnsafeMutableRawPointer?,
                                  _ outSession: UnsafeMutablePointer<OpaquePointer?>?) -> Int32 {
    guarded(context, outSession) { engine throws(CallFailure) in
        var params: [(String, GeneratedContent)] = [("seed", CBridge.number(seed))]
        if let text = try CBridge.optionalText(instructions, "instructions") { params.append(("instructions", GeneratedContent(text))) }
        if tools != nil { params.append(("tools", try CBridge.json(tools, "tools_json"))) }
        let result = try engine.call("session.open", params)
        guard let name = result["session"]?.stringValue else { throw CallFailure(status: CallFailure.generationFailed, message: "the engine named no session") }
        let session = SessionHandle(context: engine, name: name, handler: handler, userData: userData)
        return OpaquePointer(Unmanaged.passRetained(session).toOpaque())
    }
}

@_cdecl("coffeeshop_session_prompt")
public func coffeeshopSessionPrompt(_ session: OpaquePointer?, _ prompt: UnsafePointer<CChar>?, _ schema: UnsafePointer<CChar>?,
                                    _ outReply: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    coffeeshopSessionPromptStreaming(session, prompt, schema, nil, nil, outReply)
}

@_cdecl("coffeeshop_session_prompt_streaming")
public func coffeeshopSessionPromptStreaming(_ session: OpaquePointer?, _ prompt: UnsafePointer<CChar>?, _ schema: UnsafePointer<CChar>?,
                                             _ onSnapshot: SnapshotHandler?, _ userData: UnsafeMutableRawPointer?,
                                             _ outReply: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    guard let session else { return nullHandle(outReply) }
    let handle = sessionHandle(session)
    return guarded(handle.context, outReply) { engine throws(CallFailure) in
        var params: [(String, GeneratedContent)] = [("session", GeneratedContent(handle.name)), ("prompt", GeneratedContent(try CBridge.text(prompt, "prompt")))]
        let structured = schema != nil
        if structured { params.append(("schema", try CBridge.json(schema, "schema_json"))) }
        var host = EngineContext.Host(runTool: handle.runTool)
        if let onSnapshot {
            params.append(("stream", GeneratedContent(true)))
            host.takeSnapshot = { content in CBridge.reply(content, structured: structured).withCString { onSnapshot(userData, $0) } }
        }
        let result = try engine.call("session.prompt", params, session: handle.name, host: host)
        return CBridge.copy(CBridge.reply(result["content"] ?? .null, structured: structured))
    }
}

@_cdecl("coffeeshop_session_transcript")
public func coffeeshopSessionTranscript(_ session: OpaquePointer?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    guard let session else { return nullHandle(outJSON) }
    let handle = sessionHandle(session)
    return guarded(handle.context, outJSON) { engine throws(CallFailure) in
        CBridge.copy((try engine.call("session.transcript", [("session", GeneratedContent(handle.name))]))["transcript"]?.jsonString ?? "null")
    }
}

@_cdecl("coffeeshop_session_close")
public func coffeeshopSessionClose(_ session: OpaquePointer?) -> Int32 {
    guard let session else { return CallFailure.invalidArgument }
    let unmanaged = Unmanaged<SessionHandle>.fromOpaque(UnsafeRawPointer(session))
    let handle = unmanaged.takeUnretainedValue()
    defer { unmanaged.release() }
    do {
        _ = try handle.context.call("session.close", [("session", GeneratedContent(handle.name))])
        return CallFailure.ok
    } catch {
        handle.context.record(error.message)
        return error.status
    }
}

@_cdecl("coffeeshop_tool_call_return_json")
public func coffeeshopToolCallReturnJSON(_ call: OpaquePointer?, _ json: UnsafePointer<CChar>?) -> Int32 {
    answer(call) { () throws(CallFailure) in .success(try CBridge.json(json, "result_json")) }
}

@_cdecl("coffeeshop_tool_call_return_text")
public func coffeeshopToolCallReturnText(_ call: OpaquePointer?, _ text: UnsafePointer<CChar>?) -> Int32 {
    answer(call) { () throws(CallFailure) in .success(GeneratedContent(try CBridge.text(text, "text"))) }
}

@_cdecl("coffeeshop_tool_call_fail")
public func coffeeshopToolCallFail(_ call: OpaquePointer?, _ message: UnsafePointer<CChar>?) -> Int32 {
    answer(call) { () throws(CallFailure) in .failure(.init(message: try CBridge.text(message, "message"))) }
}

// MARK: Helpers

private func engine(_ context: OpaquePointer) -> EngineContext {
    Unmanaged<EngineContext>.fromOpaque(UnsafeRawPointer(context)).takeUnretainedValue()
}

private func sessionHandle(_ session: OpaquePointer) -> SessionHandle {
    Unmanaged<SessionHandle>.fromOpaque(UnsafeRawPointer(session)).takeUnretainedValue()
}

/// The items of a `generate` request as a JSON array.
private func items(_ engine: EngineContext, _ params: [(String, GeneratedContent)]) throws(CallFailure) -> UnsafeMutablePointer<CChar>? {
    CBridge.copy((try engine.call("generate", params))["items"]?.jsonString ?? "[]")
}

/// Runs `body` on the context's engine and stores what it makes in `out`: a status code, with
/// a failure kept as the calling thread's last error.
private func guarded<Output>(_ context: OpaquePointer?, _ out: UnsafeMutablePointer<Output?>?,
                             _ body: (EngineContext) throws(CallFailure) -> Output?) -> Int32 {
    guard let context else { return nullHandle(out) }
    return guarded(engine(context), out, body)
}

/// A call given a null context or session: it fails, and `*out` is set to NULL like every
/// failing call's (there is no context to keep a message in).
private func nullHandle<Output>(_ out: UnsafeMutablePointer<Output?>?) -> Int32 {
    out?.pointee = nil
    return CallFailure.invalidArgument
}

private func guarded<Output>(_ engine: EngineContext, _ out: UnsafeMutablePointer<Output?>?,
                             _ body: (EngineContext) throws(CallFailure) -> Output?) -> Int32 {
    do throws(CallFailure) {
        guard let out else { throw .argument("the output pointer is a null pointer") }
        out.pointee = nil
        out.pointee = try body(engine)
        return CallFailure.ok
    } catch {
        engine.record(error.message)
        return error.status
    }
}

/// Stores the host's answer to a tool call; a second answer or a bad argument is refused.
private func answer(_ call: OpaquePointer?, _ make: () throws(CallFailure) -> Result<GeneratedContent, EngineContext.ToolFailure>) -> Int32 {
    guard let call else { return CallFailure.invalidArgument }
    let answer = Unmanaged<ToolCallAnswer>.fromOpaque(UnsafeRawPointer(call)).takeUnretainedValue()
    guard answer.outcome == nil else { return CallFailure.invalidArgument }
    do throws(CallFailure) {
        answer.outcome = try make()
        return CallFailure.ok
    } catch {
        answer.outcome = .failure(.init(message: "the host's answer was refused: \(error.message)"))
        return error.status
    }
}
