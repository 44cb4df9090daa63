import GuidedGeneration
import ProceduralModel

/// A character's life outside the shop: where they grew up and live, their job, family, two
/// hobbies, favourite food, an opinion, a plan for each day of the week (Monday first), and the
/// answers to a nosy stranger's questions — age, pets, partner, children, music, reading,
/// watching, their last trip, what they did before, how long they have lived here, languages,
/// birthday.
/// Generated once per character under this type's schema (`Persona.generate`) and kept with the
/// game (`GameState.MetNPC.persona`), so personal questions get specific answers that stay the
/// same across the game and its saves, and different strangers have different lives; the
/// barista's is written in `content/game/barista.json`. A character's instructions carry it as
/// `sheet` (one line a fact), and its plans answer "what are you doing on Saturday?" when the
/// calendar has nothing that day (`GetContactEventTool`).
///
/// ```swift
/// let persona = try await Persona.generate(for: "Ada Lovelace", library: try .builtIn(), seed: 7)
/// print(persona.job, persona.plan(on: CalendarDate(year: 2026, month: 11, day: 28)!))
/// ```
public struct Persona: Generable, Equatable, Hashable {
    public var hometown: String
    public var home: String
    public var job: String
    public var family: String
    public var hobbies: [String]
    public var favouriteFood: String
    public var opinion: String
    /// What they do on each day of the week, Monday first.
    public var week: [String]
    public var age: String
    public var pets: String
    /// Who they share their life with ("married to a beekeeper called Ines", "single …").
    public var partner: String
    public var children: String
    public var music: String
    /// The book they are reading.
    public var reading: String
    /// The films or shows they watch.
    public var watching: String
    /// Their last trip away.
    public var travel: String
    /// What they did before their job, as they would say it ("I used to drive a night bus").
    public var previousJob: String
    /// How long they have lived here ("about six years now").
    public var settled: String
    public var languages: String
    /// When their birthday is ("on the 3rd of March").
    public var birthday: String

    public static let generationDescription: String? = "The life of a character of the coffee shop"

    public static let guides: [String: GenerationGuide] = [
        "hobbies": .count(2).uniqueElements(),
        "week": .count(7),
    ]

    public init(hometown: String, home: String, job: String, family: String, hobbies: [String], favouriteFood: String,
                opinion: String, week: [String], age: String = "", pets: String = "", partner: String = "", children: String = "",
                music: String = "", reading: String = "", watching: String = "", travel: String = "", previousJob: String = "",
                settled: String = "", languages: String = "", birthday: String = "") {
        self.hometown = hometown
        self.home = home
        self.job = job
        self.family = family
        self.hobbies = hobbies
        self.favouriteFood = favouriteFood
        self.opinion = opinion
        self.week = week
        self.age = age
        self.pets = pets
        self.partner = partner
        self.children = children
        self.music = music
        self.reading = reading
        self.watching = watching
        self.travel = travel
        self.previousJob = previousJob
        self.settled = settled
        self.languages = languages
        self.birthday = birthday
    }

    /// The persona of `name`, made by `library`'s embedded model under this type's schema;
    /// `seed` makes it repeatable.
    public static func generate(for name: String, library: ContentLibrary, seed: UInt64) async throws -> Persona {
        let session = LanguageModelSession(model: library.model)
        return try await session.respond(to: "Describe the life of \(name), a customer of the coffee shop.", generating: Persona.self,
                                         options: ItemSampling.options(seed: seed)).content
    }

    /// The plan for `date`'s day of the week.
    public func plan(on date: CalendarDate) -> String? {
        guard week.count == 7 else { return nil }
        return week[date.weekday - 1]
    }

    /// The facts as lines of the character's instructions ("Your job: a florist on Mill Lane."),
    /// which the procedural model's speakers capture for their answers.
    public var sheet: String {
        let lines = [
            ("Your hometown", hometown), ("Where you live", home), ("Your job", job), ("Your family", family),
            ("Your hobbies", PlayerFacts.list(hobbies) ?? ""), ("Your favourite food", favouriteFood), ("Your opinion", opinion),
            ("Your age", age), ("Your pets", pets), ("Your partner", partner), ("Your children", children), ("Your music", music),
            ("You are reading", reading), ("You watch", watching), ("Your last trip", travel), ("Before your job", previousJob),
            ("You have lived here", settled), ("Your languages", languages), ("Your birthday", birthday),
        ]
        return "\n" + lines.filter { !$0.1.isEmpty }.map { "\($0.0): \($0.1).\n" }.joined()
    }
}
