/// A JSON Schema `format` value that the library asserts rather than treating as an annotation.
///
/// Each case checks strings with ``isValid(_:)`` against the RFC that the JSON Schema 2020-12
/// validation vocabulary names for it, and offers a ``generationPattern``: a plain regular
/// expression whose every full match is valid, for samplers that must produce conforming strings.
///
/// `StringFormat(rawValue:)` returns `nil` for a format this library does not know; JSON Schema
/// treats such a format as an annotation that every instance satisfies.
///
/// ```swift
/// StringFormat.date.isValid("2024-02-29")   // true
/// StringFormat.date.isValid("2023-02-29")   // false: 2023 is not a leap year
/// StringFormat(rawValue: "color")           // nil: an annotation only
/// ```
package enum StringFormat: String, CaseIterable, Sendable {
    case date
    case time
    case dateTime = "date-time"
    case duration
    case email
    case idnEmail = "idn-email"
    case hostname
    case idnHostname = "idn-hostname"
    case ipv4
    case ipv6
    case uri
    case uriReference = "uri-reference"
    case iri
    case iriReference = "iri-reference"
    case uriTemplate = "uri-template"
    case uuid
    case jsonPointer = "json-pointer"
    case relativeJSONPointer = "relative-json-pointer"
    case regex

    /// Whether `string` belongs to this format. Only strings are checked: JSON Schema says a
    /// format constrains strings alone, so the caller accepts every other instance type.
    package func isValid(_ string: String) -> Bool {
        switch self {
        case .date: DateTimeSyntax.isFullDate(string)
        case .time: DateTimeSyntax.isFullTime(string)
        case .dateTime: DateTimeSyntax.isDateTime(string)
        case .duration: DateTimeSyntax.isDuration(string)
        case .email: EmailSyntax.isMailbox(string, international: false)
        case .idnEmail: EmailSyntax.isMailbox(string, international: true)
        case .hostname: HostnameSyntax.isHostname(string)
        case .idnHostname: HostnameSyntax.isInternationalHostname(string)
        case .ipv4: IPAddressSyntax.isIPv4(string)
        case .ipv6: IPAddressSyntax.isIPv6(string)
        case .uri: URISyntax.isValid(string, international: false, allowRelative: false)
        case .uriReference: URISyntax.isValid(string, international: false, allowRelative: true)
        case .iri: URISyntax.isValid(string, international: true, allowRelative: false)
        case .iriReference: URISyntax.isValid(string, international: true, allowRelative: true)
        case .uriTemplate: URITemplateSyntax.isValid(string)
        case .uuid: IdentifierSyntax.isUUID(string)
        case .jsonPointer: IdentifierSyntax.isJSONPointer(string)
        case .relativeJSONPointer: IdentifierSyntax.isRelativeJSONPointer(string)
        case .regex: formatRegexIsValid(string)
        }
    }
}
