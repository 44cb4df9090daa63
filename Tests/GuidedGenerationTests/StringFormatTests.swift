@testable import GuidedGeneration
import JSONSchema
import Testing

/// Tricky cases per format, beyond the official suite; where the reference validators differ,
/// the comment says which rule these follow.
@Suite struct StringFormatTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let format: StringFormat
        let string: String
        let valid: Bool

        init(_ format: StringFormat, _ string: String, _ valid: Bool) {
            self.format = format
            self.string = string
            self.valid = valid
        }

        var testDescription: String { "\(format.rawValue) \(String(reflecting: string)) → \(valid)" }
    }

    /// U+FDD0, which a Swift string literal cannot spell.
    static let noncharacter = String(Unicode.Scalar(0xFDD0 as UInt32)!)

    static let dates: [Example] = [
        Example(.date, "2024-02-29", true),
        Example(.date, "1900-02-29", false),
        Example(.date, "2000-02-29", true),
        Example(.date, "0000-01-01", true),
        Example(.date, "9999-12-31", true),
        Example(.date, "2024-1-01", false),
        Example(.date, "+202-01-01", false),
        Example(.date, "2024-06-31", false),
        Example(.time, "23:59:60Z", true),
        Example(.time, "23:59:60.5Z", true),
        Example(.time, "00:59:60+01:00", true),
        Example(.time, "12:00:00.Z", false),
        Example(.time, "12:00:0.Z", false),
        Example(.time, "00:00:00+23:59", true),
        Example(.time, "12:00:00+24:00", false),
        Example(.time, "12:00:00.000000000000000000001z", true),
        Example(.dateTime, "2020-06-15T23:59:60Z", true),
        Example(.dateTime, "2020-01-01 00:00:00Z", false),
        Example(.dateTime, "2020-01-01T00:00:00,5Z", false),
        Example(.dateTime, "2020-01-01t00:00:00z", true),
        Example(.dateTime, "2020-01-01T", false),
        Example(.duration, "P0W", true),
        Example(.duration, "P1YT1S", true),
        Example(.duration, "P1MT1H", true),
        Example(.duration, "P1W1D", false),
        Example(.duration, "PT1.5S", false),
        Example(.duration, "p1d", false),
        Example(.duration, "PT1S1M", false),
        Example(.duration, "P1Y1M1W", false),
    ]

    static let addresses: [Example] = [
        Example(.ipv4, "0.0.0.0", true),
        Example(.ipv4, "00.0.0.0", false),
        Example(.ipv4, "1.2.3", false),
        Example(.ipv6, "1:2:3:4:5:6:7::", true),
        Example(.ipv6, "::1:2:3:4:5:6:7", true),
        Example(.ipv6, "1:2:3:4:5:6:7:8::", false),
        Example(.ipv6, "1:2:3:4:5::1.2.3.4", true),
        Example(.ipv6, "1:2:3:4:5:6::1.2.3.4", false),
        Example(.ipv6, "1:2:3:4:5:6:1.2.3.4", true),
        Example(.ipv6, "1.2.3.4::", false),
        Example(.ipv6, ":::", false),
        Example(.ipv6, "::01.2.3.4", false),
        Example(.ipv6, "A:B:C:D:E:F:0:1", true),
    ]

    static let hostnames: [Example] = [
        Example(.hostname, "EXAMPLE.COM", true),
        Example(.hostname, "1.2.3.4", true),
        Example(.hostname, "_dmarc.example.com", false),
        Example(.hostname, String(repeating: "a", count: 63), true),
        Example(.hostname, [String](repeating: String(repeating: "a", count: 63), count: 3)
            .joined(separator: ".") + "." + String(repeating: "a", count: 61), true),
        Example(.hostname, [String](repeating: String(repeating: "a", count: 63), count: 3)
            .joined(separator: ".") + "." + String(repeating: "a", count: 62), false),
        // Hyphens in places 3 and 4 mark an IDNA label, which must then be a real A-label.
        Example(.hostname, "ab--c.com", false),
        Example(.hostname, "xn--bcher-kva.de", true),
        Example(.hostname, "XN--bcher-kva.de", true),
        Example(.hostname, "xn--abc", false),
        // Decodes to an uppercase letter, which no U-label holds.
        Example(.hostname, "xn--w2a", false),
        // Decodes to a Sinhala label with an old Hangul jamo, which IDNA2008 disallows.
        Example(.idnHostname, "xn--w0ca24w", false),
        Example(.idnHostname, "bücher.de", true),
        // Mapped before the checks, as lookup does: case, width and composition.
        Example(.idnHostname, "Bücher.de", true),
        Example(.idnHostname, "ＡＢＣ.com", true),
        Example(.idnHostname, "e\u{301}.com", true),
        Example(.idnHostname, "ü--x", true),
        Example(.idnHostname, "üü--x", false),
        Example(.idnHostname, "ab--c", false),
        Example(.idnHostname, "a\u{3002}", false),
        Example(.idnHostname, "1.א", false),
        Example(.idnHostname, "a1.א", true),
        Example(.idnHostname, "א-ב", true),
        Example(.idnHostname, "ß・〇", true),
        Example(.idnHostname, "a\u{200D}b", false),
    ]

    static let emails: [Example] = [
        Example(.email, "a@b", true),
        Example(.email, "a@1.2.3.4", true),
        Example(.email, "a@[ipv6:::1]", true),
        Example(.email, "a@[IPv6:1:2:3:4:5:6:7:8:9]", false),
        Example(.email, "a@[tag:bar]", false),
        Example(.email, "a@[01.2.3.4]", false),
        Example(.email, String(repeating: "a", count: 64) + "@x.com", true),
        Example(.email, String(repeating: "a", count: 65) + "@x.com", false),
        Example(.email, "a@" + String(repeating: "b", count: 64) + ".com", false),
        Example(.email, "\"\"@x.com", true),
        Example(.email, "\"a\\\"b\"@x.com", true),
        Example(.email, "\"a\tb\"@x.com", true),
        Example(.email, "\"a\u{1}\"@x.com", false),
        Example(.email, "a.\"b\"@x.com", false),
        Example(.email, "a(comment)@x.com", false),
        Example(.email, "a!#$%&'*+/=?^_`{|}~-@x.com", true),
        Example(.email, "a@ab--c.com", false),
        Example(.email, "a@xn--nw2a.com", true),
        Example(.email, "ü@x.com", false),
        Example(.idnEmail, "ü@x.com", true),
        Example(.idnEmail, "a@bücher.de", true),
        Example(.idnEmail, "a@x。com", true),
        Example(.idnEmail, "a@b。c。", false),
        Example(.idnEmail, "\"δοκι\\μή\"@example.com", true),
        Example(.idnEmail, "ü..ü@x", false),
        Example(.idnEmail, "a@\u{301}.com", false),
    ]

    static let uris: [Example] = [
        Example(.uri, "a:", true),
        Example(.uri, "http://example.com:", true),
        Example(.uri, "http://@example.com", true),
        Example(.uri, "http://[v1.x]", true),
        Example(.uri, "http://[vz.x]", false),
        Example(.uri, "http://[::1%25eth0]", false),
        Example(.uri, "http://a@b:c@d", false),
        Example(.uri, "http://a/b#c#d", false),
        Example(.uri, "http://a/?b[c]", false),
        Example(.uri, "http://x/%2", false),
        Example(.uri, "+a:b", false),
        Example(.uri, "http:////a", true),
        Example(.uri, "http://ü.com", false),
        Example(.uriReference, "a/b:c", true),
        Example(.uriReference, ":a", false),
        Example(.uriReference, "?#", true),
        Example(.uriReference, "//@", true),
        Example(.uriReference, "#[]", false),
        Example(.iri, "http://ü.com/ä?ö#ü", true),
        Example(.iri, "http://a/?\u{E000}", true),
        Example(.iri, "http://a/\u{E000}", false),
        Example(.iri, "http://a/#\u{E000}", false),
        Example(.iri, "http://a/" + noncharacter, false),
        Example(.iri, "http://a/\u{1FFFE}", false),
        Example(.iri, "http://a/\u{E1000}", true),
        Example(.iriReference, "ä/b:c", true),
        Example(.iriReference, "ä:b", false),
        Example(.uriTemplate, "{=var}", true),
        Example(.uriTemplate, "{a*,b:3}", true),
        Example(.uriTemplate, "{var:1*}", false),
        Example(.uriTemplate, "{a.}", false),
        Example(.uriTemplate, "{ä}", false),
        Example(.uriTemplate, "ä", true),
        Example(.uriTemplate, "a%4", false),
        // RFC 6570 literals are ucschar or iprivate, which leave out noncharacters.
        Example(.uriTemplate, noncharacter, false),
    ]

    static let identifiers: [Example] = [
        Example(.uuid, "{2eb8aa08-aa98-11ea-b4aa-73b441d16380}", false),
        Example(.jsonPointer, "/~01", true),
        Example(.jsonPointer, "~0", false),
        Example(.relativeJSONPointer, "0/", true),
        Example(.relativeJSONPointer, "00", false),
        Example(.relativeJSONPointer, "10#", true),
        Example(.relativeJSONPointer, "0#/", false),
    ]

    static let regexes: [Example] = [
        Example(.regex, "(?=a)*", false),
        Example(.regex, "a{2,1}", false),
        Example(.regex, "a{,5}", false),
        Example(.regex, "x{1}{2}", false),
        Example(.regex, "a**", false),
        Example(.regex, "{", false),
        Example(.regex, "]", false),
        Example(.regex, "\\p{Script=Greek}", true),
        Example(.regex, "[\\p{=L}]", false),
        Example(.regex, "\\P{Lu^", false),
        Example(.regex, "[z-a]", false),
        Example(.regex, "[\\d-z]", false),
        Example(.regex, "[a-z-0]", true),
        Example(.regex, "[\\uD83D\\uDE00-\\uD83D\\uDE4F]", true),
        Example(.regex, "\\u{110000}", false),
        Example(.regex, "(a)\\1", true),
        Example(.regex, "(a)\\2", false),
        Example(.regex, "(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", true),
        Example(.regex, "\\k<x>", false),
        Example(.regex, "(?<a>x)(?<a>y)", false),
        Example(.regex, "(?i:a)", true),
        Example(.regex, "(?i-i:a)", false),
        Example(.regex, "\\c1", false),
        Example(.regex, "\\01", false),
        Example(.regex, "\\-", true),
        Example(.regex, "\\·", true),
        Example(.regex, "\\é", false),
        Example(.regex, "[[:alpha:]]", false),
        Example(.regex, "[a&&b]", true),
        Example(.regex, "", true),
    ]

    @Test(arguments: dates + addresses + hostnames + emails + uris + identifiers + regexes)
    func example(_ example: Example) {
        #expect(example.format.isValid(example.string) == example.valid)
    }

    @Test func unknownFormatsAreNotAsserted() {
        #expect(StringFormat(rawValue: "color") == nil)
        #expect(StringFormat(rawValue: "Date") == nil)
        #expect(StringFormat.allCases.count == 19)
    }

    @Test func punycodeRoundTrips() throws {
        let label = Array("bücher".unicodeScalars)
        #expect(Punycode.encode(label) == Array("bcher-kva".utf8))
        #expect(try #require(Punycode.decode(Array("bcher-kva".utf8))) == label)
        #expect(Punycode.decode(Array("99999999999999".utf8)) == nil)
    }
}
