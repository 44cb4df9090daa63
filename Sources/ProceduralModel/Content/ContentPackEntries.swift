import GuidedGeneration
import JSONSchema

extension ProceduralContent {
    /// A capability an intent or a slot asks of a registered tool. A tool that declares
    /// capabilities (`Tool.capabilities`) offers exactly those; one that declares none is chosen
    /// from what it says: the capability or one of the keywords must be among the words of its
    /// name, its description or its argument schema (property names and their descriptions).
    ///
    /// ```swift
    /// let wanted = ProceduralContent.ToolRequest(capability: "contacts", keywords: ["contact", "friend"])
    /// wanted.isOffered(byToolNamed: "lookUp", description: "Anyone the player knows", capabilities: ["contacts"])   // true
    /// wanted.isOffered(byToolNamed: "contactCount", description: "How many contacts", capabilities: ["statistics"])  // false
    /// wanted.isOffered(byToolNamed: "findContact", description: "Finds a contact", capabilities: [])                // true: words
    /// let friends = try GenerationSchema(jsonSchema: #"{"type": "object", "properties": {"friendGroup": {"type": "string"}}}"#)
    /// wanted.isOffered(byToolNamed: "lookUp", description: "Looks up", capabilities: [], parameters: friends)           // true: its argument
    /// ```
    package struct ToolRequest: Sendable, Equatable, Hashable {
        package var capability: String
        package var keywords: [String]

        package init(capability: String, keywords: [String] = []) {
            self.capability = capability
            self.keywords = keywords
        }

        /// Whether a tool offers the capability: it declares it, or — declaring none — the
        /// capability or a keyword (a word or phrase) is among the words of its name (`findContact`
        /// is `find contact`), its description, or the property names and descriptions of its
        /// `parameters`, ignoring case and plural endings.
        package func isOffered(byToolNamed name: String, description: String, capabilities: [String],
                               parameters: GenerationSchema? = nil) -> Bool {
            guard capabilities.isEmpty else { return capabilities.contains(capability) }
            var texts = [SlotWords.keywords(name), SlotWords.keywords(description)]
            for property in parameters?.root.properties ?? [] {
                texts += [SlotWords.keywords(property.name), SlotWords.keywords(property.node.description ?? "")]
            }
            return ([capability] + keywords).contains { wanted in
                let phrase = SlotWords.keywords(wanted)
                return texts.contains { SlotWords.lastEnd(of: phrase, in: $0) != nil }
            }
        }
    }

    /// A slot: which grammar symbol fills a string field, found by the field's name, words of
    /// its description, or the name of the type that holds it.
    ///
    /// ```swift
    /// let slot = ProceduralContent.Slot(symbol: "fullName", names: ["name", "customerName"],
    ///                                   descriptions: ["full name"], types: ["Customer"])
    /// ```
    package struct Slot: Sendable, Equatable {
        /// The grammar symbol that fills the field.
        package var symbol: String
        /// Property names that select the slot (`fullName` also matches `full_name`).
        package var names: [String]
        /// Phrases whose words, found in a field's description, select the slot.
        var descriptions: [String]
        /// Names of parent types whose string fields this slot fills when nothing better matches.
        var types: [String]
        /// Breaks ties between slots that match equally well; heavier wins.
        var weight: Double
        /// A tool the slot's value comes from: the model calls a registered tool offering it and
        /// expands `symbol` with the output as `#toolOutput#`. Without such a tool (or its output)
        /// the slot is passed over and the next best one fills the field.
        var tool: ToolRequest?

        package init(symbol: String, names: [String] = [], descriptions: [String] = [], types: [String] = [], weight: Double = 1,
                     tool: ToolRequest? = nil) {
            self.symbol = symbol
            self.names = names
            self.descriptions = descriptions
            self.types = types
            self.weight = weight
            self.tool = tool
        }
    }

    /// A lexicon entry: the words that name one kind of value — a grammar symbol such as
    /// `colour` or `drink` — so that a string field nobody wrote a slot for still gets a value
    /// of its kind. Words are looked for in the field's property name (split at case changes,
    /// `_` and `-`: `eye_color` and `eyeColor` are `eye color`), its description and hints,
    /// ignoring case and a plural ending; in the name, only its head counts (`favoriteColor` is a
    /// colour, `petPeeve` no pet). A cue names the kind only when the rest of the name, the
    /// parent type or the prompt names it too: `coffeeOrder` is a coffee, and so is `order` under
    /// "Generate a character that orders a coffee.", but not under "Invent a knight.". A field
    /// of kind `fullName` is filled as a field named `fullName` would be, so a slot listing that
    /// name (one wanting a tool, say) takes part.
    ///
    /// ```swift
    /// // {"lexicon": [{"symbol": "colour", "words": ["colour", "color", "hue"]},
    /// //              {"symbol": "coffee", "words": ["coffee", "espresso"], "cues": ["order", "usual"]}]}
    /// let entry = ProceduralContent.LexiconEntry(symbol: "colour", words: ["colour", "color", "hue"])
    /// ```
    package struct LexiconEntry: Sendable, Equatable {
        /// The grammar symbol of the kind.
        package var symbol: String
        /// Words or short phrases that name the kind wherever they occur.
        var words: [String]
        /// Words or short phrases that name the kind only when the rest of the property name, the
        /// parent type or the prompt names it too.
        var cues: [String]

        init(symbol: String, words: [String], cues: [String] = []) {
            self.symbol = symbol
            self.words = words
            self.cues = cues
        }
    }

    /// A free-text intent: example utterances that select it, the grammar symbol that phrases
    /// the reply, optionally a tool capability the reply wants, and whom it is about: an intent
    /// about the player ("what's my dog called?") is heard only when the prompt speaks of the
    /// player (I, my, me), one about the speaker ("what's your name?") not when the prompt
    /// speaks of the player and not of the speaker; an intent may also be heard only in
    /// questions or only in statements (`form`), and be cued by a date the prompt mentions
    /// or an opinion asked (`cue`: "are you free on the 5th of December?" is about plans), and be heard only while
    /// the instructions say something (`when`: a game writes "Just told: pet." after the player
    /// told a character about a pet, and only then is the pet acknowledged) or while the
    /// variables its reply needs are known (`needs`).
    ///
    /// ```swift
    /// let intent = ProceduralContent.Intent(name: "greeting", examples: ["hello", "hi there"],
    ///                                       response: "greetingReply")
    /// ```
    package struct Intent: Sendable, Equatable {
        package var name: String
        /// At least one utterance that selects the intent.
        package var examples: [String]
        /// The grammar symbol expanded to phrase the reply.
        package var response: String
        package var tool: ToolRequest?
        /// The speaker who says this reply (a `Speaker`'s name); nil: anyone may.
        package var speaker: String?
        /// Whom the question is about; nil: anything.
        var about: Subject?
        /// Whether only questions or only statements select it; nil: either.
        var form: Form?
        /// What in a prompt makes this intent likelier (a bonus to its similarity); nil: nothing.
        var cue: Cue?
        /// A text the instructions must contain for this intent to be heard; nil: always heard.
        package var when: String?
        /// Variables its reply needs — captured from the instructions, or `promptSubject` and
        /// `promptChoice` from the prompt: heard only when all are known ("dogs or cats?" has a
        /// choice, "do you have tea?" none).
        var needs: [String]

        /// Whom an intent's question is about.
        enum Subject: String, Sendable, Equatable {
            case player, speaker
        }

        /// A prompt that mentions a date ("on the 5th of December", "tmrw", "at Christmas"), one
        /// that asks an opinion of something (`promptSubject`: "what do you think about
        /// pineapple on pizza?", "pineapple on pizza, yes or no?"), a statement of the
        /// player's good or bad news ("I just ran my first half marathon", "my grandad's in
        /// hospital"), a joke told with its punchline ("why did the coffee file a police
        /// report? it got mugged"), or a question asking for a place ("where's the library?",
        /// "any recommendations for a good dentist?"), or the player asking how they do something
        /// ("how do I steam milk?", "can you show me how to pull a shot?"), or a question that
        /// asks no third person's name (`ownName`: "what's my name?", "what's yours?", not "what
        /// was my neighbour's name?" or "what's her name?").
        enum Cue: String, Sendable, Equatable, CaseIterable {
            case date, opinion, goodNews, badNews, joke, place, instruction, price, ownName
        }

        /// A question ("what's my dog called?") or a statement ("my dog's called Biscuit").
        enum Form: String, Sendable, Equatable {
            case question, statement
        }

        init(name: String, examples: [String], response: String, tool: ToolRequest? = nil, speaker: String? = nil, about: Subject? = nil,
             form: Form? = nil, cue: Cue? = nil, when: String? = nil, needs: [String] = []) {
            self.name = name
            self.examples = examples
            self.response = response
            self.tool = tool
            self.speaker = speaker
            self.about = about
            self.form = form
            self.cue = cue
            self.when = when
            self.needs = needs
        }
    }

    /// Who a session speaks as, recognised by a phrase of its instructions: only its own intents
    /// (and those of no speaker) answer it, words of the instructions fill symbols of its
    /// replies, and a prompt no intent matches gets its `fallback` symbol (an in-character
    /// deflection) instead of free text. A session whose instructions name no speaker speaks as
    /// the `isDefault` one, if any.
    ///
    /// ```swift
    /// // {"speakers": [{"name": "customer", "marker": ["a customer of", "a regular of"],
    /// //   "captures": [{"symbol": "speakerName", "after": "You are ", "until": ","}], "fallback": "customerDeflection"}]}
    /// ```
    package struct Speaker: Sendable, Equatable {
        /// Symbols filled from the instructions: the text after `after`, up to the first of
        /// `until` (one text, or several in the content: whichever comes first), put
        /// into `template` at `{}` when one is given ("You said {}." makes "You said you live
        /// in Leeds."); a capture whose text is absent leaves the symbols to the grammar's
        /// variables. A `closest` capture reads every place `after` occurs and keeps the text
        /// sharing the most words with the prompt (the latest of equals), and is absent when
        /// none shares one: of the lines "The player said: …", the one a question is about.
        /// Then, with an `unmatched` template, the latest text is put into it for the symbols
        /// no capture filled ("You told me {} — is that the one?"), so a
        /// fact told in other words than the question's is still offered. A `named` closest
        /// capture counts only words shared as typed, not through the synonyms, so a price list
        /// answers for the item named ("how much is the carrot cake?" is not the toastie's
        /// price because both are pastries) and is absent when the item is not on it. A `second`
        /// closest capture keeps another text whose name (its words before " is ") the prompt
        /// says in full among the words the closest text does not share: the other drink of
        /// "what's the difference between a latte and a flat white?", absent when the prompt
        /// names only one.
        struct Capture: Sendable, Equatable {
            /// The symbols the text fills (one in most content; several when one fact answers
            /// several questions).
            var symbols: [String]
            var after: String
            var until: [String]
            var template: String?
            var closest: Bool
            var unmatched: String?
            var named: Bool
            var second: Bool
            /// Whether the text is kept only when the prompt names one of its words as typed,
            /// alone or ending a longer word ("the hazelnut latte" names "nuts"): a fact offered
            /// back only when a request touches it.
            var whenNamed: Bool

            init(symbols: [String], after: String, until: [String], template: String? = nil, closest: Bool = false,
                 unmatched: String? = nil, named: Bool = false, second: Bool = false, whenNamed: Bool = false) {
                self.symbols = symbols
                self.after = after
                self.until = until
                self.template = template
                self.closest = closest
                self.unmatched = unmatched
                self.named = named
                self.second = second
                self.whenNamed = whenNamed
            }

            /// The captured texts in `instructions` (its UTF-8 bytes), trimmed, in order: the
            /// first occurrence's only, unless `closest`. Bytes, because a price list makes a
            /// hundred searches a turn and String searches compare characters.
            func texts(in instructions: [UInt8]) -> [String] {
                var texts: [String] = []
                let after = Array(self.after.utf8)
                let until = self.until.map { Array($0.utf8) }
                var from = 0
                while let start = Self.find(after, in: instructions, from: from) {
                    let textStart = start + after.count
                    let end = until.compactMap { Self.find($0, in: instructions, from: textStart) }.min() ?? instructions.count
                    let trimmed = String(decoding: instructions[textStart..<end], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    if !trimmed.isEmpty { texts.append(trimmed) }
                    guard closest, end < instructions.count else { break }
                    from = end
                }
                return texts
            }

            /// Where `needle` first occurs in `bytes` at or after `from`.
            private static func find(_ needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
                guard let first = needle.first, bytes.count - needle.count >= from else { return nil }
                var at = from
                while at <= bytes.count - needle.count {
                    if bytes[at] == first, bytes[at..<at + needle.count].elementsEqual(needle) { return at }
                    at += 1
                }
                return nil
            }

            /// `text` put into the template, if any.
            func filled(_ text: String) -> String {
                template.map { $0.replacingOccurrences(of: "{}", with: text) } ?? text
            }
        }

        package var name: String
        /// Instructions containing one of these (ignoring case) speak as this speaker; when
        /// several speakers' markers occur, the one whose marker comes first wins. One text in
        /// the content (`"marker"`), or several.
        package var markers: [String]
        var captures: [Capture]
        var fallback: String?
        /// The fallback for a request no intent matches ("could you take a photo of us?"); `fallback`
        /// when absent.
        var requestFallback: String?
        /// The fallback for a remark no intent matches, one that asks nothing ("my bus was
        /// late again"); `fallback` when absent.
        var remarkFallback: String?
        var isDefault: Bool

        /// The fallback symbol for a prompt no intent matches: the request's when it asks for
        /// something (`promptRequest` is known), the remark's when it asks nothing.
        func fallback(isRequest: Bool, isQuestion: Bool) -> String? {
            (isRequest ? requestFallback : isQuestion ? nil : remarkFallback) ?? fallback
        }

        /// Where the first of this speaker's markers occurs in `instructions`, if any does.
        func firstMarker(in instructions: String) -> String.Index? {
            markers.compactMap { instructions.range(of: $0, options: .caseInsensitive)?.lowerBound }.min()
        }

        /// What the captures read from `instructions`: each symbol's value (a capture whose text
        /// is absent is left out) and the symbols whose text shares words with `prompt` — with
        /// `asking`, the part of the prompt that asks, when given ("whats the news today? i
        /// haven't looked at my phone" asks nothing of a phone told of). A `closest` capture's
        /// text is chosen by its words shared with `prompt`, and replaces a value an earlier
        /// capture gave its symbol when it shares as many words or more.
        func captured(in instructions: String, prompt: String, asking: String? = nil, words: SharedWords) -> Captured {
            var captured = Captured()
            let asked = words.asked(prompt)
            let askingWords = asking.map(words.asked)
            let instructions = Array(instructions.utf8)
            var texts: [String: (text: String, shared: Int)] = [:]
            // Captures reading the same sentences in different templates choose among them once.
            var closestRead: [[String]: (text: String, shared: Int)?] = [:]
            var unmatched: [(capture: Capture, text: String)] = []
            for capture in captures {
                let chosen: (text: String, shared: Int)?
                // Read once, and only where needed: a closest capture read before under the same
                // markers has chosen already.
                var found: [String]?
                func foundTexts() -> [String] {
                    if let found { return found }
                    let read = capture.texts(in: instructions)
                    found = read
                    return read
                }
                if capture.closest {
                    let key = [capture.after, capture.named ? "named" : ""] + capture.until
                    let first: (text: String, shared: Int)?
                    if let read = closestRead[key] {
                        first = read
                    } else {
                        first = words.closest(to: asked, among: foundTexts(), byTypedWords: capture.named)
                        closestRead[key] = first
                    }
                    chosen = capture.second ? first.flatMap { first in
                        words.namedInFull(by: words.asked(asked, without: first.text), among: foundTexts().filter { $0 != first.text })
                    } : first
                } else {
                    // The words before a fact name it too: "what pet did I mention?" is about "The
                    // player's pet: your parrot Captain".
                    chosen = foundTexts().first.map { ($0, words.shared(asked, capture.after + " " + $0)) }
                }
                if capture.whenNamed, let text = chosen?.text, !words.names(text, in: askingWords ?? asked) { continue }
                guard let chosen else {
                    if let template = capture.unmatched, let latest = foundTexts().last {
                        unmatched.append((capture, template.replacingOccurrences(of: "{}", with: latest)))
                    }
                    continue
                }
                // A remembered sentence sharing as many words as a fact says more ("your dog's called
                // Waffles, he's a dachshund" over "your dog Waffles").
                let sharesWithTheAsking = askingWords.map { words.shared($0, capture.closest ? chosen.text : capture.after + " " + chosen.text) > 0 } ?? (chosen.shared > 0)
                let saysTheName = capture.closest && capture.named && words.saysTheName(of: chosen.text, in: askingWords ?? asked)
                for symbol in capture.symbols where !capture.closest || texts[symbol].map({ $0.shared <= chosen.shared }) ?? true {
                    texts[symbol] = chosen
                    captured.values[symbol] = capture.filled(chosen.text)
                    if sharesWithTheAsking { captured.sharingWords.insert(symbol) } else { captured.sharingWords.remove(symbol) }
                    if saysTheName { captured.namedByTheAsking.insert(symbol) } else { captured.namedByTheAsking.remove(symbol) }
                }
            }
            for (capture, text) in unmatched {
                for symbol in capture.symbols where captured.values[symbol] == nil { captured.values[symbol] = text }
            }
            return captured
        }

        /// The symbols a speaker's captures fill for one prompt.
        struct Captured {
            var values: [String: String] = [:]
            /// The symbols whose captured text shares a word with the prompt ("your cat Mochi"
            /// for "what's my cat called?").
            var sharingWords: Set<String> = []
            /// The symbols of a `named` closest capture whose text's own name the asking says
            /// ("is there a cinema?" names "The little cinema is on Mill Lane").
            var namedByTheAsking: Set<String> = []
        }
    }

    /// Words and phrases intent matching reads as one word: each of `variants` counts as
    /// `canonical` in prompts and in intents' examples alike.
    ///
    /// ```swift
    /// // {"synonyms": {"wifi": ["wi-fi", "internet", "hotspot"]}}
    /// let group = ProceduralContent.SynonymGroup(canonical: "wifi", variants: ["wi-fi", "internet"])
    /// ```
    package struct SynonymGroup: Sendable, Equatable {
        /// One word.
        var canonical: String
        var variants: [String]

        package init(canonical: String, variants: [String]) {
            self.canonical = canonical
            self.variants = variants
        }
    }

    /// A named collection of whole records (e.g. riddles with their answers), all of one shape,
    /// retrieved whole when a schema asks for that shape.
    ///
    /// ```swift
    /// let riddles = content.recordCollections.first { $0.name == "riddles" }
    /// ```
    package struct RecordCollection: Sendable, Equatable {
        package var name: String
        /// JSON objects that all have the same keys.
        package var records: [GeneratedContent]
    }
}
