import GuidedGeneration
import RegexAutomata

extension Grammar {
    /// Picks one alternative given their weights: ineligible alternatives (the one chosen last
    /// time, ones already tried, ones too deep) arrive with weight 0 and must not be returned.
    /// A session plugs in its sampling options (temperature, top-k, greedy) here.
    public typealias Chooser = (_ weights: [Double], _ random: inout SeededRandom) -> Int

    /// The default chooser: an index drawn in proportion to the weights.
    ///
    /// ```swift
    /// var random = SeededRandom(seed: 3)
    /// let index = Grammar.proportionalChoice([1, 0, 3], &random)   // 0 or 2, 2 three times as often
    /// ```
    public static func proportionalChoice(_ weights: [Double], _ random: inout SeededRandom) -> Int {
        random.index(weights: weights)
    }

    /// A chooser that always takes the heaviest alternative (the first of equals), for greedy
    /// sampling; it draws nothing from `random`.
    ///
    /// ```swift
    /// let line = try grammar.expand("greeting", memory: &memory, random: &random, choose: Grammar.greedyChoice)
    /// ```
    public static func greedyChoice(_ weights: [Double], _ random: inout SeededRandom) -> Int {
        weights.indices.max { weights[$0] < weights[$1] || (weights[$0] == weights[$1] && $0 > $1) } ?? 0
    }

    /// Expands `symbol` into a line of text.
    ///
    /// `variables` start the expansion set (e.g. the persona's name or a tool's output) and
    /// shadow symbols and default variables of the same name. No symbol picks the alternative it
    /// picked last time (when it has two or more), and a line `memory` has already seen is
    /// avoided by excluding, one by one, the top-level alternatives that produced repeats; a
    /// repeat is returned only once every top-level alternative has been tried. The same grammar,
    /// memory, variables and seed give the same line.
    ///
    /// ```swift
    /// var memory = ExpansionMemory()
    /// var random = SeededRandom(seed: 42)
    /// let reply = try grammar.expand("greeting", variables: ["name": "Ada"], memory: &memory, random: &random)
    /// ```
    public func expand(
        _ symbol: String,
        variables: [String: String] = [:],
        memory: inout ExpansionMemory,
        random: inout SeededRandom,
        choose: Chooser = Grammar.proportionalChoice
    ) throws(GrammarError) -> String {
        try withoutActuallyEscaping(choose) { (choose) throws(GrammarError) -> String in
            try expand(symbol, variables: variables, memory: &memory, random: &random, picker: Picker(choose: choose, uniform: nil))
        }
    }

    /// How an expansion picks alternatives: `choose` over the weights, or — for a symbol whose
    /// alternatives are equally weighted and all eligible — `uniform` over their count, which
    /// spares the sampler a pass over a long list of weights (a symbol of 400 names, say).
    struct Picker {
        let choose: Chooser
        let uniform: ((_ count: Int, _ random: inout SeededRandom) -> Int)?
        /// Told each alternative drawn, by symbol index.
        var record: ((_ symbol: Int, _ alternative: Int) -> Void)?
    }

    /// `expand` with the session's sampling applied directly, taking the uniform shortcut, and
    /// counting its draws and its line in `audit`.
    func expand(_ symbol: String, variables: [String: String], memory: inout ExpansionMemory,
                random: inout SeededRandom, sampling: ResolvedSampling, audit: GrammarAudit? = nil) throws(GrammarError) -> String {
        var picker = Picker(choose: sampling.chooser, uniform: { count, random in sampling.chooseUniform(count: count, random: &random) })
        guard let audit else { return try expand(symbol, variables: variables, memory: &memory, random: &random, picker: picker) }
        let symbols = self.symbols
        picker.record = { index, alternative in audit.record(symbol: symbols[index].name, alternative: alternative) }
        let line = try expand(symbol, variables: variables, memory: &memory, random: &random, picker: picker)
        audit.record(line: line)
        return line
    }

    private func expand(_ symbol: String, variables: [String: String], memory: inout ExpansionMemory,
                        random: inout SeededRandom, picker: Picker) throws(GrammarError) -> String {
        guard let index = symbolIndex[symbol] else { throw .undefinedSymbol(symbol) }
        let givenShadowsSymbol = variables.keys.contains { symbolIndex[$0] != nil }

        // An attempt writes its choices straight into `memory` and logs what it overwrote, so a
        // repeated line is rolled back without copying the memory for every expansion.
        func attempt(among alternatives: [Int], random: inout SeededRandom) throws(GrammarError) -> (line: String, choice: Int, undo: [ExpansionMemory.Change]) {
            var state = ExpansionState(given: variables, defaults: defaultVariables, givenShadowsSymbol: givenShadowsSymbol)
            do {
                let choice = try pick(among: alternatives, of: index, memory: memory, random: &random, picker: picker)
                picker.record?(index, choice)
                state.undo.append(memory.recordChoice(choice, of: symbol))
                let line = try expand(symbols[index].rules[choice], in: symbol, depth: 1, state: &state, memory: &memory, random: &random, picker: picker)
                return (line, choice, state.undo)
            } catch {
                memory.restore(state.undo)
                throw error
            }
        }

        let fitting = try alternatives(of: index, fittingAt: 1)
        let first = try attempt(among: fitting, random: &random)
        var firstChoices: [ExpansionMemory.Change]?
        var remaining = fitting
        var outcome = first
        // Recording a fresh line and testing for a repeat are one set insertion.
        while !memory.recordLine(outcome.line) {
            let kept = firstChoices ?? memory.snapshot(of: first.undo)
            firstChoices = kept
            memory.restore(outcome.undo)
            remaining.removeAll { $0 == outcome.choice }
            // Every top-level alternative gave a repeat: keep the first attempt, as if no line
            // had been avoided.
            guard !remaining.isEmpty else {
                memory.restore(kept)
                return first.line
            }
            outcome = try attempt(among: remaining, random: &random)
        }
        return outcome.line
    }

    /// The alternatives of symbol `index` that can finish within the depth limit when the symbol
    /// is expanded at nesting `depth`; throws when there are none.
    private func alternatives(of index: Int, fittingAt depth: Int) throws(GrammarError) -> [Int] {
        let symbol = symbols[index]
        if let deepest = symbol.deepestRule, depth + deepest <= maximumDepth { return symbol.allRules }
        let fitting = symbol.ruleHeights.indices.filter { rule in
            symbol.ruleHeights[rule].map { depth + $0 <= maximumDepth } ?? false
        }
        guard !fitting.isEmpty else { throw .depthLimitExceeded(symbol: symbol.name, limit: maximumDepth) }
        return fitting
    }

    /// Lets `choose` pick one of `candidates` (non-empty) of symbol `index`, never the symbol's
    /// last choice while another candidate remains.
    private func pick(
        among candidates: [Int], of index: Int, memory: ExpansionMemory,
        random: inout SeededRandom, picker: Picker
    ) throws(GrammarError) -> Int {
        let symbol = symbols[index]
        let last = candidates.count > 1 ? memory.lastChoices[symbol.name] : nil
        if last == nil, candidates.count == symbol.weights.count, symbol.isUniform, let uniform = picker.uniform {
            let choice = uniform(candidates.count, &random)
            guard symbol.weights.indices.contains(choice) else { throw .invalidChoice(index: choice, symbol: symbol.name) }
            return choice
        }
        let weights: [Double]
        if last == nil, candidates.count == symbol.weights.count {
            // Every alternative is eligible: the symbol's own weights, without a copy.
            weights = symbol.weights
        } else {
            var eligible = [Double](repeating: 0, count: symbol.weights.count)
            for rule in candidates where rule != last { eligible[rule] = symbol.weights[rule] }
            weights = eligible
        }
        let choice = picker.choose(weights, &random)
        guard weights.indices.contains(choice), weights[choice] > 0 else {
            throw .invalidChoice(index: choice, symbol: symbol.name)
        }
        return choice
    }

    /// Expands one parsed rule of `symbol` (expanded at nesting `depth`), threading the variables
    /// and the memory through nested symbols and actions.
    private func expand(
        _ rule: GrammarRule, in symbol: String, depth: Int,
        state: inout ExpansionState, memory: inout ExpansionMemory,
        random: inout SeededRandom, picker: Picker
    ) throws(GrammarError) -> String {
        var output = ""
        for segment in rule.segments {
            switch segment {
            case .text(let text):
                output += text
            case .reference(let name, let modifiers, let resolved):
                var value: String
                if let bound = state.value(of: name, resolved: resolved) {
                    value = bound
                } else if let index = resolved ?? symbolIndex[name] {
                    let fitting = try alternatives(of: index, fittingAt: depth + 1)
                    let choice = try pick(among: fitting, of: index, memory: memory, random: &random, picker: picker)
                    picker.record?(index, choice)
                    state.undo.append(memory.recordChoice(choice, of: name))
                    value = try expand(symbols[index].rules[choice], in: name, depth: depth + 1, state: &state, memory: &memory, random: &random, picker: picker)
                } else {
                    throw .unboundVariable(name, symbol: symbol)
                }
                for modifier in modifiers { value = modifier.apply(to: value) }
                output += value
            case .push(let variable, let valueRule):
                let value = try expand(valueRule, in: symbol, depth: depth, state: &state, memory: &memory, random: &random, picker: picker)
                state.push(value, to: variable)
            case .pop(let variable):
                state.pop(variable)
            }
        }
        return output
    }
}
