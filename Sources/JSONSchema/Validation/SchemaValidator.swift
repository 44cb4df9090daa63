import Foundation
/// Checks JSON values against a schema graph with JSON Schema semantics (2020-12, with the
/// earlier drafts' forms already normalised by the importer). It either answers yes/no as fast as
/// it can, or collects every violation with the JSON Pointer of the offending value.
package struct SchemaValidator: Sendable {
    package let graph: SchemaGraph
    /// Whether `format` asserts (the library's default) or is only an annotation (the 2020-12
    /// specification's default, which the official test suite checks).
    package var assertsFormats: Bool

    package init(graph: SchemaGraph, assertsFormats: Bool = true) {
        self.graph = graph
        self.assertsFormats = assertsFormats
    }

    /// Every violation, in document order; empty when the value is valid.
    package func violations(of value: GeneratedContent) -> [SchemaViolation] {
        var report = Report(collecting: true)
        check(value, graph.root, path: "", depth: .start, report: &report)
        return report.violations
    }

    /// Whether the value is valid.
    package func isValid(_ value: GeneratedContent) -> Bool {
        isValid(value, graph.root)
    }

    /// Whether the value satisfies a schema expression (negations and conjunctions included).
    /// A value whose check runs out of depth satisfies neither the expression nor its negation.
    package func satisfies(_ value: GeneratedContent, _ expr: SchemaExpr) -> Bool {
        verdict(value, expr) ?? false
    }

    /// Whether the value satisfies the expression, or nil when its check ran out of depth.
    private func verdict(_ value: GeneratedContent, _ expr: SchemaExpr) -> Bool? {
        switch expr {
        case .node(let ref):
            var report = Report(collecting: false)
            check(value, ref.node, path: "", depth: .start, report: &report)
            return report.exhausted ? nil : !report.failed
        case .not(let inner):
            return verdict(value, inner).map { !$0 }
        case .all(let list):
            for part in list {
                guard let passes = verdict(value, part) else { return nil }
                if !passes { return false }
            }
            return true
        }
    }

    package func isValid(_ value: GeneratedContent, _ node: SchemaNode) -> Bool {
        var report = Report(collecting: false)
        check(value, node, path: "", depth: .start, report: &report)
        return !report.failed
    }

    package struct Report {
        package let collecting: Bool
        package var failed = false
        /// The check ran out of depth (`maximumHops`): it cannot tell, so it fails, and no
        /// `not`, `anyOf`, `oneOf` or `if` above may turn that failure into a pass.
        package var exhausted = false
        package var violations: [SchemaViolation] = []

        package mutating func fail(_ path: String, _ message: @autoclosure () -> String) {
            failed = true
            if collecting { violations.append(SchemaViolation(pointer: path, message: message())) }
        }

        /// Fails the whole check: the schema nests too deep (or loops) here to be followed.
        package mutating func exhaust(_ path: String) {
            guard !exhausted else { return }
            exhausted = true
            fail(path, "the schema's references and subschemas nest more than \(SchemaValidator.maximumHops) deep on this value, or loop without end, so it cannot be checked")
        }

        /// The pointer of a child value — only built when violations are collected, since a
        /// yes/no answer never shows one.
        package func path(_ parent: String, _ key: String) -> String {
            collecting ? JSONPointer.append(parent, key) : parent
        }

        package func path(_ parent: String, _ index: Int) -> String {
            collecting ? JSONPointer.append(parent, index) : parent
        }

        /// In yes/no mode the first failure settles the answer; running out of depth settles it
        /// in both modes.
        package var done: Bool { exhausted || (failed && !collecting) }
    }

    /// How far a check has gone, counted two ways so that each limit means one thing: `hops`
    /// counts the references and subschemas followed on one value (it starts again at each item
    /// or property, so only a loop that never reaches deeper into the value exhausts it), and
    /// `nesting` counts the containers around the value being checked.
    package struct Depth {
        package var hops = 0
        package var nesting = 0
        /// The schema resources entered so far, when the graph uses `$dynamicRef`.
        package var scope: DynamicScope?

        package static let start = Depth()
        /// The same value, one reference or subschema further.
        package var hop: Depth { Depth(hops: hops + 1, nesting: nesting, scope: scope) }
        /// An item or property of the value.
        package var child: Depth { Depth(hops: 0, nesting: nesting + 1, scope: scope) }

        /// The same depth, inside `node`'s schema resource.
        package func entering(_ node: SchemaNode, tracking: Bool) -> Depth {
            guard tracking else { return self }
            var inside = self
            inside.scope = DynamicScope.entering(node, from: scope)
            return inside
        }
    }

    /// At most this many references and in-place subschemas (`allOf`, `anyOf`, `not`, …) are
    /// followed on one value — generation's limit too (`SchemaNormalizer.maximumNesting`), so
    /// every schema that compiles is checked to the bottom; deeper, or a loop, and the check
    /// fails as a whole (`Report.exhausted`) instead of answering wrongly.
    package static let maximumHops = 400
    /// Values nested deeper than this are refused (the JSON parser's own limit), which keeps
    /// the recursive check within the stack.
    package static let maximumNesting = JSONParser.maximumDepth

    /// Whether the value passes `node`, for a keyword whose answer is a yes or no (`not`,
    /// `anyOf`, `contains` …). A sub-check that runs out of depth exhausts `report` too, so the
    /// caller must stop when `report.done`.
    package func subValid(_ value: GeneratedContent, _ node: SchemaNode, path: String, depth: Depth, report: inout Report) -> Bool {
        var sub = Report(collecting: false)
        check(value, node, path: path, depth: depth, report: &sub)
        if sub.exhausted { report.exhaust(path) }
        return !sub.failed
    }

    package func check(_ value: GeneratedContent, _ node: SchemaNode, path: String, depth: Depth, report: inout Report) {
        let depth = depth.entering(node, tracking: graph.usesDynamicScope)
        if depth.hops > Self.maximumHops {
            report.exhaust(path)
            return
        }
        if depth.nesting > Self.maximumNesting {
            report.fail(path, "the value nests more than \(Self.maximumNesting) levels deep")
            return
        }
        if node.rejectsEverything {
            report.fail(path, "no value is allowed here")
            return
        }
        if let target = graph.target(of: node, in: depth.scope) {
            check(value, target, path: path, depth: depth.hop, report: &report)
            if report.done { return }
        }
        checkGeneric(value, node, path: path, report: &report)
        if report.done { return }
        switch value.storage {
        case .number(let n, let literal): checkNumber(n, literal: literal, node, path: path, report: &report)
        case .string(let s): checkString(s, node, path: path, report: &report)
        case .array(let items): checkArray(items, node, path: path, depth: depth, report: &report)
        case .object(let fields): checkObject(value, fields, node, path: path, depth: depth, report: &report)
        default: break
        }
        if report.done { return }
        checkComposition(value, node, path: path, depth: depth, report: &report)
        if report.done { return }
        checkUnevaluated(value, node, path: path, depth: depth, report: &report)
    }

    private func type(of value: GeneratedContent) -> JSONTypeSet {
        if graph.integersAreLexical, case .number(_, let literal?) = value.storage,
           literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
            return .fraction
        }
        return JSONTypeSet(of: value)
    }

    private func checkGeneric(_ value: GeneratedContent, _ node: SchemaNode, path: String, report: inout Report) {
        if let types = node.types, !types.contains(type(of: value)) {
            report.fail(path, "expected \(types.names.joined(separator: " or ")), found \(value.typeName)")
        }
        if let allowed = node.enumValues, !(node.enumLookup?.contains(value) ?? allowed.contains(value)) {
            report.fail(path, "\(value.jsonString) is not one of the allowed values")
        }
        if let constant = node.constValue, constant != value {
            report.fail(path, "expected the constant \(constant.jsonString)")
        }
    }

    private func checkNumber(_ n: Double, literal: String?, _ node: SchemaNode, path: String, report: inout Report) {
        func order(_ keyword: String, _ bound: Double) -> ComparisonResult {
            ExactNumber.compare(n, literal: literal, bound, boundLiteral: node.boundLiterals[keyword])
        }
        func text(_ keyword: String, _ bound: Double) -> String { JSONWriter.numberText(bound, literal: node.boundLiterals[keyword]) }
        let shown = JSONWriter.numberText(n, literal: literal)
        if let m = node.minimum, order("minimum", m) == .orderedAscending {
            report.fail(path, "\(shown) is less than the minimum \(text("minimum", m))")
        }
        if let m = node.exclusiveMinimum, order("exclusiveMinimum", m) != .orderedDescending {
            report.fail(path, "\(shown) must be greater than \(text("exclusiveMinimum", m))")
        }
        if let m = node.maximum, order("maximum", m) == .orderedDescending {
            report.fail(path, "\(shown) is greater than the maximum \(text("maximum", m))")
        }
        if let m = node.exclusiveMaximum, order("exclusiveMaximum", m) != .orderedAscending {
            report.fail(path, "\(shown) must be less than \(text("exclusiveMaximum", m))")
        }
        if let m = node.multipleOf {
            let isMultiple = literal == nil && node.boundLiterals["multipleOf"] == nil
                ? NumericMultiple.isMultiple(n, of: m)
                : NumericMultiple.isMultiple(ExactNumber.exact(n, literal: literal), of: node.exactNumber("multipleOf")!)
            if !isMultiple { report.fail(path, "\(shown) is not a multiple of \(text("multipleOf", m))") }
        }
    }

    private func checkString(_ s: String, _ node: SchemaNode, path: String, report: inout Report) {
        if node.minLength != nil || node.maxLength != nil {
            let length = s.unicodeScalars.count
            if let m = node.minLength, length < m { report.fail(path, "string of \(length) characters is shorter than \(m)") }
            if let m = node.maxLength, length > m { report.fail(path, "string of \(length) characters is longer than \(m)") }
        }
        if let pattern = node.pattern, !pattern.regex.matches(s) {
            report.fail(path, "\(GeneratedContent(s).jsonString) does not match the pattern \(pattern.source)")
        }
        if assertsFormats, let name = node.format, let format = StringFormat(rawValue: name), !format.isValid(s) {
            report.fail(path, "\(GeneratedContent(s).jsonString) is not a valid \(name)")
        }
    }

    private func checkArray(_ items: [GeneratedContent], _ node: SchemaNode, path: String, depth: Depth, report: inout Report) {
        if let m = node.minItems, items.count < m { report.fail(path, "array of \(items.count) items has fewer than \(m)") }
        if let m = node.maxItems, items.count > m { report.fail(path, "array of \(items.count) items has more than \(m)") }
        if report.done { return }
        let prefix = node.prefixItems ?? []
        for (i, item) in items.enumerated() {
            let schema = i < prefix.count ? prefix[i] : node.items
            guard let schema else { continue }
            check(item, schema, path: report.path(path, i), depth: depth.child, report: &report)
            if report.done { return }
        }
        if node.uniqueItems, items.count > 1 {
            var seen = Set<GeneratedContent>()
            for (i, item) in items.enumerated() where !seen.insert(item).inserted {
                report.fail(report.path(path, i), "duplicate of an earlier item; items must be unique")
                if report.done { return }
            }
        }
        if let contains = node.contains {
            var matches = 0
            for item in items where subValid(item, contains, path: path, depth: depth.child, report: &report) {
                matches += 1
            }
            if report.done { return }
            let minimum = node.minContains ?? 1
            if matches < minimum {
                report.fail(path, "array must contain at least \(minimum) matching item\(minimum == 1 ? "" : "s") (has \(matches))")
            }
            if let maximum = node.maxContains, matches > maximum {
                report.fail(path, "array must contain at most \(maximum) matching items (has \(matches))")
            }
        }
    }

    private func checkObject(_ value: GeneratedContent, _ fields: [GeneratedContent.Field], _ node: SchemaNode,
                             path: String, depth: Depth, report: inout Report) {
        if let m = node.minProperties, fields.count < m { report.fail(path, "object with \(fields.count) properties has fewer than \(m)") }
        if let m = node.maxProperties, fields.count > m { report.fail(path, "object with \(fields.count) properties has more than \(m)") }
        // A set, not the object's own lookup, which scans its keys: 100,000 required names took
        // seconds per instance.
        let present = Set(fields.lazy.map(\.key))
        for name in node.required where !present.contains(name) {
            report.fail(path, "missing required property '\(name)'")
            if report.done { return }
        }
        for (name, needed) in node.dependentRequired where present.contains(name) {
            for other in needed where !present.contains(other) {
                report.fail(path, "property '\(other)' is required when '\(name)' is present")
            }
        }
        if report.done { return }
        for field in fields {
            let fieldPath = report.path(path, field.key)
            if let names = node.propertyNames, !subValid(GeneratedContent(field.key), names, path: fieldPath, depth: depth.child, report: &report) {
                report.fail(fieldPath, "property name \(GeneratedContent(field.key).jsonString) is not allowed")
                if report.done { return }
            }
            var matched = false
            if let schema = node.property(field.key) {
                matched = true
                check(field.value, schema, path: fieldPath, depth: depth.child, report: &report)
                if report.done { return }
            }
            for (pattern, schema) in node.patternProperties where pattern.regex.matches(field.key) {
                matched = true
                check(field.value, schema, path: fieldPath, depth: depth.child, report: &report)
                if report.done { return }
            }
            if !matched, let additional = node.additionalProperties {
                if additional.rejectsEverything {
                    report.fail(fieldPath, "property \(GeneratedContent(field.key).jsonString) is not allowed")
                } else {
                    check(field.value, additional, path: fieldPath, depth: depth.child, report: &report)
                }
                if report.done { return }
            }
        }
        for (name, schema) in node.dependentSchemas where present.contains(name) {
            check(value, schema, path: path, depth: depth.hop, report: &report)
            if report.done { return }
        }
    }

    private func checkComposition(_ value: GeneratedContent, _ node: SchemaNode, path: String, depth: Depth, report: inout Report) {
        for schema in node.allOf {
            check(value, schema, path: path, depth: depth.hop, report: &report)
            if report.done { return }
        }
        if let choices = node.anyOf, !choices.contains(where: { subValid(value, $0, path: path, depth: depth.hop, report: &report) }) {
            report.fail(path, "matches none of the anyOf alternatives")
        }
        if report.done { return }
        if let choices = node.oneOf {
            var count = 0
            for choice in choices where subValid(value, choice, path: path, depth: depth.hop, report: &report) {
                count += 1
                if count > 1 { break }
            }
            if report.done { return }
            if count == 0 { report.fail(path, "matches none of the oneOf alternatives") }
            if count > 1 { report.fail(path, "matches more than one of the oneOf alternatives") }
        }
        if report.done { return }
        if let negated = node.not, subValid(value, negated, path: path, depth: depth.hop, report: &report) {
            report.fail(path, "matches a schema it must not match")
        }
        if report.done { return }
        if let condition = node.ifSchema {
            let passes = subValid(value, condition, path: path, depth: depth.hop, report: &report)
            if report.done { return }
            if passes {
                if let then = node.thenSchema { check(value, then, path: path, depth: depth.hop, report: &report) }
            } else if let otherwise = node.elseSchema {
                check(value, otherwise, path: path, depth: depth.hop, report: &report)
            }
        }
    }
}

/// One way a value breaks its schema: where (a JSON Pointer into the value) and what.
public struct SchemaViolation: Sendable, Equatable, CustomStringConvertible {
    /// The JSON Pointer of the offending value ("" for the whole value).
    public let pointer: String
    /// What is wrong.
    public let message: String

    package init(pointer: String, message: String) {
        self.pointer = pointer
        self.message = message
    }

    public var description: String { "\(pointer.isEmpty ? "(root)" : pointer): \(message)" }
}
