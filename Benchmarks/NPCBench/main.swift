import Foundation
import NPCKit

// npc-bench: the NPCKit figures, in this process on one thread (build with -c release).
//   ContentLibrary load + validation of the built-in content (median and best of N fresh loads);
//   NPCs per second through NPCGenerator: with contacts (FindContactTool called through the
//   session for every NPC) and without.

let usage = """
    Usage: npc-bench [--npcs N] [--rounds N] [--loads N] [--seed N] [--only load|tools|plain|game]
           npc-bench --only dialog [--table FILE] [--misses | --answers]
           npc-bench --only local --model FILE.gguf [--url URL] [--count N] [--threads N]
           npc-bench --only chat --model FILE.gguf [--threads N]
           npc-bench --only server --url URL [--count N]
      --npcs N     NPCs per timed round of a throughput row (default 20000)
      --rounds N   timed rounds per throughput row; the fastest is reported (default 3)
      --loads N    fresh ContentLibrary loads timed (default 20)
      --seed N     base seed (default 1)
      --only ROW   only the load row, the row with tools, the row without, or the game's
                   start-up and per-turn times over a 200-command script; 'local' (only when
                   named): NPCs through LocalModel on --model, beside a server at --url with
                   response_format and per value, and the barista's time to first word;
                   'server' (only when named): the server at --url with response_format
                   and per value, with the requests and prompt tokens per NPC; 'chat'
                   (only when named): 20 lines to the barista in the game on --model,
                   each turn's seconds and prompt tokens computed and reused
      --count N    NPCs per model in --only local and server (default 20)
      --table FILE a question table for --only dialog (may be repeated; default: the
                   table tuned against, the earlier held-out table, the first to
                   twentieth blind tables, each tuned on since it was scored, all in
                   Tests/NPCKitTests/Fixtures): relevant replies to the barista
                   and to customers, memory checks recalled, identity mix-ups,
                   third-person self-references, time per answer; --misses lists each miss,
                   --answers every answer with its judgement
      --threads N  threads for LocalModel (default 2)
    """

var npcCount = 20_000
var rounds = 3
var loads = 20
var only: String?
var seed: UInt64 = 1
var localCount = 20
var threads = 2
var modelPath: String?
var serverURL: URL?
var tablePaths: [(name: String, path: String)] = []
let defaultTables = [("tuned against", "dialog-questions"), ("held out, earlier", "dialog-questions-heldout"),
                     ("first blind, tuned on since", "dialog-blind-1"), ("second blind, tuned on since", "dialog-blind-2"),
                     ("third blind, tuned on since", "dialog-blind-3"), ("fourth blind, tuned on since", "dialog-blind-4"),
                     ("fifth blind, tuned on since", "dialog-blind-5"), ("sixth blind, tuned on since", "dialog-blind-6"),
                     ("seventh blind, tuned on since", "dialog-blind-7"),
                     ("eighth blind, tuned on since", "dialog-blind-8"), ("ninth blind, tuned on since", "dialog-blind-9"),
                     ("tenth blind, tuned on since", "dialog-blind-10"), ("eleventh blind, tuned on since", "dialog-blind-11"),
                     ("twelfth blind, tuned on since", "dialog-blind-12"),
                     ("thirteenth blind, tuned on since", "dialog-blind-13"),
                     ("fourteenth blind, tuned on since", "dialog-blind-14"), ("fifteenth blind, tuned on since", "dialog-blind-15"),
                     ("sixteenth blind, tuned on since", "dialog-blind-16"),
                     ("seventeenth blind, tuned on since", "dialog-blind-17"), ("eighteenth blind, tuned on since", "dialog-blind-18"),
                     ("nineteenth blind, tuned on since", "dialog-blind-19"), ("twentieth blind, tuned on since", "dialog-blind-20")]
    .map { (name: $0.0, path: "Tests/NPCKitTests/Fixtures/\($0.1).json") }
var listsMisses = false
var listsAnswers = false
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    func value() -> Int {
        guard let text = arguments.popFirst(), let number = Int(text), number > 0 else {
            FileHandle.standardError.write(Data("npc-bench: \(flag) needs a positive number\n\(usage)\n".utf8))
            exit(2)
        }
        return number
    }
    switch flag {
    case "--npcs": npcCount = value()
    case "--rounds": rounds = value()
    case "--loads": loads = value()
    case "--only":
        guard let row = arguments.popFirst(), ["load", "tools", "plain", "game", "local", "server", "chat", "dialog"].contains(row) else {
            FileHandle.standardError.write(Data("npc-bench: --only needs load, tools, plain, game, local, server, chat or dialog\n\(usage)\n".utf8))
            exit(2)
        }
        only = row
    case "--seed": seed = UInt64(value())
    case "--count": localCount = value()
    case "--threads": threads = value()
    case "--model": modelPath = arguments.popFirst()
    case "--url": serverURL = arguments.popFirst().flatMap(URL.init(string:))
    case "--table":
        guard let path = arguments.popFirst() else {
            FileHandle.standardError.write(Data("npc-bench: --table needs a file\n\(usage)\n".utf8))
            exit(2)
        }
        tablePaths.append((name: (path as NSString).lastPathComponent, path: path))
    case "--misses": listsMisses = true
    case "--answers": listsAnswers = true
    case "--help", "-h": print(usage); exit(0)
    default:
        FileHandle.standardError.write(Data("npc-bench: unknown option \(flag)\n\(usage)\n".utf8))
        exit(2)
    }
}

func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

func wallSeconds() -> Double {
    Double(DispatchTime.now().uptimeNanoseconds) / 1e9
}

/// Wall and CPU seconds for `count` NPCs, one after the other. Off the main actor, so the
/// awaits do not hop between threads.
nonisolated func timeNPCs(_ generator: NPCGenerator, count: Int, seed: UInt64) async throws -> (Double, Double) {
    let wall = wallSeconds(), cpu = cpuSeconds()
    for index in 0..<count { _ = try await generator.npc(seed: NPCGenerator.itemSeed(seed, index)) }
    return (wallSeconds() - wall, cpuSeconds() - cpu)
}

@MainActor func shows(_ row: String) -> Bool { only == nil || only == row }

do {
    var library = try ContentLibrary.builtIn()
    if only == "local" {
        guard let modelPath else {
            FileHandle.standardError.write(Data("npc-bench: --only local needs --model FILE.gguf\n".utf8))
            exit(2)
        }
        try await timeLocalModel(library: library, modelPath: modelPath, serverURL: serverURL, count: localCount, threads: threads, seed: seed)
        exit(0)
    }
    if only == "chat" {
        guard let modelPath else {
            FileHandle.standardError.write(Data("npc-bench: --only chat needs --model FILE.gguf\n".utf8))
            exit(2)
        }
        try await timeChat(library: library, modelPath: modelPath, threads: threads, seed: seed)
        exit(0)
    }
    if only == "server" {
        guard let serverURL else {
            FileHandle.standardError.write(Data("npc-bench: --only server needs --url URL\n".utf8))
            exit(2)
        }
        try await timeServerModes(library: library, serverURL: serverURL, count: localCount, seed: seed, header: true)
        exit(0)
    }
    if only == "dialog" {
        try await runQuestionTables(library: library, paths: tablePaths.isEmpty ? defaultTables : tablePaths, seed: seed, listsMisses: listsMisses,
                                    listsAnswers: listsAnswers)
        exit(0)
    }
    if shows("load") {
        var loadTimes: [Double] = []
        for _ in 0..<loads {
            let start = wallSeconds()
            library = try ContentLibrary(overlay: nil)
            loadTimes.append(wallSeconds() - start)
        }
        loadTimes.sort()
        print("| ContentLibrary (built-in content) | Loads | Median | Best |")
        print("|---|---:|---:|---:|")
        print(String(format: "| load + validation | %d | %.1f ms | %.1f ms |", loads, loadTimes[loads / 2] * 1000, loadTimes[0] * 1000))
    }
    if shows("game") {
        try await timeGame(seed: seed)
    }
    guard shows("tools") || shows("plain") else { exit(0) }
    print("")
    print("| NPCGenerator, 1 thread, best of \(rounds) | NPCs | Seconds | Per second | CPU seconds | Per CPU second |")
    print("|---|---:|---:|---:|---:|---:|")
    // Enough contacts that the picker never runs dry: every NPC's name comes from the tool.
    let contacts = (0..<(npcCount + 1000)).map { index in
        Contact(name: "Guest\(index) Contact", birthday: Birthday(month: 1 + index % 12, day: 1 + index % 28, year: 1950 + index % 60))
    }
    var rows: [(String, () throws -> NPCGenerator)] = []
    if shows("tools") {
        rows.append(("with contacts (FindContactTool per NPC)", { try NPCGenerator(library: library, contacts: contacts, contactSeed: seed) }))
    }
    if shows("plain") { rows.append(("without tools", { try NPCGenerator(library: library) })) }
    for (name, makeGenerator) in rows {
        var best = (seconds: Double.infinity, cpu: Double.infinity)
        for _ in 0..<rounds {
            // A fresh generator per round: the contact picker starts full again.
            let (seconds, cpuUsed) = try await timeNPCs(try makeGenerator(), count: npcCount, seed: seed)
            if cpuUsed < best.cpu { best = (seconds, cpuUsed) }
        }
        print("| \(name) | " + String(format: "%d | %.3f | %.0f | %.3f | %.0f |", npcCount, best.seconds, Double(npcCount) / best.seconds,
                                             best.cpu, Double(npcCount) / best.cpu))
    }
} catch {
    FileHandle.standardError.write(Data("npc-bench: \(error)\n".utf8))
    exit(1)
}
