import GuidedGeneration

/// Load-time checks over the whole grammar: every referenced name exists, and every symbol can
/// finish expanding. The same fixed point gives each alternative's height, which expansion uses
/// to stay within `maximumDepth`.
extension Grammar {
    /// Names templates may read without a symbol of that name: declared or assigned variables.
    var variableNames: Set<String> {
        var names = Set(defaultVariables.keys)
        for symbol in symbols {
            for rule in symbol.rules { names.formUnion(rule.assignedVariables) }
        }
        return names
    }

    /// Every name `symbol` may read as it expands — symbols and variables, through the symbols it
    /// refers to — so a reply can be told apart by the facts it would say.
    func namesRead(from symbol: String) -> Set<String> {
        var read: Set<String> = [symbol]
        var waiting = [symbol]
        while let name = waiting.popLast() {
            guard let index = symbolIndex[name] else { continue }
            for rule in symbols[index].rules {
                for next in rule.referencedNames where read.insert(next).inserted { waiting.append(next) }
            }
        }
        return read
    }

    mutating func checkReferencesAndMeasureHeights() throws(GrammarError) {
        let variables = variableNames
        // Per rule, the symbols whose height bounds it; a read of a variable costs no depth
        // (its value was expanded when it was set), so a name that may be a variable is left out.
        var dependencies: [[[Int]]] = []
        for symbol in symbols {
            var ruleDependencies: [[Int]] = []
            for (alternative, rule) in symbol.rules.enumerated() {
                var indices: [Int] = []
                for name in rule.referencedNames where !variables.contains(name) {
                    guard let index = symbolIndex[name] else {
                        throw .unknownSymbol(name, symbol: symbol.name, alternative: alternative)
                    }
                    indices.append(index)
                }
                ruleDependencies.append(indices)
            }
            dependencies.append(ruleDependencies)
        }

        // Heights only ever decrease from "never", and a finite height is at most the symbol
        // count, so this settles within symbols.count + 1 rounds.
        var heights = [Int?](repeating: nil, count: symbols.count)
        var ruleHeights = symbols.map { [Int?](repeating: nil, count: $0.rules.count) }
        var changed = true
        while changed {
            changed = false
            for (symbol, ruleDependencies) in dependencies.enumerated() {
                for (rule, indices) in ruleDependencies.enumerated() {
                    var height = 0
                    for index in indices {
                        guard let dependency = heights[index] else { height = -1; break }
                        height = max(height, dependency)
                    }
                    guard height >= 0 else { continue }
                    ruleHeights[symbol][rule] = height
                    if heights[symbol].map({ height + 1 < $0 }) ?? true {
                        heights[symbol] = height + 1
                        changed = true
                    }
                }
            }
        }
        let stuck = symbols.indices.filter { heights[$0] == nil }.map { symbols[$0].name }
        guard stuck.isEmpty else { throw .neverTerminates(symbols: stuck) }
        for index in symbols.indices {
            symbols[index].ruleHeights = ruleHeights[index]
            symbols[index].rules = symbols[index].rules.map { rule in
                rule.resolvingReferences { variables.contains($0) ? nil : symbolIndex[$0] }
            }
        }
    }
}
