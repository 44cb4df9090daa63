import Foundation
import TestSupport
import Testing

/// The shipped binaries run on any x86-64, not only on the AVX2 machine that built them: under
/// qemu's user-mode emulation of a Nehalem (SSE4.2, no AVX), `contentpack model complete` picks
/// the baseline kernels and writes what it writes natively with the AVX2 ones, and the C client
/// prints what it prints natively. The disassembly shows why: the library's only 256-bit
/// instructions are in the AVX2 kernels, which run only after CPUID said they may.
@Suite struct PortableBinaryTests {
    static let cpu = "Nehalem"

    static func qemu() throws -> URL { try #require(ContentPackProcess.onPath("qemu-x86_64"), "qemu-x86_64 is not installed") }

    @Test(.enabled(if: Prerequisite.ready(.qemu, .model), Comment(rawValue: Prerequisite.reason(.qemu, .model))))
    func contentpackCompletesOnACPUWithoutAVX2() throws {
        let model = try #require(ProcessInfo.processInfo.environment["COFFEESHOP_MODEL"])
        let binary = try #require(ContentPackProcess.executable(named: "contentpack")).path
        let arguments = ["model", "complete", model, "--prompt", "The best coffee in the world is", "--max-tokens", "8", "--threads", "2"]
        let native = try ContentPackProcess.run(arguments)
        #expect(native.status == 0, "\(native.errors)")
        let emulated = try ContentPackProcess.run(program: try Self.qemu(), ["-cpu", Self.cpu, binary] + arguments)
        #expect(emulated.status == 0, "under qemu: \(emulated.errors)")
        #expect(emulated.output == native.output)

        let info = try ContentPackProcess.run(program: try Self.qemu(), ["-cpu", Self.cpu, binary, "model", "info", model])
        #expect(info.outputLines.contains("kernels: baseline (this processor runs baseline)"), "\(info.output)")
        let forced = try ContentPackProcess.run(program: try Self.qemu(), ["-cpu", Self.cpu, binary] + arguments,
                                                environment: ["COFFEESHOP_KERNELS": "avx2"])
        #expect(forced.status == 1 && forced.errorLines.count == 1, "\(forced.errors)")
        #expect(forced.errors.contains("kernel variant 'avx2': this processor does not run it"), "\(forced.errors)")
    }

    @Test(.enabled(if: Prerequisite.ready(.qemu), Comment(rawValue: Prerequisite.reason(.qemu))))
    func theCClientRunsOnACPUWithoutAVX2() throws {
        let directory = try TemporaryDirectory()
        let client = try CLibraryTests.buildClient(in: directory)
        let native = try ContentPackProcess.run(program: client, [])
        #expect(native.status == 0, "\(native.errors)")
        let emulated = try ContentPackProcess.run(program: try Self.qemu(), ["-cpu", Self.cpu, client.path])
        #expect(emulated.status == 0, "under qemu: \(emulated.errors)")
        // Transcript entries carry random identifiers; everything else is the same.
        func comparable(_ output: String) -> [String] { output.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("transcript\t") } }
        #expect(comparable(emulated.output) == comparable(native.output))
    }

    /// Every instruction on a 256-bit register in the C library lies in a function of the AVX2
    /// kernel variant.
    @Test(.enabled(if: Prerequisite.ready(.qemu), Comment(rawValue: Prerequisite.reason(.qemu))))
    func onlyTheAVX2KernelsUseWideRegisters() throws {
        let objdump = try #require(ContentPackProcess.onPath("objdump"), "objdump (binutils) is not installed")
        let disassembly = try ContentPackProcess.run(program: objdump, ["-d", "--no-show-raw-insn", try CLibraryTests.library().path])
        try #require(disassembly.status == 0, "\(disassembly.errors)")
        var function = "", wide: [String: Int] = [:]
        for line in disassembly.output.split(separator: "\n") {
            if line.hasSuffix(">:"), let open = line.firstIndex(of: "<") {
                function = String(line[line.index(after: open)..<line.index(line.endIndex, offsetBy: -2)])
            } else if line.contains("%ymm") || line.contains("%zmm") {
                wide[function, default: 0] += 1
            }
        }
        #expect(!wide.isEmpty, "the AVX2 kernels are missing from the library")
        let elsewhere = wide.filter { !$0.key.hasPrefix("nk_avx2_") }
        #expect(elsewhere.isEmpty, "256-bit instructions outside the AVX2 kernels: \(elsewhere.sorted { $0.value > $1.value }.prefix(10))")
    }
}
