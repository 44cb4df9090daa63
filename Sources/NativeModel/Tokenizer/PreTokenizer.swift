/// Splits text into the words byte-level BPE then encodes one by one, following the split rules
/// a model's `tokenizer.ggml.pre` names (llama.cpp's behaviour for each family):
/// - `gpt2`: GPT-2's contractions, ` ?letters`, ` ?digits`, ` ?other`, whitespace runs that
///   leave their last space to the next word;
/// - `digitsThenGPT2` (SmolLM, StarCoder, …): every digit alone first, then GPT-2's rules;
/// - `llama3` / `qwen2`: case-insensitive contractions, one non-letter before letters, digits in
///   runs of up to three (Llama 3) or alone (Qwen2), line breaks kept with what precedes them.
enum PreTokenizer: Sendable, Equatable {
    case gpt2, digitsThenGPT2, llama3, qwen2

    /// The splitter for a `tokenizer.ggml.pre` name, nil when it is not one the runtime knows.
    init?(name: String) {
        switch name {
        case "gpt-2", "gpt2", "phi-2", "mpt", "olmo", "jais": self = .gpt2
        case "smollm", "starcoder", "refact", "command-r", "codeshell", "exaone", "minerva": self = .digitsThenGPT2
        case "llama3", "llama-v3", "llama-bpe", "dbrx", "smaug-bpe", "falcon3", "pixtral": self = .llama3
        case "qwen2", "deepseek-r1-qwen", "stablelm2": self = .qwen2
        default: return nil
        }
    }

    /// The kinds of character the rules tell apart (llama.cpp's own table: letters, numbers,
    /// its set of whitespace, and everything else, unassigned code points included).
    private enum Kind { case letter, number, space, other }

    private static func kind(_ scalar: Unicode.Scalar) -> Kind {
        switch scalar.value {
        case 0x09...0x0D, 0x20, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000: return .space
        default: break
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter: return .letter
        case .decimalNumber, .letterNumber, .otherNumber: return .number
        default: return .other
        }
    }

    /// The words of `text`, in order; together they are exactly `text`.
    func split(_ text: [Unicode.Scalar]) -> [ArraySlice<Unicode.Scalar>] {
        var words: [ArraySlice<Unicode.Scalar>] = []
        switch self {
        case .gpt2: splitGPT2(text[...], into: &words)
        case .digitsThenGPT2:
            var start = 0
            for (index, scalar) in text.enumerated() where Self.kind(scalar) == .number {
                if start < index { splitGPT2(text[start..<index], into: &words) }
                words.append(text[index...index])
                start = index + 1
            }
            if start < text.count { splitGPT2(text[start...], into: &words) }
        case .llama3: splitLlama3(text[...], digitRun: 3, into: &words)
        case .qwen2: splitLlama3(text[...], digitRun: 1, into: &words)
        }
        return words
    }

    /// The length of a contraction ('s 't 'm 'd 're 've 'll) at `position`, or 0.
    private func contraction(_ text: ArraySlice<Unicode.Scalar>, at position: Int, ignoringCase: Bool) -> Int {
        guard text[position] == "'", position + 1 < text.endIndex else { return 0 }
        func letter(_ index: Int) -> Character? {
            guard index < text.endIndex else { return nil }
            let character = Character(text[index])
            return ignoringCase ? Character(character.lowercased()) : character
        }
        switch letter(position + 1) {
        case "s", "t", "m", "d": return 2
        case "r", "v": return letter(position + 2) == "e" ? 3 : 0
        case "l": return letter(position + 2) == "l" ? 3 : 0
        default: return 0
        }
    }

    /// How many whitespace characters start at `position`.
    private func spaceRun(_ text: ArraySlice<Unicode.Scalar>, from position: Int) -> Int {
        var end = position
        while end < text.endIndex, Self.kind(text[end]) == .space { end += 1 }
        return end - position
    }

    /// Where a word of `spaces` spaces from `position` ends: a run followed by more text leaves
    /// its last space to lead the next word; a run at the end is taken whole; a character that
    /// is no space stands alone.
    private func spaceWordEnd(_ text: ArraySlice<Unicode.Scalar>, from position: Int, spaces: Int) -> Int {
        if spaces > 1 && position + spaces < text.endIndex { return position + spaces - 1 }
        return position + max(spaces, 1)
    }

    private func splitGPT2(_ text: ArraySlice<Unicode.Scalar>, into words: inout [ArraySlice<Unicode.Scalar>]) {
        var position = text.startIndex
        func kind(_ index: Int) -> Kind? { index < text.endIndex ? Self.kind(text[index]) : nil }
        while position < text.endIndex {
            let start = position
            let length = contraction(text, at: position, ignoringCase: false)
            if length > 0 {
                position += length
            } else {
                let leadingSpace = text[position] == " "
                let first = leadingSpace ? kind(position + 1) : kind(position)
                if let first, first != .space {
                    position += leadingSpace ? 1 : 0
                    while kind(position) == first { position += 1 }
                } else {
                    position = spaceWordEnd(text, from: position, spaces: spaceRun(text, from: position))
                }
            }
            words.append(text[start..<position])
        }
    }

    private func splitLlama3(_ text: ArraySlice<Unicode.Scalar>, digitRun: Int, into words: inout [ArraySlice<Unicode.Scalar>]) {
        var position = text.startIndex
        func kind(_ index: Int) -> Kind? { index < text.endIndex ? Self.kind(text[index]) : nil }
        func isBreak(_ index: Int) -> Bool { index < text.endIndex && (text[index] == "\r" || text[index] == "\n") }
        while position < text.endIndex {
            let start = position
            let current = Self.kind(text[position])
            let length = contraction(text, at: position, ignoringCase: true)
            if length > 0 {
                position += length
                words.append(text[start..<position])
                continue
            }
            if !isBreak(position), current != .number, current == .letter || kind(position + 1) == .letter {
                position += 1
                while kind(position) == .letter { position += 1 }
                words.append(text[start..<position])
                continue
            }
            if current == .number {
                var runStart = position
                while kind(position) == .number {
                    position += 1
                    if position - runStart >= digitRun {
                        words.append(text[runStart..<position])
                        runStart = position
                    }
                }
                if runStart < position { words.append(text[runStart..<position]) }
                continue
            }
            let afterSpace = text[position] == " " ? kind(position + 1) : current
            if let afterSpace, afterSpace == .other {
                position += text[position] == " " ? 1 : 0
                while kind(position) == .other { position += 1 }
                while isBreak(position) { position += 1 }
                words.append(text[start..<position])
                continue
            }
            let spaces = spaceRun(text, from: position)
            if let lastBreak = (position..<position + spaces).last(where: isBreak) {
                position = lastBreak + 1
            } else {
                position = spaceWordEnd(text, from: position, spaces: spaces)
            }
            words.append(text[start..<position])
        }
    }
}
