extension StringFormat {
    /// A regular expression, anchored with `^…$`, whose every full match is valid for the
    /// format: a varied, human-looking subset of it for samplers to draw from.
    ///
    /// Only plain ECMA-262 constructs appear: literals, escapes, classes with ranges, `\d`,
    /// groups, alternation and the quantifiers `? * + {n} {n,m}`.
    package var generationPattern: String {
        switch self {
        case .date:
            "^\(Self.datePattern)$"
        case .time:
            "^\(Self.timePattern)$"
        case .dateTime:
            "^\(Self.datePattern)T\(Self.timePattern)$"
        case .duration:
            #"^P((\d{1,2}Y(\d{1,2}M(\d{1,2}D)?)?|\d{1,2}M(\d{1,2}D)?|\d{1,3}D)"#
                + #"(T\#(Self.durationTimePattern))?"#
                + #"|T\#(Self.durationTimePattern)|\d{1,2}W)$"#
        case .email:
            "^\(Self.localPart(names: Self.names, letters: "a-z"))@\(Self.domain)$"
        case .idnEmail:
            "^\(Self.localPart(names: Self.internationalNames, letters: Self.internationalLetters))"
                + "@\(Self.domain)$"
        case .hostname:
            #"^(\#(Self.ldhLabel)\.){0,2}\#(Self.domain)$"#
        case .idnHostname:
            #"^((\#(Self.ldhLabel)|\#(Self.internationalLabel))\.){0,2}"#
                + #"(\#(Self.ldhLabel)|\#(Self.internationalLabel))\.(com|org|net|de|gr|рф|ελ)$"#
        case .ipv4:
            "^\(Self.ipv4Pattern)$"
        case .ipv6:
            #"^(([0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|([0-9a-f]{1,4}:){1,5}(:[0-9a-f]{1,4}){1,2}"#
                + #"|2001:db8::[0-9a-f]{1,4}|fe80::[0-9a-f]{1,4}(:[0-9a-f]{1,4}){0,3}|::1"#
                + #"|::ffff:\#(Self.ipv4Pattern))$"#
        case .uri:
            "^\(Self.http(letters: "a-z"))$"
        case .uriReference:
            "^(\(Self.http(letters: "a-z"))|\(Self.relative(letters: "a-z")))$"
        case .iri:
            "^\(Self.http(letters: Self.internationalLetters))$"
        case .iriReference:
            "^(\(Self.http(letters: Self.internationalLetters))"
                + "|\(Self.relative(letters: Self.internationalLetters)))$"
        case .uriTemplate:
            #"^https://api\.(example|acme|data)\.(com|org)"#
                + #"(/(\#(Self.pathWords))|/\{(\#(Self.variables))\}"#
                + #"|\{/(\#(Self.variables))\*?\}){1,3}"#
                + #"(\{[?&](\#(Self.queryKeys))(,(\#(Self.queryKeys))){0,2}\})?$"#
        case .uuid:
            "^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$"
        case .jsonPointer:
            "^(/(\(Self.pointerToken)|-)){0,4}$"
        case .relativeJSONPointer:
            #"^(0|[1-9]\d{0,2})(#|(/(\#(Self.pointerToken))){0,3})$"#
        case .regex:
            #"^\^?(([a-z]{1,4}|\\d|\\w|\\s|\.|\[(a-z|A-Z|0-9|a-z0-9_)\]"#
                + #"|\(([a-z]{2,5}\|){1,2}[a-z]{2,5}\))(\+|\*|\?|\{[1-9]\}|\{[1-3],[4-9]\})?){1,5}\$?$"#
        }
    }

    // Days stop at 28 and seconds at 59, so no calendar or leap-second rule can reject a match.
    private static let datePattern = #"(19[7-9]\d|20[0-3]\d)-(0[1-9]|1[0-2])-(0[1-9]|1\d|2[0-8])"#
    private static let timePattern =
        #"([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,3})?(Z|[+-](0\d|1[0-2]):(00|30|45))"#
    private static let durationTimePattern =
        #"(\d{1,2}H(\d{1,2}M(\d{1,2}S)?)?|\d{1,2}M(\d{1,2}S)?|\d{1,2}S)"#
    private static let ipv4Pattern =
        #"(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}"#

    // Words mixed with random letters make samples look real yet varied.
    private static let names =
        "alex|anna|chen|david|emma|jane|john|li|maria|omar|sam|sofia|yuki|info|sales|support"
    private static let internationalNames =
        names + "|josé|zoë|müller|françois|søren|andrés|jürgen|çelik"
    private static let internationalLetters = "a-zäöüßéèçñ"
    private static let domainWords =
        "example|acme|mail|cloud|data|shop|news|web|app|blog|media|labs|travel|coffee"
    private static let pathWords =
        "docs|blog|posts|users|items|products|images|search|about|help|v1|v2|2024|archive"
    private static let queryKeys = "q|id|page|sort|lang|ref|limit|offset|user|tag|filter"
    private static let variables = "id|user|item|slug|version|path|lang|page"

    private static func localPart(names: String, letters: String) -> String {
        #"(\#(names)|[\#(letters)]{2,8})([._-](\#(names)|[\#(letters)]{1,8}))?\d{0,2}"#
    }

    // One hyphen at most, never in a label's third place, keeps clear of IDNA's `xn--` labels.
    private static let ldhLabel =
        "(\(domainWords)|[a-z][a-z0-9]{1,9})(-(\(domainWords)|[a-z0-9]{1,8}))?"
    private static let domain = #"(\#(ldhLabel)\.)?\#(ldhLabel)\.(com|org|net|io|dev)"#
    private static let internationalLabel =
        "(bücher|café|münchen|zürich|españa|ελλάδα|δοκιμή|москва|пример"
            + "|[a-zäöüßéèçñ]{2,10}|[α-ω]{2,8}|[а-я]{2,8})"

    private static func http(letters: String) -> String {
        #"https?://(www\.)?\#(ldhLabel)\.(com|org|net|io|dev)(:[1-9]\d{3})?"#
            + path(letters: letters)
            + #"(\?(\#(queryKeys))=[\#(letters)0-9]{1,8}(&(\#(queryKeys))=[\#(letters)0-9]{1,8}){0,2})?"#
            + #"(#[\#(letters)][\#(letters)0-9-]{0,10})?"#
    }

    private static func relative(letters: String) -> String {
        #"(\#(path(letters: letters))|(\#(pathWords)|[\#(letters)][\#(letters)0-9_-]{0,11})"#
            + #"\#(path(letters: letters)))(\?(\#(queryKeys))=[\#(letters)0-9]{1,8})?"#
            + #"|#[\#(letters)][\#(letters)0-9-]{0,10}"#
    }

    private static func path(letters: String) -> String {
        #"(/(\#(pathWords)|[\#(letters)0-9_-]{1,12})){0,3}"#
    }

    private static let pointerToken = "users|items|tags|name|address|price|title"
        + #"|[a-z][a-zA-Z0-9_]{0,10}(~[01][a-z0-9_]{1,6})?|0|[1-9]\d{0,2}"#
}
