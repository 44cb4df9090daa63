import NPCKit

/// Which character a name typed by the player means: the one reading of names behind every
/// command that names someone or something here — `talk`, `examine`, `make … for`,
/// `recommend … for`, `apologize`/`refund`/`remake <name>`, and `take` for the player's own
/// creations. Case and extra spaces never matter. The closest kind of fit wins: the whole name,
/// then one of its words (a first or last name), then the kind of thing it is (a creation's type,
/// "pirate"), then the start of the name or of one of its words ("sa", "Sam T"). Two characters
/// that fit equally closely by name are asked about rather than guessed; by kind, the first is
/// taken.
///
/// ```swift
/// let here = [NameResolver.Candidate(id: 0, name: "Sam Tester"), .init(id: 1, name: "Sally Other")]
/// NameResolver.resolve("sam", among: here)      // .one(0)
/// NameResolver.resolve("sa", among: here)       // .several(["Sam Tester", "Sally Other"])
/// ```
enum NameResolver {
    /// Someone or something a name may mean.
    struct Candidate<ID> {
        let id: ID
        let name: String
        /// What kind of thing it is, when the player may name it by that ("pirate").
        var kind: String?
    }

    /// What a typed name means.
    enum Resolution<ID> {
        case one(ID)
        /// Several fit equally closely: their names, to ask which.
        case several([String])
        case none
    }

    /// The candidate `typed` means (nothing for an empty name).
    static func resolve<ID>(_ typed: String, among candidates: [Candidate<ID>]) -> Resolution<ID> {
        let wanted = Room.normalized(typed)
        guard !wanted.isEmpty else { return .none }
        let fits = candidates.compactMap { candidate in closeness(of: wanted, to: candidate).map { (candidate, $0) } }
        guard let best = fits.map(\.1).min() else { return .none }
        let closest = fits.filter { $0.1 == best }.map(\.0)
        let names = closest.map(\.name).reduce(into: [String]()) { names, name in if !names.contains(name) { names.append(name) } }
        return best == .kind || names.count == 1 ? .one(closest[0].id) : .several(names)
    }

    /// The question for a name that fits several: "Which one do you mean: Sam Tester or Sally Other?"
    static func question(_ names: [String]) -> String {
        "Which one do you mean: " + CreationProse.list(names, joinedBy: "or") + "?"
    }

    /// How closely a name fits, closest first.
    private enum Closeness: Int, Comparable {
        case whole, word, kind, start

        static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private static func closeness<ID>(of wanted: String, to candidate: Candidate<ID>) -> Closeness? {
        let name = Room.normalized(candidate.name)
        let words = name.split(separator: " ")
        if name == wanted { return .whole }
        if words.contains(where: { $0 == wanted }) { return .word }
        if let kind = candidate.kind, Room.normalized(kind) == wanted { return .kind }
        if name.hasPrefix(wanted) || words.contains(where: { $0.hasPrefix(wanted) }) { return .start }
        return nil
    }
}
