import Foundation
import Testing
@testable import NPCKit

@Suite struct ContentLineReaderTests {
    private func lines(_ text: String) throws -> [ContentLine] {
        try ContentLineReader.lines(in: Data(text.utf8), file: "t.vcf")
    }

    @Test func unfoldsCRLFAndLFLinesWithSpacesOrTabs() throws {
        let read = try lines("FN:Ada Love\r\n lace\r\nNOTE:one\n\ttwo\n  three\n\nX:y")
        #expect(read.map(\.name) == ["FN", "NOTE", "X"])
        #expect(read.map(\.value) == ["Ada Lovelace", "onetwo three", "y"])
        #expect(read.map(\.line) == [1, 3, 7])
    }

    @Test func groupsParametersAndQuotes() throws {
        let line = try #require(try lines(#"item1.tel;type=CELL,voice;X-LABEL="a:b;c,d";PREF=1:+1 555"#).first)
        #expect(line.group == "item1" && line.name == "TEL" && line.value == "+1 555")
        #expect(line.parameters["TYPE"] == ["CELL", "voice"])
        #expect(line.parameter("X-LABEL") == "a:b;c,d")
        #expect(line.parameter("PREF") == "1")
    }

    @Test func valueEscapes() throws {
        let line = try #require(try lines(#"NOTE:a\,b\;c\\d\ne\Nf"#).first)
        #expect(line.text == "a,b;c\\d\ne\nf")
        let name = try #require(try lines(#"N:Smith\, Jr.;Ann,Marie;;Dr.;"#).first)
        #expect(name.structuredValue == [["Smith, Jr."], ["Ann", "Marie"], [""], ["Dr."], [""]])
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let read = try ContentLineReader.lines(in: Data([0xEF, 0xBB, 0xBF] + Array("FN:A\n".utf8)), file: nil)
        #expect(read.first?.name == "FN")
    }

    @Test(arguments: [
        ("FN:A\nno colon here\n", 2, "no ':'"),
        (" leading space\n", 1, "continuation"),
        ("F N:A\n", 1, "not a property name"),
        ("FN;=x:A\n", 1, "not a parameter name"),
        ("FN;X=\"open:A\n", 1, "never closed"),
    ])
    func malformedLinesAreNamed(text: String, line: Int, problem: String) {
        #expect {
            try lines(text)
        } throws: { error in
            guard case ImportError.malformed(let file, let errorLine, let message, _) = error else { return false }
            return file == "t.vcf" && errorLine == line && message.contains(problem)
        }
    }

    @Test func invalidUTF8NamesItsLine() {
        #expect(throws: ImportError.invalidUTF8(file: "t.vcf", line: 2)) {
            try ContentLineReader.lines(in: Data(Array("FN:A\n".utf8) + [0x4E, 0x3A, 0xC3, 0x28, 0x0A]), file: "t.vcf")
        }
    }
}
