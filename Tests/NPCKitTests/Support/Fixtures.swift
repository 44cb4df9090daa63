import Foundation
@testable import NPCKit
import ProceduralModel

/// Fixture files under `Tests/NPCKitTests/Fixtures/`, read in place.
enum Fixtures {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func url(_ area: String, _ name: String) -> URL {
        root.appendingPathComponent(area).appendingPathComponent(name)
    }

    static func data(_ area: String, _ name: String) throws -> Data {
        try Data(contentsOf: url(area, name))
    }
}

extension CalendarDate {
    /// A date written `YYYY-MM-DD` in a test (a typo is a test bug, so it fails loudly).
    static func at(_ text: String) -> CalendarDate {
        guard let date = CalendarDate(isoString: text) else { preconditionFailure("not a date: \(text)") }
        return date
    }
}
