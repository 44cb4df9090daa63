import NPCKit

/// The shapes of `content/game/*.json` (docs/content-format.md), decoded strictly enough for the
/// data tests: a missing required key fails the decoding.
enum GameContentShapes {
    struct Rooms: Decodable {
        struct Thing: Decodable {
            let name: String
            let aliases: [String]
            let description: String
        }

        struct Room: Decodable {
            let id: String
            let name: String
            let aliases: [String]
            let description: String
            let exits: [String]
            let things: [Thing]
            let features: [String]
        }

        let start: String
        let rooms: [Room]
    }

    struct Contacts: Decodable {
        struct Contact: Decodable {
            let name: String
            let givenName: String?
            let familyName: String?
            let birthday: String?
        }

        let contacts: [Contact]
    }

    struct Events: Decodable {
        struct Repeat: Decodable {
            let frequency: String
            let count: Int?
            let until: String?
        }

        struct Event: Decodable {
            let title: String
            let date: String
            let time: String?
            let place: String?
            let contacts: [String]
            let `repeat`: Repeat?
        }

        let events: [Event]
    }

    struct Menu: Decodable {
        struct Item: Decodable {
            let name: String
            let price: Int
        }

        let currency: String
        let drinks: [Item]
        let sizes: [Item]
        let milks: [Item]
        let syrups: [Item]
        let extras: [Item]
        let temperatures: [Item]
        let food: [Item]?
    }
}
