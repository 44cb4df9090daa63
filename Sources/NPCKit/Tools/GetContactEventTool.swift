import GuidedGeneration
import ProceduralModel

/// A tool that tells what one contact has planned on a given day: the events of the player's
/// calendar that contact takes part in, repetitions included.
///
/// The output is one sentence: the events, earliest first (all-day events before timed ones),
/// separated by semicolons, each with its time and place when known —
/// `19:00 Pottery night at The Kiln Collective.` — or an
/// honest "Nothing planned with Sam Okafor on Tuesday, November 24, 2026." Made for the contact
/// who is speaking (`speaksForContact`), it answers in the first person instead: "On Saturday,
/// November 28 I have Spring bulb planting at 12:30 at Community Garden." or "I have nothing
/// planned on Tuesday, November 24." The arguments are a
/// day, a month and a year; the procedural model derives them from the prompt and the date in
/// the instructions ("What's going on tomorrow?" with "Today is 2026-11-23."). It declares the
/// `events` capability, which is how the procedural model's intents that ask for events find
/// it. The tool's name is the same for every contact, so register one per session.
///
/// ```swift
/// let tool = GetContactEventTool(contact: "Tobias Reyes-Lund", events: try CalendarEvent.load(from: eventsURL))
/// let session = LanguageModelSession(tools: [tool], instructions: "You are Juno, a barista. Today is 2026-11-23.")
/// let reply = try await session.respond(to: "What's going on tomorrow?")
/// ```
public struct GetContactEventTool: Tool {
    /// The day to look at.
    public struct Arguments: Generable {
        /// The day of the month, 1…31.
        public let day: Int
        /// The month, 1…12.
        public let month: Int
        /// The year, 1900…2200.
        public let year: Int

        /// Arguments naming a day (an impossible one gets an honest answer, not an error).
        public init(day: Int, month: Int, year: Int) {
            self.day = day
            self.month = month
            self.year = year
        }

        /// Keeps generated days, months and years in range.
        public static let guides: [String: GenerationGuide] = [
            "day": .description("Day of the month").range(1...31),
            "month": .description("Month, 1 for January").range(1...12),
            "year": .description("Year").range(1900...2200),
        ]
    }

    /// `getCalendarEvents`.
    public let name = "getCalendarEvents"
    /// What slots and intents asking for `events` are given (and not `contacts`, though the
    /// description speaks of a contact).
    public let capabilities: Set<String> = ["events"]
    /// Speaks of events and the calendar with the contact, and names no other capability.
    public let description: String
    /// The full name of the contact whose events are looked up.
    public let contact: String
    /// The contact's events (the others are dropped when the tool is made).
    public let events: [CalendarEvent]
    /// Whether the contact is the one speaking (the answers are in the first person).
    public let speaksForContact: Bool
    /// What the speaking contact does on each day of the week, Monday first (`Persona.week`).
    public let week: [String]
    /// The day it is for the one asking, when known: a day before it is told in the past tense
    /// ("On Wednesday, March 10 it was a quiet evening").
    public let today: CalendarDate?

    /// A tool over the events of `events` that `contact` (a full name, compared ignoring case)
    /// takes part in; `speaksForContact` when the contact is the character answering, whose
    /// usual `week` (seven plans, Monday first) fills the days the calendar leaves empty; with
    /// `today`, days before it are told as past.
    public init(contact: String, events: [CalendarEvent], speaksForContact: Bool = false, week: [String] = [], today: CalendarDate? = nil) {
        self.contact = contact
        self.today = today
        self.speaksForContact = speaksForContact
        self.week = week.count == 7 ? week : []
        self.events = events.filter { $0.involves(contact) }
        description = "Looks up the events on the calendar with \(contact) for a day: what is planned, when and where."
    }

    /// The contact's events on the day, one line each, or a sentence saying there are none.
    public func call(arguments: Arguments) async throws -> String {
        guard let date = CalendarDate(year: arguments.year, month: arguments.month, day: arguments.day) else {
            let month = (1...12).contains(arguments.month) ? CalendarDate.monthNames[arguments.month - 1] : "month \(arguments.month) of"
            return "There is no day \(arguments.day) in \(month) \(arguments.year)."
        }
        func startMinute(_ event: CalendarEvent) -> Int { event.time.map { $0.hour * 60 + $0.minute } ?? -1 }
        let planned = events.filter { $0.occurs(on: date) }.sorted { startMinute($0) < startMinute($1) }
        let day = date.spoken
        if speaksForContact {
            let (have, itIs) = today.map { date < $0 } == true ? ("had", "it was") : ("have", "it's")
            guard !planned.isEmpty else {
                return week.isEmpty ? "I \(have) nothing planned on \(day)." : "On \(day) \(itIs) \(week[date.weekday - 1])."
            }
            let plans = planned.map { event in
                [event.title, event.time.map { "at \($0)" }, event.place.map { "at \($0)" }].compactMap { $0 }.joined(separator: " ")
            }
            return "On \(day) I \(have) " + (plans.count == 1 ? plans[0] : plans.dropLast().joined(separator: ", ") + " and then " + plans[plans.count - 1]) + "."
        }
        guard !planned.isEmpty else { return "Nothing planned with \(contact) on \(day), \(date.year)." }
        return planned.map { event in
            [event.time?.description, event.title, event.place.map { "at \($0)" }].compactMap { $0 }.joined(separator: " ")
        }.joined(separator: "; ") + "."
    }
}
