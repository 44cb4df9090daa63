import GuidedGeneration

/// Decides whether a prompt is *clearly* written in a language other than English, which the
/// procedural model does not support.
///
/// Two rules, tuned so that English is never refused by mistake:
/// - **Script**: when at least half of the letters (and at least two) belong to one non-Latin
///   script, the text is in that script's language — Han `zh` (or `ja` when kana appear), Hangul
///   `ko`, Cyrillic `ru`, Greek `el`, Arabic `ar`, Hebrew `he`, Devanagari `hi`, Thai `th`. A
///   foreign name or word inside an English sentence stays below half.
/// - **Function words** (Latin script): words such as `le`, `est`, `vous` (French), `ich`,
///   `nicht`, `und` (German), `el`, `está`, `por` (Spanish) are counted per language, each
///   language's own accents (`ç è ê à œ`, `ä ö ü ß`, `ñ ¿ ¡ á í ó ú`) adding one point as a hint,
///   and English function words are counted too. A language wins with at least two points and at
///   least twice the English count. So "Can I have a café latte?" and "Danke!" (one point) stay
///   English, while "Danke schön!" and "Où est la gare ?" do not. Words that are also common
///   English words (`a`, `on`, `die`, `was`, `no`, `me`) are left out of all lists, English's
///   included, so they count for no language.
enum LanguageCheck {
    /// The BCP 47 code of the language `text` is clearly written in, or nil when it is English or
    /// not clearly anything else.
    static func detectedLanguage(_ text: String) -> String? {
        scriptLanguage(text) ?? functionWordLanguage(text)
    }

    private static func scriptLanguage(_ text: String) -> String? {
        var letters = 0
        var counts: [String: Int] = [:]
        var hasKana = false
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            letters += 1
            let value = scalar.value
            let script: String?
            switch value {
            case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F:
                hasKana = true
                script = "ja"
            case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: script = "ko"
            case 0x0400...0x052F: script = "ru"
            case 0x0370...0x03FF, 0x1F00...0x1FFF: script = "el"
            case 0x0600...0x06FF, 0x0750...0x077F: script = "ar"
            case 0x0590...0x05FF: script = "he"
            case 0x0900...0x097F: script = "hi"
            case 0x0E00...0x0E7F: script = "th"
            default: script = scalar.properties.isIdeographic ? "zh" : nil
            }
            if let script { counts[script, default: 0] += 1 }
        }
        // Japanese mixes kanji with kana: both count for it.
        if hasKana { counts["ja", default: 0] += counts.removeValue(forKey: "zh") ?? 0 }
        guard let (language, count) = counts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }),
              count >= 2, count * 2 >= letters
        else { return nil }
        return language
    }

    private struct Profile {
        let code: String
        let words: Set<String>
        let accents: Set<Character>
        /// Leading elisions (`c'`, `j'`, `t'`…) that mark a word as this language's.
        var elisions: [String] = []

        func isElided(_ word: String) -> Bool {
            elisions.contains { word.hasPrefix($0) && word.count > $0.count }
        }
    }

    private static let english: Set<String> = [
        "the", "a", "an", "is", "are", "was", "were", "be", "been", "am", "i", "you", "he", "she", "it",
        "we", "they", "my", "your", "our", "this", "that", "these", "those", "and", "or", "but",
        "of", "to", "in", "on", "at", "for", "with", "from", "by", "about", "have", "has", "had", "do",
        "does", "did", "can", "could", "will", "would", "should", "what", "how", "why", "when",
        "where", "who", "which", "there", "here", "not", "yes", "please", "thanks", "hello",
        "hi", "any", "some", "much", "many", "long", "like", "get", "know", "today", "if", "so",
    ]

    private static let profiles: [Profile] = [
        Profile(code: "fr", words: [
            "le", "la", "les", "un", "une", "des", "du", "et", "est", "je", "tu", "il", "elle", "nous",
            "vous", "ils", "elles", "ne", "pas", "que", "qui", "quoi", "dans", "sur", "avec", "ce",
            "cette", "mon", "ma", "mes", "ton", "ta", "votre", "vos", "au", "aux", "très", "oui",
            "où", "pourquoi", "quand", "bonjour", "merci", "ça", "suis", "êtes", "sont", "avez", "ai",
            "plaît", "voudrais", "aussi", "mais", "ou", "depuis",
            "combien", "beaucoup", "bien", "chez", "toi", "moi", "lui", "leur", "notre", "nos", "quel",
            "quelle", "aujourd'hui", "fait", "il", "peux", "veux", "voir", "temps",
        ], accents: ["ç", "è", "ê", "à", "œ", "â", "î", "û", "ù", "ë", "ï"],
        elisions: ["c'", "j'", "l'", "d'", "qu'", "n'", "t'", "m'", "s'"]),
        Profile(code: "de", words: [
            "der", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "und", "ist", "ich", "du",
            "er", "sie", "wir", "ihr", "nicht", "mit", "auf", "für", "von", "zu", "wie", "wo", "warum",
            "wann", "wer", "bitte", "danke", "guten", "tag", "morgen", "haben", "habe", "hast", "sind",
            "bist", "kann", "können", "möchte", "mein", "meine", "dein", "deine", "ja", "nein", "auch",
            "aber", "oder", "noch", "schon", "sehr", "gibt", "es", "hier", "dort", "heute", "schön",
            "geht", "dir", "mir", "mich", "dich", "uns", "euch", "gern", "gerne", "viel", "vielen", "kostet",
            "mag", "kein", "keine", "keinen", "heißt", "arbeitest", "bis",
        ], accents: ["ä", "ö", "ü", "ß"]),
        Profile(code: "es", words: [
            "el", "los", "las", "una", "unos", "unas", "y", "es", "está", "están", "estoy", "yo", "tú",
            "él", "ella", "nosotros", "ustedes", "usted", "que", "qué", "de", "del", "en", "por",
            "para", "pero", "muy", "sí", "gracias", "hola", "dónde", "cómo", "cuándo", "cuánto",
            "porque", "tengo", "tiene", "quiero", "puedo", "puede", "mi", "mis", "tu", "tus", "su",
            "sus", "lo", "le", "les", "se", "nos", "al", "hay", "buenos", "buenas", "días", "también",
            "aquí", "hace", "eres", "soy", "somos", "favor", "bien", "gusta", "cuesta", "hasta", "mañana",
        ], accents: ["ñ", "¿", "¡", "á", "í", "ó", "ú"]),
    ]

    private static func functionWordLanguage(_ text: String) -> String? {
        let lowered = text.lowercased()
        var words: [String] = []
        var word = ""
        for character in lowered {
            if character.isLetter || ((character == "'" || character == "’") && !word.isEmpty) {
                word.append(character == "’" ? "'" : character)
            } else if !word.isEmpty {
                words.append(word)
                word = ""
            }
        }
        if !word.isEmpty { words.append(word) }
        let englishCount = words.filter(english.contains).count
        var best: (code: String, score: Int)?
        for profile in profiles {
            var score = words.filter { profile.words.contains($0) || profile.isElided($0) }.count
            if lowered.contains(where: profile.accents.contains) { score += 1 }
            if score >= 2, score >= 2 * englishCount, score > (best?.score ?? 0) { best = (profile.code, score) }
        }
        return best?.code
    }
}
