import Foundation
import GuidedGeneration
import JSONSchema
import RegexAutomata

/// The embedded default model: no weights, no server, instant, deterministic under a seed.
/// Structure comes from walking the compiled schema (valid by construction); meaning comes from
/// a content pack — a string field resolves to a slot, or to the kind of value the words of its
/// name, its description or the prompt name in the pack's lexicon (`favoriteColor` is a colour,
/// `coffeeOrder` a coffee), whose grammar is expanded; a schema shaped like a stored record (a
/// riddle with its answers) takes a record whole. A string field nothing matches falls back to
/// text of the corpus model within its length limits — a sentence of no particular meaning.
/// Free-text prompts are matched to intents, whose response grammars are expanded with the
/// instructions, the prompt and tool outputs; an intent may ask for a tool, called with
/// arguments derived from the prompt (dates such as "tomorrow" relative to the date in the
/// instructions). A slot may ask for a tool too: a registered tool that declares the capability,
/// or — declaring none — whose name, description or argument schema say it (`findContact`
/// offers `contacts`), is called first and its output fills the field.
///
/// ```swift
/// let model = ProceduralModel()                     // the built-in content pack
/// let session = LanguageModelSession(model: model, instructions: "You are Mira, a friendly innkeeper.")
/// let reply = try await session.respond(to: "What's your name?",
///                                       options: GenerationOptions(samplingMode: .greedy))
/// struct Regular: Generable { let name: String; let coffeeOrder: String }
/// let regular = try await session.respond(to: "Invent a regular.", generating: Regular.self).content
/// // regular.coffeeOrder is a coffee of the pack ("a flat white"), not a sentence of the corpus
/// ```
///
/// English only: a prompt clearly in another language throws `unsupportedLanguageOrLocale`.
/// The context holds 4,096 tokens of `SimpleTokenizer`. Lines are not repeated within one
/// conversation (a session) while fresh ones remain.
public struct ProceduralModel: LanguageModel {
    private let loaded: Result<Loaded, ProceduralContentError>
    private let caches = ProceduralCaches()
    /// Where grammar draws and lines are counted, if anywhere.
    private var audit: GrammarAudit?
    /// Who answers free text whose instructions name none of this pack's speakers, if anyone.
    private var others: (any LanguageModel)?

    /// The loaded pack and what is derived from it once.
    struct Loaded: Sendable {
        let content: ProceduralContent
        let intents: IntentMatcher
        /// By speaker, the intents it answers: its own and those of no speaker.
        let heardBySpeaker: [String: Set<String>]
        /// The intents by name (the first of a name), for whom each is about, its form, cue and
        /// condition.
        let intentsByName: [String: ProceduralContent.Intent]
        /// By intent, the names its reply may read (`Grammar.namesRead(from:)`).
        let namesRead: [String: Set<String>]
        /// The names the replies of intents cued by places may read (the town's places).
        let placesRead: Set<String>
        /// How captured facts are matched with prompts, through the content's synonyms.
        let sharedWords: SharedWords

        init(content: ProceduralContent) {
            self.content = content
            intents = IntentMatcher(intents: content.intents.map { ($0.name, $0.examples) }, synonyms: content.synonyms)
            heardBySpeaker = Dictionary(content.speakers.map { speaker in
                (speaker.name, Set(content.intents.filter { $0.speaker == nil || $0.speaker == speaker.name }.map(\.name)))
            }, uniquingKeysWith: { first, _ in first })
            intentsByName = Dictionary(content.intents.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let namesRead = intentsByName.mapValues { content.grammar.namesRead(from: $0.response) }
            self.namesRead = namesRead
            placesRead = intentsByName.filter { $0.value.cue == .place }.keys.reduce(into: []) { read, name in read.formUnion(namesRead[name] ?? []) }
            sharedWords = SharedWords(thesaurus: intents.thesaurus)
        }
    }

    /// A model on the built-in content pack (compiled into the library).
    public init() {
        do {
            self.init(content: try ProceduralContent.builtIn)
        } catch {
            self.init(loaded: .failure(error))
        }
    }

    /// A model on the given content (e.g. the built-in pack extended with a user's directory).
    public init(content: ProceduralContent) {
        self.init(loaded: .success(Loaded(content: content)))
    }

    private init(loaded: Result<Loaded, ProceduralContentError>) {
        self.loaded = loaded
    }

    /// This model, counting every grammar draw and line of its replies in `audit`.
    package func auditing(_ audit: GrammarAudit) -> ProceduralModel {
        var copy = self
        copy.audit = audit
        return copy
    }

    /// This model, passing free-text requests whose instructions describe someone none of
    /// this pack's speakers is (no speaker's marker in them) to `model` — a game's pack answers
    /// as its own characters, and "You are Mira, a lighthouse keeper" as Mira from a generic
    /// pack. Requests without instructions, and structured ones, stay with this pack.
    ///
    /// ```swift
    /// let game = ProceduralModel(content: coffeeShop).answering(othersWith: ProceduralModel())
    /// ```
    public func answering(othersWith model: any LanguageModel) -> ProceduralModel {
        var copy = self
        copy.others = model
        return copy
    }

    /// Whether the content pack loaded.
    public var isAvailable: Bool {
        if case .success = loaded { return true }
        return false
    }

    public var contextSize: Int { 4096 }

    /// True: structured replies are generated from the schema's compiled plan, valid by construction.
    public var repliesFollowTheSchema: Bool { true }

    /// Structured replies and tool calls; replies arrive whole.
    public var capabilities: LanguageModelCapabilities { [.guidedGeneration, .toolCalling] }

    public func tokenCount(for text: String) -> Int { SimpleTokenizer.count(text) }

    public func supportsLocale(_ locale: Locale) -> Bool {
        locale.language.languageCode?.identifier == "en"
    }

    public func respond(to request: LanguageModelRequest) async throws -> LanguageModelTurn {
        let model: Loaded
        switch loaded {
        case .success(let value): model = value
        case .failure(let error):
            throw LanguageModelSession.GenerationError.assetsUnavailable(.init(debugDescription: "the procedural model's content pack is invalid: \(error)"))
        }
        let prompt = request.prompt ?? ""
        if let language = caches.language(of: prompt) {
            throw LanguageModelSession.GenerationError.unsupportedLanguageOrLocale(.init(debugDescription:
                "the procedural model understands English; the prompt looks like '\(language)'"))
        }
        let sampling = ResolvedSampling(request.options)
        var random = sampling.makeRandom()
        var variables = ["prompt": prompt]
        let outputs = request.toolOutputs
        if !outputs.isEmpty { variables["toolOutput"] = outputs.map { $0.segments.spokenText }.joined(separator: "; ") }
        if let schema = request.schema {
            let promptKinds = caches.kinds(namedIn: prompt, in: model.content)
            if outputs.isEmpty, let calls = slotToolCalls(schema, request: request, content: model.content, sampling: sampling,
                                                          variables: variables, promptKinds: promptKinds, random: random) {
                return .toolCalls(calls)
            }
            let served = servedCapabilities(request, content: model.content)
            var source = slotSource(model.content, schema: schema, sampling: sampling, variables: variables, conversation: request.conversation,
                                    capabilities: Set(served.keys), promptKinds: promptKinds, random: &random)
            source.toolOutputs = served
            if !served.isEmpty { source.pinnedRootValues = toolArguments(request, among: caches.rootPropertyNames(of: schema)) }
            return .content(schema.generate(random: &random, source: source))
        }
        // Who the session speaks as: only its intents answer, and its captures fill symbols.
        let instructions = request.instructions ?? ""
        let named = model.content.speakers.compactMap { speaker in speaker.firstMarker(in: instructions).map { (speaker, $0) } }
            .min { $0.1 < $1.1 }?.0
        if named == nil, let others, !instructions.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return try await others.respond(to: request)
        }
        let speaker = named ?? model.content.speakers.first(where: \.isDefault)
        let expand = { (symbol: String, variables: [String: String], random: inout SeededRandom) throws -> String in
            try request.conversation.value(forKey: SlotValueSource.memoryKey, default: ExpansionMemory()) { memory in
                try model.content.grammar.expand(symbol, variables: variables, memory: &memory, random: &random, sampling: sampling, audit: audit)
            }
        }
        // A reply has a variant for the season of the day the instructions state, when the pack
        // defines one ("weatherReply@summer").
        // The instructions are read for their date only when the reply has such a variant.
        let seasonal = { (symbol: String) -> String in
            guard CalendarDate.seasons.contains(where: { model.content.grammar.contains(symbol: symbol + "@" + $0) }),
                  let season = DateExpression.referenceDate(in: instructions)?.season,
                  model.content.grammar.contains(symbol: symbol + "@" + season) else { return symbol }
            return symbol + "@" + season
        }
        // A line asking two things ("what's my name and what do I do?") gets both answers, when
        // each question is heard as a different intent that needs no tool; a remark beside a
        // question ("mind if I open the window? it's stuffy") is not answered on its own.
        // A learner's word order ("where you are from?") is heard as the usual one, and a line
        // typed as a text ("wer r u from") is heard written out.
        let typed = TextingShorthand.expanded(prompt)
        variables["prompt"] = typed
        let line = LearnerWordOrder.standardized(QuestionParts.withoutCourtesy(typed))
        let parts = QuestionParts.split(line)
        let saying = { (words: [String]) in
            words.filter { !DialogWords.stopWords.contains($0) && !DialogWords.Person.questionOpenings.contains($0) }
        }
        // A question that only points back ("can I get my usual? you remember what it is?")
        // asks about the rest of the line, not on its own; "what do I do?" asks its own.
        let pointsBackOnly = { (question: String) in
            let words = DialogWords.words(question)
            let distinct = Set(words)
            return !distinct.isDisjoint(with: Self.pointingBack) && distinct.isDisjoint(with: Self.ownersAsked)
                && saying(words).allSatisfy(DialogWords.Person.recallWords.contains)
        }
        let tellsAJoke = QuestionParts.tellsAJoke(line)
        // A question after a greeting opens with its own courtesy ("Good morning. I wonder if you
        // could tell me what a macchiato is?").
        let questions = parts.count > 1 ? parts.filter { DialogWords.Person(of: $0).isQuestion && !pointsBackOnly($0) }.map(QuestionParts.withoutCourtesy) : []
        // "wanna hear a joke? why did …? …" tells one joke, not two questions.
        if questions.count > 1, !tellsAJoke {
            let answers = questions.compactMap { part in
                let heard = Self.hear(part, model: model, speaker: speaker, instructions: instructions, variables: variables)
                return heard.intent.map { (intent: $0, variables: heard.variables) }
            }
            if answers.count == questions.count, answers.allSatisfy({ $0.intent.tool == nil }), Set(answers.map(\.intent.name)).count == answers.count {
                return .text(try answers.map { try expand(seasonal($0.intent.response), $0.variables, &random) }.joined(separator: " "))
            }
        }
        // The question alone, or the whole line when its remark tells more ("any events? like a
        // quiz night").
        var heard = Self.hear(line, model: model, speaker: speaker, instructions: instructions, variables: variables)
        // A question of function words alone ("… the hidden drink. What is it?") asks about the
        // rest of the line, and a joke's question is the joke's.
        if questions.count == 1, !saying(DialogWords.words(questions[0])).isEmpty, !tellsAJoke {
            let alone = Self.hear(questions[0], model: model, speaker: speaker, instructions: instructions, variables: variables)
            if alone.score >= heard.score { heard = alone }
        }
        guard let intent = heard.intent else {
            let isRequest = heard.variables["promptRequest"] != nil
            if let fallback = speaker?.fallback(isRequest: isRequest, isQuestion: DialogWords.Person(of: line).asksAnything) { return .text(try expand(fallback, heard.variables, &random)) }
            return .text(model.content.textModel.generate(minLength: 20, maxLength: 160, random: &random, choose: sampling.chooser))
        }
        if outputs.isEmpty, let wanted = intent.tool, let call = toolCall(for: wanted, request: request, prompt: typed, content: model.content,
                                                                              sampling: sampling, siblings: [:], random: &random) {
            return .toolCalls([call])
        }
        return .text(try expand(seasonal(intent.response), heard.variables, &random))
    }

    /// The calls a structured response waits for: a draft is generated with every slot whose
    /// tool is registered in play, and the tools those slots asked for are called (arguments
    /// derived from the prompt, the instructions and the draft's fields). Nil when no slot of
    /// the schema wants a registered tool. The draft draws from a copy of `random`, so the
    /// response made without tools is the one made had no slot wanted any; it stops at the
    /// first root property by which every offered capability has been asked for and every
    /// root property a tool could take as an argument is drafted.
    private func slotToolCalls(_ schema: GenerationSchema, request: LanguageModelRequest, content: ProceduralContent,
                               sampling: ResolvedSampling, variables: [String: String], promptKinds: [String],
                               random: SeededRandom) -> [Transcript.ToolCall]? {
        guard !request.tools.isEmpty else { return nil }
        var offered = Set<String>()
        var argumentNames = Set<String>()
        for wanted in content.slots.lazy.compactMap(\.tool) where !offered.contains(wanted.capability) {
            for tool in request.tools where caches.isOffered(wanted, by: tool) {
                offered.insert(wanted.capability)
                argumentNames.formUnion(caches.rootPropertyNames(of: tool.parameters))
            }
        }
        guard !offered.isEmpty else { return nil }
        let siblingNames = argumentNames.intersection(caches.rootPropertyNames(of: schema))
        var draftRandom = random
        var draftSource = slotSource(content, schema: schema, sampling: sampling, variables: variables,
                                     conversation: ConversationState(), capabilities: offered, promptKinds: promptKinds, random: &draftRandom)
        let purpose = SlotValueSource.Draft(offeredCount: offered.count, argumentNames: siblingNames)
        draftSource.draft = purpose
        let draft = schema.draft(random: &draftRandom, source: draftSource)
        var siblings: [String: GeneratedContent] = [:]
        if case .object(let fields) = draft.storage {
            for field in fields where siblings[field.key] == nil { siblings[field.key] = field.value }
        }
        var calls: [Transcript.ToolCall] = []
        for wanted in purpose.wishes.requests {
            guard let call = toolCall(for: wanted, request: request, prompt: request.prompt ?? "", content: content, sampling: sampling, siblings: siblings, random: &draftRandom),
                  !calls.contains(where: { $0.toolName == call.toolName })
            else { continue }
            calls.append(call)
        }
        return calls.isEmpty ? nil : calls
    }

    /// This turn's tool outputs by the capability of the slot they serve: the first output of a
    /// tool of the session that offers the slot's request (by its declared capabilities, or its
    /// words when it declares none), offered this turn or not; an output of a tool the session
    /// no longer has (a saved transcript) is matched by its name.
    private func servedCapabilities(_ request: LanguageModelRequest, content: ProceduralContent) -> [String: String] {
        let outputs = request.toolOutputs
        guard !outputs.isEmpty else { return [:] }
        var served: [String: String] = [:]
        for wanted in content.slots.compactMap(\.tool) where served[wanted.capability] == nil {
            let output = outputs.first { output in
                guard let tool = request.sessionTools.first(where: { $0.name == output.toolName }) else {
                    return caches.isOffered(wanted, byToolNamed: output.toolName, description: "", capabilities: [])
                }
                return caches.isOffered(wanted, by: tool)
            }
            if let output { served[wanted.capability] = output.segments.plainText }
        }
        return served
    }

    /// The arguments of the tool calls made since the latest prompt, for the properties named
    /// in `names` (the first call naming a property wins).
    private func toolArguments(_ request: LanguageModelRequest, among names: Set<String>) -> [String: GeneratedContent] {
        var arguments: [String: GeneratedContent] = [:]
        for entry in request.transcript.reversed() {
            if case .prompt = entry { break }
            guard case .toolCalls(let calls) = entry else { continue }
            for call in calls.reversed() {
                guard case .object(let fields) = call.arguments.storage else { continue }
                for field in fields where names.contains(field.key) { arguments[field.key] = field.value }
            }
        }
        return arguments
    }

    /// The value source of one structured generation; `promptKinds` are the lexicon kinds the
    /// prompt names, which confirm a field's cue.
    private func slotSource(_ content: ProceduralContent, schema: GenerationSchema, sampling: ResolvedSampling,
                            variables: [String: String], conversation: ConversationState, capabilities: Set<String> = [],
                            promptKinds: [String] = [], random: inout SeededRandom) -> SlotValueSource {
        let record = caches.recordCollection(for: schema, in: content).map { collection in
            collection.records[sampling.choose(weights: Array(repeating: 1, count: collection.records.count), random: &random)]
        }
        return SlotValueSource(
            grammar: content.grammar, textModel: content.textModel, sampling: sampling, variables: variables, conversation: conversation, audit: audit,
            resolveSlot: { [caches] field, usingTools in
                field.propertyName.flatMap { name in
                    caches.slot(for: SlotQuery(field: field, name: name, capabilities: usingTools ? capabilities : [], promptKinds: promptKinds),
                                in: content)
                }
            },
            findRecord: { field in field.propertyName == nil && field.arrayIndex == nil ? record : nil })
    }

    /// A call to the registered tool that offers what an intent or a slot wants, with arguments
    /// derived from the prompt, the instructions and `siblings` (fields generated alongside);
    /// fields nothing names are generated.
    private func toolCall(for wanted: ProceduralContent.ToolRequest, request: LanguageModelRequest, prompt: String, content: ProceduralContent,
                          sampling: ResolvedSampling, siblings: [String: GeneratedContent], random: inout SeededRandom) -> Transcript.ToolCall? {
        guard let tool = request.tools.first(where: { caches.isOffered(wanted, by: $0) }) else { return nil }
        let conversation = caches.conversationArguments(for: tool.parameters, prompt: prompt, instructions: request.instructions)
        let derived = ArgumentDerivation.derive(for: tool.parameters, from: conversation, siblings: siblings)
        var arguments = derived.content
        if !derived.isComplete {
            let source = slotSource(content, schema: tool.parameters, sampling: sampling, variables: [:], conversation: request.conversation, random: &random)
            var filled = tool.parameters.generate(random: &random, source: source)
            if case .object(var fields) = filled.storage {
                for (name, value) in derived.arguments {
                    if let index = fields.firstIndex(where: { $0.key == name }) { fields[index].value = value }
                }
                let merged = GeneratedContent(storage: .object(fields))
                if tool.parameters.isValid(merged) { filled = merged }
            }
            arguments = filled
        }
        return Transcript.ToolCall(toolName: tool.name, arguments: arguments)
    }
}
