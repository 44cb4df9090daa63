import Foundation
import Testing
@testable import GuidedGeneration
@testable import ProceduralModel

@Suite("ProceduralContent: broken packs are reported with file and key path")
struct ProceduralContentErrorTests {
    /// A minimal valid grammar and corpus the broken files below are added to.
    static let base = #"{"grammar": {"symbols": {"fullName": ["Ada Lovelace"], "hi": ["Hello."]}}, "corpus": ["A sentence of words."]}"#

    struct Case: CustomTestStringConvertible, Sendable {
        let label: String
        let file: String
        let expected: ProceduralContentError
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "malformed JSON", file: "{\n  \"slots\": [,]\n}",
             expected: .malformedJSON(file: "", line: 2, column: 13, message: "")),
        Case(label: "root is not an object", file: "[]",
             expected: .invalid(file: "", keyPath: "(root)", problem: "expected an object, found array")),
        Case(label: "unknown section", file: #"{"slot": []}"#,
             expected: .invalid(file: "", keyPath: "slot", problem: "unknown section (allowed: grammar, slots, lexicon, records, intents, speakers, synonyms, corpus)")),
        Case(label: "slot with an unknown symbol",
             file: #"{"slots": [{"symbol": "hi", "names": ["x"]}, {"symbol": "fulName", "names": ["name"]}]}"#,
             expected: .invalid(file: "", keyPath: "slots[1].symbol", problem: "unknown grammar symbol 'fulName'")),
        Case(label: "slot without a symbol", file: #"{"slots": [{"names": ["name"]}]}"#,
             expected: .invalid(file: "", keyPath: "slots[0]", problem: "missing required key 'symbol'")),
        Case(label: "slot with an unknown key", file: #"{"slots": [{"symbol": "hi", "name": ["x"]}]}"#,
             expected: .invalid(file: "", keyPath: "slots[0].name", problem: "unknown key (allowed: symbol, names, descriptions, types, weight, tool)")),
        Case(label: "slot tool without a capability", file: #"{"slots": [{"symbol": "hi", "names": ["x"], "tool": {"keywords": ["k"]}}]}"#,
             expected: .invalid(file: "", keyPath: "slots[0].tool", problem: "missing required key 'capability'")),
        Case(label: "slot nothing can select", file: #"{"slots": [{"symbol": "hi"}]}"#,
             expected: .invalid(file: "", keyPath: "slots[0]", problem: "a slot needs at least one of names, descriptions or types, or nothing can select it")),
        Case(label: "slot with a zero weight", file: #"{"slots": [{"symbol": "hi", "names": ["x"], "weight": 0}]}"#,
             expected: .invalid(file: "", keyPath: "slots[0].weight", problem: "expected a positive number")),
        Case(label: "slot names not strings", file: #"{"slots": [{"symbol": "hi", "names": ["x", 3]}]}"#,
             expected: .invalid(file: "", keyPath: "slots[0].names[1]", problem: "expected a string, found integer")),
        Case(label: "lexicon that is not an array", file: #"{"lexicon": {"colour": ["hue"]}}"#,
             expected: .invalid(file: "", keyPath: "lexicon", problem: "expected an array, found object")),
        Case(label: "lexicon entry with an unknown symbol", file: #"{"lexicon": [{"symbol": "hi", "words": ["hello"]}, {"symbol": "colour", "words": ["hue"]}]}"#,
             expected: .invalid(file: "", keyPath: "lexicon[1].symbol", problem: "unknown grammar symbol 'colour'")),
        Case(label: "lexicon entry without words", file: #"{"lexicon": [{"symbol": "hi"}]}"#,
             expected: .invalid(file: "", keyPath: "lexicon[0]", problem: "missing required key 'words'")),
        Case(label: "lexicon entry with no word", file: #"{"lexicon": [{"symbol": "hi", "words": []}]}"#,
             expected: .invalid(file: "", keyPath: "lexicon[0].words", problem: "a lexicon entry needs at least one word")),
        Case(label: "lexicon entry with an unknown key", file: #"{"lexicon": [{"symbol": "hi", "words": ["hello"], "weight": 2}]}"#,
             expected: .invalid(file: "", keyPath: "lexicon[0].weight", problem: "unknown key (allowed: symbol, words, cues)")),
        Case(label: "lexicon word of common words only", file: #"{"lexicon": [{"symbol": "hi", "words": ["hello", "of the"]}]}"#,
             expected: .invalid(file: "", keyPath: "lexicon[0].words[1]", problem: "'of the' has no word that can name a kind (only common words or punctuation)")),
        Case(label: "lexicon cue not a string", file: #"{"lexicon": [{"symbol": "hi", "words": ["hello"], "cues": [3]}]}"#,
             expected: .invalid(file: "", keyPath: "lexicon[0].cues[0]", problem: "expected a string, found integer")),
        Case(label: "intent with an unknown response",
             file: #"{"intents": [{"name": "hello", "examples": ["hi"], "response": "hiReply"}]}"#,
             expected: .invalid(file: "", keyPath: "intents[0].response", problem: "unknown grammar symbol 'hiReply'")),
        Case(label: "intent of an undeclared speaker",
             file: #"{"intents": [{"name": "hello", "examples": ["hi"], "response": "hi", "speaker": "pirate"}]}"#,
             expected: .invalid(file: "", keyPath: "intents[0].speaker", problem: "no speaker is named 'pirate' in the speakers section")),
        Case(label: "speaker with an unknown fallback",
             file: #"{"speakers": [{"name": "guest", "marker": "a guest", "fallback": "shrug"}]}"#,
             expected: .invalid(file: "", keyPath: "speakers[0].fallback", problem: "unknown grammar symbol 'shrug'")),
        Case(label: "synonym group named by a phrase", file: #"{"synonyms": {"wi fi": ["internet"]}}"#,
             expected: .invalid(file: "", keyPath: "synonyms.wi fi", problem: "a synonym group's name must be one word, its canonical form")),
        Case(label: "synonym variants not strings", file: #"{"synonyms": {"wifi": ["internet", 3]}}"#,
             expected: .invalid(file: "", keyPath: "synonyms.wifi[1]", problem: "expected a string, found integer")),
        Case(label: "synonym variant of punctuation only", file: #"{"synonyms": {"wifi": ["--"]}}"#,
             expected: .invalid(file: "", keyPath: "synonyms.wifi[0]", problem: "a variant needs at least one letter or digit")),
        Case(label: "a variant in two groups", file: #"{"synonyms": {"wifi": ["network"], "people": ["folk", "networks"]}}"#,
             expected: .invalid(file: "", keyPath: "synonyms.people[1]", problem: "'networks' already belongs to the synonyms of 'wifi'")),
        Case(label: "a group named by another group's variant", file: #"{"synonyms": {"wifi": ["internet"], "internet": ["web"]}}"#,
             expected: .invalid(file: "", keyPath: "synonyms.internet", problem: "'internet' already belongs to the synonyms of 'wifi'")),
        Case(label: "speaker without a marker", file: #"{"speakers": [{"name": "guest"}]}"#,
             expected: .invalid(file: "", keyPath: "speakers[0]", problem: "missing required key 'marker'")),
        Case(label: "speaker capture without an end", file: #"{"speakers": [{"name": "guest", "marker": "a guest", "captures": [{"symbol": "hi", "after": "I am "}]}]}"#,
             expected: .invalid(file: "", keyPath: "speakers[0].captures[0]", problem: "missing required key 'until'")),
        Case(label: "speaker capture filling no symbol",
             file: #"{"speakers": [{"name": "guest", "marker": "a guest", "captures": [{"symbol": [], "after": "I am ", "until": "."}]}]}"#,
             expected: .invalid(file: "", keyPath: "speakers[0].captures[0].symbol", problem: "name the symbol (or symbols) the capture fills")),
        Case(label: "speaker capture unmatched without closest",
             file: #"{"speakers": [{"name": "guest", "marker": "a guest", "captures": [{"symbol": "a", "after": "I am ", "until": ".", "unmatched": "Maybe {}."}]}]}"#,
             expected: .invalid(file: "", keyPath: "speakers[0].captures[0].unmatched",
                                problem: "only a capture with \"closest\": true offers its latest text when none matches")),
        Case(label: "speaker capture named without closest",
             file: #"{"speakers": [{"name": "guest", "marker": "a guest", "captures": [{"symbol": "a", "after": "I am ", "until": ".", "named": true}]}]}"#,
             expected: .invalid(file: "", keyPath: "speakers[0].captures[0].named",
                                problem: "only a capture with \"closest\": true chooses among texts by the words they name")),
        Case(label: "speaker capture second without closest",
             file: #"{"speakers": [{"name": "guest", "marker": "a guest", "captures": [{"symbol": "a", "after": "I am ", "until": ".", "second": true}]}]}"#,
             expected: .invalid(file: "", keyPath: "speakers[0].captures[0].second",
                                problem: "only a capture with \"closest\": true keeps the text second closest to the prompt")),
        Case(label: "speaker capture whenNamed not a flag",
             file: #"{"speakers": [{"name": "guest", "marker": "a guest", "captures": [{"symbol": "a", "after": "I am ", "until": ".", "whenNamed": 1}]}]}"#,
             expected: .invalid(file: "", keyPath: "speakers[0].captures[0].whenNamed", problem: "expected true or false, found integer")),
        Case(label: "speaker capture unmatched without a slot",
             file: #"{"speakers": [{"name": "guest", "marker": "a guest", "captures": [{"symbol": "a", "after": "I am ", "until": ".", "closest": true, "unmatched": "Maybe."}]}]}"#,
             expected: .invalid(file: "", keyPath: "speakers[0].captures[0].unmatched", problem: "a template needs {} where the captured text goes")),
        Case(label: "speaker capture closest not a flag",
             file: #"{"speakers": [{"name": "guest", "marker": "a guest", "captures": [{"symbol": "a", "after": "I am ", "until": ".", "closest": "yes"}]}]}"#,
             expected: .invalid(file: "", keyPath: "speakers[0].captures[0].closest", problem: "expected true or false, found string")),
        Case(label: "intent with an unknown cue", file: #"{"intents": [{"name": "a", "examples": ["x"], "response": "hi", "cue": "weather"}]}"#,
             expected: .invalid(file: "", keyPath: "intents[0].cue", problem: "expected 'date', 'opinion', 'goodNews', 'badNews', 'joke', 'place', 'instruction', 'price' or 'ownName', found 'weather'")),
        Case(label: "intent without examples", file: #"{"intents": [{"name": "hello", "examples": [], "response": "hi"}]}"#,
             expected: .invalid(file: "", keyPath: "intents[0].examples", problem: "an intent needs at least one example")),
        Case(label: "intent defined twice in one file",
             file: #"{"intents": [{"name": "a", "examples": ["x"], "response": "hi"}, {"name": "a", "examples": ["y"], "response": "hi"}]}"#,
             expected: .invalid(file: "", keyPath: "intents[1].name", problem: "intent 'a' is defined twice in this file")),
        Case(label: "intent tool without capability",
             file: #"{"intents": [{"name": "a", "examples": ["x"], "response": "hi", "tool": {"keywords": ["k"]}}]}"#,
             expected: .invalid(file: "", keyPath: "intents[0].tool", problem: "missing required key 'capability'")),
        Case(label: "record collection not an array", file: #"{"records": {"riddles": {"question": "?"}}}"#,
             expected: .invalid(file: "", keyPath: "records.riddles", problem: "expected an array, found object")),
        Case(label: "record that is not an object", file: #"{"records": {"riddles": [{"q": "?"}, "what?"]}}"#,
             expected: .invalid(file: "", keyPath: "records.riddles[1]", problem: "expected an object, found string")),
        Case(label: "empty record collection", file: #"{"records": {"riddles": []}}"#,
             expected: .invalid(file: "", keyPath: "records.riddles", problem: "a record collection needs at least one record")),
        Case(label: "records of different shapes", file: #"{"records": {"riddles": [{"q": "?", "a": "!"}, {"q": "?"}]}}"#,
             expected: .invalid(file: "", keyPath: "records.riddles[1]", problem: "its keys differ from those of records.riddles[0]; all records of a collection have the same keys")),
        Case(label: "record with mixed nested objects",
             file: #"{"records": {"riddles": [{"q": "?", "answers": [{"text": "a"}, {"label": "b"}]}]}}"#,
             expected: .invalid(file: "", keyPath: "records.riddles[0]", problem: "the objects inside one of its arrays have different keys")),
        Case(label: "corpus entry not a string", file: #"{"corpus": ["fine", 2]}"#,
             expected: .invalid(file: "", keyPath: "corpus[1]", problem: "expected a string, found integer")),
        Case(label: "grammar referencing an unknown symbol", file: #"{"grammar": {"symbols": {"bye": ["See you, #nmae#."]}}}"#,
             expected: .invalid(file: "", keyPath: "grammar", problem: "bye[0]: unknown symbol 'nmae'")),
        Case(label: "grammar of the wrong shape", file: #"{"grammar": {"symbols": {"bye": "See you."}}}"#,
             expected: .invalid(file: "", keyPath: "grammar", problem: "symbols.bye: expected an array of alternatives")),
    ]

    @Test(arguments: cases)
    func brokenFileIsReported(_ testCase: Case) throws {
        // The broken file sorts after the valid one, so the error must name it, not the first file.
        let pack = try TemporaryPack(files: ["a-base.json": Self.base, "b-broken.json": testCase.file])
        let brokenName = pack.url.appendingPathComponent("b-broken.json").relativePath
        let expected: ProceduralContentError
        switch testCase.expected {
        case .malformedJSON(_, let line, let column, _):
            let error = try #require(throws: ProceduralContentError.self) { try ProceduralContent(directory: pack.url) }
            guard case .malformedJSON(let file, let gotLine, let gotColumn, let message) = error else {
                Issue.record("expected malformedJSON, got \(error)")
                return
            }
            #expect(file == brokenName && gotLine == line && gotColumn == column && !message.isEmpty)
            return
        case .invalid(_, let keyPath, let problem):
            expected = .invalid(file: brokenName, keyPath: keyPath, problem: problem)
        default:
            expected = testCase.expected
        }
        #expect(throws: expected) { try ProceduralContent(directory: pack.url) }
    }

    @Test func grammarErrorNamesTheFileDefiningTheSymbol() throws {
        let pack = try TemporaryPack(files: [
            "a.json": Self.base,
            "b.json": #"{"grammar": {"symbols": {"hi": ["Hi #who.shout#"], "who": ["you"]}}}"#,
            "c.json": #"{"grammar": {"symbols": {"bye": ["Bye."]}}}"#,
        ])
        let error = try #require(throws: ProceduralContentError.self) { try ProceduralContent(directory: pack.url) }
        #expect(error == .invalid(file: pack.url.appendingPathComponent("b.json").relativePath, keyPath: "grammar",
                                  problem: "hi[0]: unknown modifier 'shout'"))
        #expect(error.description.hasSuffix("b.json: grammar: hi[0]: unknown modifier 'shout'"))
    }

    @Test func packWithoutCorpusIsRejected() throws {
        let pack = try TemporaryPack(files: ["a.json": #"{"grammar": {"symbols": {"hi": ["Hello."]}}, "corpus": ["?!"]}"#])
        #expect(throws: ProceduralContentError.missingCorpus) { try ProceduralContent(directory: pack.url) }
    }

    @Test func directoryWithoutContentFilesIsRejected() throws {
        let pack = try TemporaryPack(files: ["notes.txt": "not content"])
        #expect(throws: ProceduralContentError.noContentFiles(directory: pack.url.relativePath)) {
            try ProceduralContent(directory: pack.url)
        }
        let missing = pack.url.appendingPathComponent("nowhere")
        let error = try #require(throws: ProceduralContentError.self) { try ProceduralContent(directory: missing) }
        guard case .unreadable(let file, _) = error else {
            Issue.record("expected unreadable, got \(error)")
            return
        }
        #expect(file == missing.relativePath)
    }

    @Test func inMemoryDocumentsNameThemselvesInErrors() {
        #expect(throws: ProceduralContentError.invalid(file: "mine.json", keyPath: "slots[0].symbol", problem: "unknown grammar symbol 'nope'")) {
            try ProceduralContent(documents: [
                (name: "base.json", json: Self.base),
                (name: "mine.json", json: #"{"slots": [{"symbol": "nope", "names": ["x"]}]}"#),
            ])
        }
        #expect(ProceduralContentError.invalid(file: "content/slots.json", keyPath: "slots[3].symbol", problem: "unknown grammar symbol 'fulName'").description
                == "content/slots.json: slots[3].symbol: unknown grammar symbol 'fulName'")
    }
}
