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
        guard let index = symbolIndex[symbol] else { throw .undefinedSymbol(symbol) }
        var initialStacks = defaultVariables.mapValues { [$0] }
        for (name, value) in variables { initialStacks[name] = [value] }

        func attempt(among alternatives: [Int], random: inout SeededRandom) throws(GrammarError) -> (line: String, memory: ExpansionMemory, choice: Int) {
            var trialMemory = memory
            var stacks = initialStacks
            let choice = try pick(among: alternatives, of: index, memory: trialMemory, random: &random, choose: choose)
            trialMemory.recordChoice(choice, of: symbol)
            let line = try expand(symbols[index].rules[choice], in: symbol, depth: 1, stacks: &stacks, memory: &trialMemory, random: &random, choose: choose)
            return (line, trialMemory, choice)
        }

        let fitting = try alternatives(of: index, fittingAt: 1)
        let first = try attempt(among: fitting, random: &random)
        var remaining = fitting
        var outcome = first
        while outcome.memory.hasProduced(outcome.line) {
            remaining.removeAll { $0 == outcome.choice }
            // Every top-level alternative gave a repeat: keep the first attempt, as if no line
            // had been avoided.
            guard !remaining.isEmpty else {
                memory = first.memory
                return first.line
            }
            outcome = try attempt(among: remaining, random: &random)
        }
        memory = outcome.memory
        memory.recordLine(outcome.line)
        return outcome.line
    }

    /// The alternatives of symbol `index` that can finish within the depth limit when the symbol
    /// is expanded at nesting `depth`; throws when there are none.
    private func alternatives(of index: Int, fittingAt depth: Int) throws(GrammarError) -> [Int] {
        let symbol = symbols[index]
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
        random: inout SeededRandom, choose: Chooser
    ) throws(GrammarError) -> Int {
        let symbol = symbols[index]
        var eligible = candidates
        if eligible.count > 1, let last = memory.lastChoices[symbol.name] {
            eligible.removeAll { $0 == last }
        }
        var weights = [Double](repeating: 0, count: symbol.weights.count)
        for rule in eligible { weights[rule] = symbol.weights[rule] }
        let choice = choose(weights, &random)
        guard weights.indices.contains(choice), weights[choice] > 0 else {
            throw .invalidChoice(index: choice, symbol: symbol.name)
        }
        return choice
    }

    /// Expands one parsed rule of `symbol` (expanded at nesting `depth`), threading the variable
    /// stacks and the memory through nested symbols and actions.
    private func expand(
        _ rule: GrammarRule, in symbol: String, depth: Int,
        stacks: inout [String: [String]], memory: inout ExpansionMemory,
        random: inout SeededRandom, choose: Chooser
    ) throws(GrammarError) -> String {
        var output = ""
        for segment in rule.segments {
            switch segment {
            case .text(let text):
                output += text
            case .reference(let name, let modifiers):
                var value: String
                if let top = stacks[name]?.last {
                    value = top
                } else if let index = symbolIndex[name] {
                    let fitting = try alternatives(of: index, fittingAt: depth + 1)
                    let choice = try pick(among: fitting, of: index, memory: memory, random: &random, choose: choose)
                    memory.recordChoice(choice, of: name)
                    value = try expand(symbols[index].rules[choice], in: name, depth: depth + 1, stacks: &stacks, memory: &memory, random: &random, choose: choose)
                } else {
                    throw .unboundVariable(name, symbol: symbol)
                }
                for modifier in modifiers { value = modifier.apply(to: value) }
                output += value
            case .push(let variable, let valueRule):
                let value = try expand(valueRule, in: symbol, depth: depth, stacks: &stacks, memory: &memory, random: &random, choose: choose)
                stacks[variable, default: []].append(value)
            case .pop(let variable):
                stacks[variable]?.removeLast()
                if stacks[variable]?.isEmpty == true { stacks[variable] = nil }
            }
        }
        return output
    }
}
