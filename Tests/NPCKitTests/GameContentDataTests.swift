import Foundation
import NPCKit
import ProceduralModel
import Testing

/// `content/game/*.json` against the rules of docs/content-format.md.
@Suite("content/: game data")
struct GameContentDataTests {
    typealias Shapes = GameContentShapes

    @Test func roomsAreConnectedBothWaysAndFurnished() throws {
        let world = try ContentFolder.game("rooms.json", as: Shapes.Rooms.self)
        let rooms = Dictionary(world.rooms.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        #expect(world.rooms.count >= 7 && rooms.count == world.rooms.count, "at least 7 rooms with distinct ids")
        #expect(rooms[world.start] != nil)
        for room in world.rooms {
            #expect(!room.name.isEmpty && !room.aliases.isEmpty && room.description.count >= 80, "\(room.id)")
            #expect((2...4).contains(room.things.count), "\(room.id): \(room.things.count) things")
            #expect(room.things.allSatisfy { !$0.aliases.isEmpty && $0.description.count >= 40 }, "\(room.id)")
            #expect(Set(room.features).isSubset(of: ["barista", "riddles", "manager", "npcs"]), "\(room.id)")
            #expect(!room.exits.isEmpty && !room.exits.contains(room.id), "\(room.id)")
            for exit in room.exits {
                #expect(rooms[exit]?.exits.contains(room.id) == true, "\(room.id) → \(exit) has no way back")
            }
        }
        #expect(reachable(from: world.start, in: rooms) == Set(rooms.keys))
        #expect(rooms["counter"]?.features.contains("barista") == true)
        #expect(rooms["office"]?.features.contains("manager") == true)
        #expect(world.rooms.contains { $0.features.contains("riddles") })
        #expect(world.rooms.filter { $0.features.contains("npcs") }.count >= 4)
    }

    @Test func contactsSpanFourGenerations() throws {
        let contacts = try ContentFolder.game("contacts.json", as: Shapes.Contacts.self).contacts
        #expect(contacts.count >= 40)
        #expect(Set(contacts.map(\.name)).count == contacts.count)
        var perGeneration: [String: Int] = [:]
        var yearless = 0
        for contact in contacts {
            guard let birthday = contact.birthday else { continue }
            if birthday.hasPrefix("--") {
                yearless += 1
                let parts = birthday.dropFirst(2).split(separator: "-").compactMap { Int($0) }
                #expect(parts.count == 2 && (1...12).contains(parts[0]) && (1...CalendarDate.daysIn(month: parts[0], year: 2000)).contains(parts[1]),
                        "\(contact.name): \(birthday)")
            } else {
                let date = try #require(CalendarDate(isoString: birthday), "\(contact.name): \(birthday)")
                perGeneration[generation(of: date.year), default: 0] += 1
            }
        }
        for name in ["babyBoomers", "genX", "millennial", "genZ"] {
            #expect(perGeneration[name, default: 0] >= 8, "\(name): \(perGeneration[name, default: 0])")
        }
        #expect(perGeneration["none"] == nil, "birth years outside 1946–2012")
        #expect(yearless >= 2)
        #expect(contacts.filter { $0.birthday == nil }.count == 2)
    }

    @Test func eventsNameKnownContactsWithinTheSeason() throws {
        let contacts = Set(try ContentFolder.game("contacts.json", as: Shapes.Contacts.self).contacts.map(\.name))
        let events = try ContentFolder.game("events.json", as: Shapes.Events.self).events
        #expect(events.count >= 70)
        let first = try #require(CalendarDate(isoString: "2026-11-20")), last = try #require(CalendarDate(isoString: "2027-05-31"))
        for event in events {
            let date = try #require(CalendarDate(isoString: event.date), "\(event.title): \(event.date)")
            #expect(first <= date && date <= last, "\(event.title) on \(event.date)")
            #expect(!event.title.isEmpty && !(event.place ?? "").isEmpty, "\(event.title)")
            #expect((1...3).contains(event.contacts.count) && Set(event.contacts).isSubset(of: contacts), "\(event.title): \(event.contacts)")
            if let time = event.time {
                #expect(time.wholeMatch(of: #/([01][0-9]|2[0-3]):[0-5][0-9]/#) != nil, "\(event.title): \(time)")
            }
            if let rule = event.repeat {
                #expect(["weekly", "monthly", "yearly"].contains(rule.frequency), "\(event.title)")
                #expect(rule.count == nil || rule.until == nil, "\(event.title): count and until")
                #expect((rule.count ?? 1) >= 1, "\(event.title)")
                if let until = rule.until { #expect(CalendarDate(isoString: until).map { $0 >= date } == true, "\(event.title): until \(until)") }
            }
        }
        #expect(events.filter { $0.time != nil }.count * 2 > events.count, "most events have a time")
        #expect(events.filter { $0.date == "2026-11-24" }.count >= 3)
        #expect(events.filter { $0.repeat != nil }.count >= 3)
    }

    @Test func theBaristaPersonaIsThere() throws {
        struct Persona: Decodable {
            struct Barista: Decodable {
                let name: String
                let instructions: String
            }
            let barista: Barista
        }
        let persona = try ContentFolder.game("barista.json", as: Persona.self)
        #expect(persona.barista.name == "Juno" && persona.barista.instructions.contains("Juno"))
    }

    private func reachable(from start: String, in rooms: [String: Shapes.Rooms.Room]) -> Set<String> {
        var seen: Set<String> = [start], queue = [start]
        while let id = queue.popLast() {
            for exit in rooms[id]?.exits ?? [] where seen.insert(exit).inserted { queue.append(exit) }
        }
        return seen
    }

    private func generation(of year: Int) -> String {
        switch year {
        case 1946...1964: "babyBoomers"
        case 1965...1980: "genX"
        case 1981...1996: "millennial"
        case 1997...2012: "genZ"
        default: "none"
        }
    }
}
