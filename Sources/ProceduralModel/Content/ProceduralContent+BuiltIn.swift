import GuidedGeneration

extension ProceduralContent {
    /// Loaded once, on first use, from the files the EmbedContent build plugin compiled in.
    private static let builtInResult = Result { () throws(ProceduralContentError) -> ProceduralContent in
        try ProceduralContent(documents: builtInDocuments)
    }

    /// The built-in pack's files as compiled in — each file's path relative to the package root
    /// (`content/english/names.json`) and its JSON text, in file-name order — for tools that
    /// check or extend the pack file by file.
    ///
    /// ```swift
    /// for document in ProceduralContent.builtInDocuments { print(document.name, document.json.count) }
    /// ```
    package static var builtInDocuments: [(name: String, json: String)] {
        EmbeddedContent.files.map { (name: $0.name, json: $0.data) }
    }

    /// The built-in content pack: `content/english/*.json` of this package, a small generic
    /// English pack (names, traits, people and places, a lexicon of everyday kinds of value such
    /// as drinks, colours and hobbies, everyday conversation, riddles, a corpus) that suits any
    /// game. It is compiled into the library at build time, so it needs no file at
    /// run time and works from any working directory and when this package is a dependency. A
    /// game layers its own pack on it, or brings a complete one of its own (NPCKit's coffee shop
    /// does). Throws when the embedded data is invalid.
    ///
    /// ```swift
    /// var memory = ExpansionMemory()
    /// var random = SeededRandom(seed: 42)
    /// let hello = try ProceduralContent.builtIn.grammar.expand("greetingReply", memory: &memory, random: &random)
    /// ```
    public static var builtIn: ProceduralContent {
        get throws(ProceduralContentError) { try builtInResult.get() }
    }
}
