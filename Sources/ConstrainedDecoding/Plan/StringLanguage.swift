import JSONSchema
import RegexAutomata

/// Builds the DFA of a string alternative — its patterns, formats and negated patterns
/// intersected — and the plan that samples it within the length window.
package enum StringLanguage {
    /// Strings without an upper length bound are drawn at most this much past their shortest
    /// allowed length (any length is valid for them; this keeps them readable).
    package static let openLengthAllowance = 24
    /// Capacities are counted up to this many strings.
    package static let capacityCap = 1 << 20

    /// The DFA of strings a format's generator produces (a subset of the format's valid strings).
    package static let formatLanguages: [StringFormat: DFA] = {
        var result: [StringFormat: DFA] = [:]
        for format in StringFormat.allCases {
            result[format] = try? RegexPattern(format.generationPattern).wholeDFA()
        }
        return result
    }()

    /// The DFA of strings of a format the matcher accepts (a superset of `formatLanguages`).
    package static let formatMatchingLanguages: [StringFormat: DFA] = {
        var result: [StringFormat: DFA] = [:]
        for format in StringFormat.allCases {
            result[format] = try? RegexPattern(format.matchingPattern).wholeDFA()
        }
        return result
    }()

    /// The plan for a string alternative, or nil when no string satisfies it.
    package static func plan(for alt: Alternative, location: String) throws -> StringPlan? {
        var base = DFA.universal(over: .all)
        var matchingBase = base
        do {
            for format in alt.formats {
                guard let language = formatLanguages[format] else {
                    throw SchemaError.unsupportedKeyword(
                        keyword: "format", pointer: location,
                        context: .init(debugDescription: "no generator for the format '\(format.rawValue)'"))
                }
                base = try base.intersection(language)
                matchingBase = try matchingBase.intersection(formatMatchingLanguages[format] ?? language)
            }
            for pattern in alt.antiPatterns {
                let outside = try pattern.regex.searchDFA().complement()
                base = try base.intersection(outside)
                matchingBase = try matchingBase.intersection(outside)
            }
            // Prefer strings the patterns match whole (readable); fall back to strings that
            // merely contain a match when length limits demand it. Matching accepts both.
            var whole: DFA?
            if !alt.patterns.isEmpty {
                var language = base
                for pattern in alt.patterns { language = try language.intersection(try pattern.regex.wholeDFA()) }
                whole = language
            }
            var search = base
            var matching = matchingBase
            var searchError: RegexError?
            do {
                for pattern in alt.patterns {
                    let found = try pattern.regex.searchDFA()
                    search = try search.intersection(found)
                    matching = try matching.intersection(found)
                }
            } catch {
                searchError = error
            }
            if let whole, let plan = plan(whole, alt, matchDFA: searchError == nil ? matching : whole) { return plan }
            if let searchError { throw searchError }
            return plan(search, alt, matchDFA: matching)
        } catch let error as RegexError {
            throw SchemaError.unsupportedKeyword(
                keyword: "pattern", pointer: location,
                context: .init(debugDescription: "\(error.description)"))
        }
    }

    /// A plan over `dfa` for the alternative's window and exclusions, if one string remains.
    package static func plan(_ dfa: DFA, matchDFA: DFA? = nil, minLength: Int, maxLength: Int?, excluded: Set<String>) -> StringPlan? {
        guard let shortest = dfa.shortestLength else { return nil }
        var upper = maxLength ?? (max(minLength, shortest) + openLengthAllowance)
        if let longest = dfa.longestLength { upper = min(upper, longest) }
        guard minLength <= upper, let sampler = dfa.sampler(lengthIn: minLength...upper) else { return nil }
        let inside = excluded.filter { s in
            let n = s.unicodeScalars.count
            return n >= minLength && n <= upper && dfa.accepts(s)
        }
        let count = dfa.countStrings(lengthIn: minLength...upper, cap: capacityCap)
        guard count > inside.count else { return nil }
        return StringPlan(dfa: dfa, matchDFA: matchDFA, sampler: sampler, minLength: minLength, maxLength: maxLength,
                          excluded: excluded, capacity: count - inside.count)
    }

    private static func plan(_ dfa: DFA, _ alt: Alternative, matchDFA: DFA) -> StringPlan? {
        let excluded = Set(alt.excluded.compactMap(\.stringValue))
        return plan(dfa, matchDFA: matchDFA, minLength: alt.minLength, maxLength: alt.maxLength, excluded: excluded)
    }
}
