@testable import GuidedGeneration
import JSONSchema
import RegexAutomata
import TestSupport
import Testing

/// Found by fuzzing schemas: work that grew with the square of a schema's size — extra keys
/// each excluded through a trie of every earlier key built anew (`minProperties: 100000` took
/// 81 s), `required` and `properties` names looked up by scanning lists (100,000 of them took
/// 14 s per line to validate), and `$ref` targets and definition names found by scanning
/// `$defs` (a 100,000-link chain took 29 s), and `GeneratedContent(properties:)` looking for a
/// repeated key by scanning. Each is now linear; these run the issue's sizes in
/// the integration tier and a fifth of them in the fast tier (where the old code took minutes),
/// checking the answers, and the incremental trie against one built at once.
@Suite struct LargeSchemaTests {
    static let size = TestTier.cases(fast: 20_000, full: 100_000)

    @Test func minPropertiesInTheTensOfThousandsGeneratesDistinctKeys() throws {
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "minProperties": \#(Self.size)}"#)
        var random = SeededRandom(seed: 43)
        let instance = schema.generate(random: &random)
        let keys = instance.orderedKeys
        #expect(keys.count == Self.size && Set(keys).count == keys.count)
        #expect(schema.isValid(instance))
    }

    @Test func tensOfThousandsOfRequiredPropertiesValidateByName() throws {
        let names = (0..<Self.size).map { "p\($0)" }
        let properties = names.map { #""\#($0)": {"type": "integer"}"# }.joined(separator: ", ")
        let list = names.map { #""\#($0)""# }.joined(separator: ", ")
        let schema = try GenerationSchema(jsonSchema: #"{"type": "object", "required": [\#(list)], "properties": {\#(properties)}}"#)
        var fields: [(String, GeneratedContent)] = names.enumerated().map { ($1, GeneratedContent($0)) }
        #expect(schema.isValid(GeneratedContent(properties: fields)))
        fields.remove(at: Self.size / 2)
        #expect(schema.violations(of: GeneratedContent(properties: fields)).map(\.message) == ["missing required property 'p\(Self.size / 2)'"])
        fields.append(("p\(Self.size / 2)", GeneratedContent("text")))
        #expect(!schema.isValid(GeneratedContent(properties: fields)))
    }

    @Test func aChainOfTensOfThousandsOfReferencesIsFollowed() throws {
        let links = (0..<Self.size).map { ##""d\##($0)": {"$ref": "#/$defs/d\##($0 + 1)"}"## }.joined(separator: ", ")
        let json = ##"{"$defs": {\##(links), "d\##(Self.size)": {"type": "string", "minLength": 2}}, "$ref": "#/$defs/d0"}"##
        let schema = try GenerationSchema(jsonSchema: json)
        #expect(try schema.validInstances(count: 3, seed: 1).allSatisfy { ($0.stringValue?.count ?? 0) >= 2 })
        #expect(!schema.isValid(GeneratedContent("a")))
    }

    /// Strings excluded one by one give the trie that excluding them all at once gives: every
    /// sample from either avoids them, and both draw the same strings from the same seed.
    @Test func anExclusionTrieExtendedStringByStringEqualsOneBuiltAtOnce() throws {
        let sampler = try #require(DFASampler(try RegexPattern("^[ab]{1,3}$").wholeDFA(), lengthIn: 0...3))
        var random = SeededRandom(seed: 5)
        var taken = Set<String>()
        var growing = sampler.exclusion(of: [])
        for _ in 0..<13 {
            let whole = sampler.exclusion(of: taken)
            var a = random, b = random
            let fromGrowing = sampler.sample(random: &a, avoiding: growing)
            #expect(fromGrowing == sampler.sample(random: &b, avoiding: whole))
            let next = try #require(fromGrowing)
            #expect(!taken.contains(next))
            taken.insert(next)
            sampler.exclude(next, from: &growing)
            random = a
        }
        // All 14 strings of one to three letters are taken but one.
        #expect(taken.count == 13)
        sampler.exclude(try #require(sampler.sample(random: &random, avoiding: growing)), from: &growing)
        #expect(sampler.sample(random: &random, avoiding: growing) == nil)
    }
}
