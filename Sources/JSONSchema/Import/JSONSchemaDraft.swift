/// The JSON Schema dialects the importer reads, detected from a document's `$schema`.
package enum JSONSchemaDraft: Int, Comparable, Sendable {
    case draft4 = 4
    case draft6 = 6
    case draft7 = 7
    case draft2019 = 2019
    case draft2020 = 2020

    package static func < (lhs: JSONSchemaDraft, rhs: JSONSchemaDraft) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The draft a `$schema` URI names, or nil for an unknown or missing one.
    package init?(metaSchema: String?) {
        guard let uri = metaSchema else { return nil }
        if uri.contains("draft-04") { self = .draft4 }
        else if uri.contains("draft-06") { self = .draft6 }
        else if uri.contains("draft-07") { self = .draft7 }
        else if uri.contains("2019-09") { self = .draft2019 }
        else if uri.contains("2020-12") { self = .draft2020 }
        else { return nil }
    }

    /// Up to draft 7, `$ref` replaces the schema it stands in: its siblings are ignored.
    package var refIgnoresSiblings: Bool { self <= .draft7 }

    /// The keyword that declares a schema's URI.
    package var idKeyword: String { self == .draft4 ? "id" : "$id" }
}
