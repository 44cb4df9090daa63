import GuidedGeneration

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
    public struct ToolRequest: Sendable, Equatable, Hashable {
        public var capability: String
        public var keywords: [String]

        public init(capability: String, keywords: [String] = []) {
            self.capability = capability
            self.keywords = keywords
        }

        /// Whether a tool offers the capability: it declares it, or — declaring none — the
        /// capability or a keyword (a word or phrase) is among the words of its name (`findContact`
        /// is `find contact`), its description, or the property names and descriptions of its
        /// `parameters`, ignoring case and plural endings.
        public func isOffered(byToolNamed name: String, description: String, capabilities: [String],
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
    public struct Slot: Sendable, Equatable {
        /// The grammar symbol that fills the field.
        public var symbol: String
        /// Property names that select the slot (`fullName` also matches `full_name`).
        public var names: [String]
        /// Phrases whose words, found in a field's description, select the slot.
        public var descriptions: [String]
        /// Names of parent types whose string fields this slot fills when nothing better matches.
        public var types: [String]
        /// Breaks ties between slots that match equally well; heavier wins.
        public var weight: Double
        /// A tool the slot's value comes from: the model calls a registered tool offering it and
        /// expands `symbol` with the output as `#toolOutput#`. Without such a tool (or its output)
        /// the slot is passed over and the next best one fills the field.
        public var tool: ToolRequest?

        public init(symbol: String, names: [String] = [], descriptions: [String] = [], types: [String] = [], weight: Double = 1,
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
    public struct LexiconEntry: Sendable, Equatable {
        /// The grammar symbol of the kind.
        public var symbol: String
        /// Words or short phrases that name the kind wherever they occur.
        public var words: [String]
        /// Words or short phrases that name the kind only when the rest of the property name, the
        /// parent type or the prompt names it too.
        public var cues: [String]

        public init(symbol: String, words: [String], cues: [String] = []) {
            self.symbol = symbol
            self.words = words
            self.cues = cues
        }
    }

    /// A free-text intent: example utterances that select it, the grammar symbol that phrases
    /// the reply, and optionally a tool capability the reply wants.
    ///
    /// ```swift
    /// let intent = ProceduralContent.Intent(name: "greeting", examples: ["hello", "hi there"],
    ///                                       response: "greetingReply")
    /// ```
    public struct Intent: Sendable, Equatable {
        public var name: String
        /// At least one utterance that selects the intent.
        public var examples: [String]
        /// The grammar symbol expanded to phrase the reply.
        public var response: String
        public var tool: ToolRequest?
        /// The speaker who says this reply (a `Speaker`'s name); nil: anyone may.
        public var speaker: String?

        public init(name: String, examples: [String], response: String, tool: ToolRequest? = nil, speaker: String? = nil) {
            self.name = name
            self.examples = examples
            self.response = response
            self.tool = tool
            self.speaker = speaker
        }
    }

    /// Who a session speaks as, recognised by a phrase of its instructions: only its own intents
    /// (and those of no speaker) answer it, words of the instructions fill symbols of its
    /// replies, and a prompt no intent matches gets its `fallback` symbol (an in-character
    /// deflection) instead of free text. A session whose instructions name no speaker speaks as
    /// the `isDefault` one, if any.
    ///
    /// ```swift
    /// // {"speakers": [{"name": "customer", "marker": "a customer of",
    /// //   "captures": [{"symbol": "speakerName", "after": "You are ", "until": ","}], "fallback": "customerDeflection"}]}
    /// ```
    public struct Speaker: Sendable, Equatable {
        /// A symbol filled from the instructions: the text after `after`, up to `until`.
        public struct Capture: Sendable, Equatable {
            public var symbol: String
            public var after: String
            public var until: String
        }

        public var name: String
        /// Instructions containing this (ignoring case) speak as this speaker.
        public var marker: String
        public var captures: [Capture]
        public var fallback: String?
        public var isDefault: Bool

        /// The captures' values in `instructions` (a capture whose text is absent is left out).
        func values(in instructions: String) -> [String: String] {
            var values: [String: String] = [:]
            for capture in captures {
                guard let start = instructions.range(of: capture.after) else { continue }
                let rest = instructions[start.upperBound...]
                let value = rest.range(of: capture.until).map { rest[..<$0.lowerBound] } ?? rest
                let trimmed = value.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { values[capture.symbol] = trimmed }
            }
            return values
        }
    }

    /// Words and phrases intent matching reads as one word: each of `variants` counts as
    /// `canonical` in prompts and in intents' examples alike.
    ///
    /// ```swift
    /// // {"synonyms": {"wifi": ["wi-fi", "internet", "hotspot"]}}
    /// let group = ProceduralContent.SynonymGroup(canonical: "wifi", variants: ["wi-fi", "internet"])
    /// ```
    public struct SynonymGroup: Sendable, Equatable {
        /// One word.
        public var canonical: String
        public var variants: [String]

        public init(canonical: String, variants: [String]) {
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
    public struct RecordCollection: Sendable, Equatable {
        public var name: String
        /// JSON objects that all have the same keys.
        public var records: [GeneratedContent]
    }
}
