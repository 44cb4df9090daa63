import Foundation
import GuidedGeneration
import Synchronization

/// Several OpenAI-compatible servers as one model, for exports that outgrow one machine: each
/// request goes to the server with the fewest requests outstanding (the first on ties), and a
/// request a server fails for a passing reason (unreachable, timed out, 5xx, rate limited) is
/// sent to another one — a server that dies half-way through an export loses nothing. A server
/// that failed is tried last for the next 30 seconds, then like any other. The request fails
/// only when every server failed it twice.
///
/// ```swift
/// let pool = ServerPool(servers: ["http://10.0.0.2:8080", "http://10.0.0.3:8080"].map {
///     OpenAICompatibleModel(baseURL: URL(string: $0)!, name: "smollm2", retries: 0)
/// })
/// let npcs = try NPCGenerator(library: library, model: pool)     // items spread over both
/// ```
public final class ServerPool: LanguageModel {
    public let servers: [OpenAICompatibleModel]
    private let state: Mutex<State>

    private struct State {
        var outstanding: [Int]
        var answered: [Int]
        var failedAt: [Date?]
    }

    /// How long a server that failed is tried after the others.
    static let coolDown: TimeInterval = 30

    /// A pool over `servers` (at least one).
    public init(servers: [OpenAICompatibleModel]) {
        precondition(!servers.isEmpty, "a server pool needs a server")
        self.servers = servers
        state = Mutex(State(outstanding: Array(repeating: 0, count: servers.count), answered: Array(repeating: 0, count: servers.count),
                            failedAt: Array(repeating: nil, count: servers.count)))
    }

    public var contextSize: Int { servers.map(\.contextSize).min() ?? 4096 }

    /// What every server can do: any of them may get a request.
    public var capabilities: LanguageModelCapabilities {
        servers.map(\.capabilities).reduce([.guidedGeneration, .toolCalling, .streaming, .followsExamples]) { $0.intersection($1) }
    }

    /// How many requests each server has answered so far, in `servers` order.
    public var answered: [Int] { state.withLock { $0.answered } }

    public func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
        var failures = Array(repeating: 0, count: servers.count)
        while true {
            let index = pick(failures: failures)
            do {
                let turn = try await servers[index].respond(to: request)
                state.withLock { $0.outstanding[index] -= 1; $0.answered[index] += 1; $0.failedAt[index] = nil }
                return turn
            } catch let failure as OpenAICompatibleModel.Failure where failure.isTransient {
                state.withLock { $0.outstanding[index] -= 1; $0.failedAt[index] = Date() }
                failures[index] += 1
                guard failures.contains(where: { $0 < 2 }) else { throw failure }
            } catch {
                state.withLock { $0.outstanding[index] -= 1 }
                throw error
            }
        }
    }

    /// The server for the next attempt, counted as outstanding: among those that have failed
    /// this request least, the ones not failing lately, then the least busy, then the first.
    private func pick(failures: [Int]) -> Int {
        state.withLock { state in
            let now = Date()
            let best = servers.indices.min { a, b in
                func rank(_ i: Int) -> (Int, Int, Int, Int) {
                    let failing = state.failedAt[i].map { now.timeIntervalSince($0) < Self.coolDown } ?? false
                    return (failures[i], failing ? 1 : 0, state.outstanding[i], i)
                }
                return rank(a) < rank(b)
            }!
            state.outstanding[best] += 1
            return best
        }
    }
}
