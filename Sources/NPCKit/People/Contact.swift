import Foundation

/// A person the player knows: a full name, the given and family names when known, and a
/// birthday when known.
///
/// Codable in the shape of a `content/game/contacts.json` entry — `name` required, `givenName`,
/// `familyName` and `birthday` (`"YYYY-MM-DD"` or `"--MM-DD"`) left out when unknown. Contacts
/// come from such a file or from a vCard export (`Contact.load(from:)`).
///
/// ```swift
/// let marguerite = Contact(name: "Marguerite Oyelaran", givenName: "Marguerite", familyName: "Oyelaran",
///                          birthday: Birthday("1958-03-14"))
/// marguerite.generation                        // .babyBoomers
/// Contact(name: "Sam Okafor").generation       // nil: no birth year
/// ```
public struct Contact: Sendable, Hashable, Codable {
    /// The full name, as it is shown and as events name the person.
    public var name: String
    /// The first name, when known (vCard `N`, second component).
    public var givenName: String?
    /// The last name, when known (vCard `N`, first component).
    public var familyName: String?
    /// The birthday, with or without a year, when known.
    public var birthday: Birthday?

    /// A contact; only the full name is required.
    public init(name: String, givenName: String? = nil, familyName: String? = nil, birthday: Birthday? = nil) {
        self.name = name
        self.givenName = givenName
        self.familyName = familyName
        self.birthday = birthday
    }

    /// The age generation of the birth year; nil without a birthday, without a birth year, or
    /// for a year outside 1946–2012.
    public var generation: AgeGeneration? {
        birthday?.year.flatMap(AgeGeneration.init(birthYear:))
    }

    private enum CodingKeys: String, CodingKey {
        case name, givenName, familyName, birthday
    }

    /// Decodes a contacts.json entry; an empty `name` is a `DecodingError.dataCorrupted`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DecodingError.dataCorruptedError(forKey: .name, in: container, debugDescription: "a contact needs a non-empty name")
        }
        givenName = try container.decodeIfPresent(String.self, forKey: .givenName)
        familyName = try container.decodeIfPresent(String.self, forKey: .familyName)
        birthday = try container.decodeIfPresent(Birthday.self, forKey: .birthday)
    }
}
