import Foundation

extension Contact {
    /// The contacts of a file, read by its extension: `.vcf` (vCard 3.0 or 4.0, see
    /// `VCardImport`) or `.json` (the `content/game/contacts.json` shape).
    ///
    /// ```swift
    /// let contacts = try Contact.load(from: URL(fileURLWithPath: "/Users/me/Desktop/contacts.vcf"))
    /// ```
    /// - Throws: `ImportError` naming the file and the line or key path of the first problem,
    ///   or the supported extensions for any other file.
    public static func load(from url: URL) throws -> [Contact] {
        let file = url.lastPathComponent
        switch url.pathExtension.lowercased() {
        case "vcf", "vcard": return try VCardImport.contacts(from: ImportFile.data(at: url), file: file)
        case "json": return try list(fromJSON: ImportFile.data(at: url), file: file)
        default: throw ImportError.unsupportedFileType(file: file, supported: ["vcf", "json"])
        }
    }

    /// The contacts of a JSON document shaped like `content/game/contacts.json`:
    /// `{"contacts": [{"name": "Sam Okafor", "birthday": "--07-02"}, …]}`.
    ///
    /// ```swift
    /// let contacts = try Contact.list(fromJSON: Data(#"{"contacts": [{"name": "Sam Okafor"}]}"#.utf8))
    /// ```
    /// - Throws: `ImportError.invalidJSON` with the key path of the problem (`contacts[3].birthday`).
    package static func list(fromJSON data: Data, file: String? = nil) throws -> [Contact] {
        try ImportFile.decodeJSON(ContactList.self, from: data, file: file).contacts
    }

    private struct ContactList: Decodable {
        let contacts: [Contact]
    }
}
