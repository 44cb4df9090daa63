import Foundation
import GGUF
import GuidedGeneration
import NPCKit
@testable import NativeModel
import TestSupport
import Testing

/// A template, what it renders to, and a name for the test report. The expected outputs were
/// worked out by hand and checked against Python's jinja2 with `trim_blocks` and `lstrip_blocks`.
struct Example: CustomTestStringConvertible, Sendable {
    let name: String
    let source: String
    let expected: String

    init(_ name: String, _ source: String, _ expected: String) {
        self.name = name
        self.source = source
        self.expected = expected
    }

    var testDescription: String { name }
}

/// The chat-template interpreter against hand-written templates for every construct it runs,
/// its errors, its limits, and the real SmolLM2 template (from the GGUF file and, when a
/// llama-server is running, against the server's own rendering).
struct ChatTemplateTests {
    static let conversation = [
        ChatMessage(role: "system", content: "Be brief."), ChatMessage(role: "user", content: "Hi"),
        ChatMessage(role: "assistant", content: "Hello!"), ChatMessage(role: "user", content: "Bye"),
    ]

    static func render(_ source: String, _ messages: [ChatMessage] = conversation) throws(ChatTemplateError) -> String {
        try ChatTemplate(source).render(messages, addGenerationPrompt: false)
    }

    @Test(arguments: whitespace) func rendersWhitespaceControl(_ example: Example) throws {
        #expect(try Self.render(example.source) == example.expected)
    }

    @Test(arguments: expressions) func evaluatesExpressions(_ example: Example) throws {
        #expect(try Self.render(example.source) == example.expected)
    }

    @Test(arguments: filters + methods) func appliesFiltersAndMethods(_ example: Example) throws {
        #expect(try Self.render(example.source) == example.expected)
    }

    @Test(arguments: statements) func runsStatements(_ example: Example) throws {
        #expect(try Self.render(example.source) == example.expected)
    }

    @Test func renderingUsesTheChatVariables() throws {
        let template = try ChatTemplate("{{ bos_token }}{% for m in messages %}[{{ m.role }}:{{ m['content'] }}]{% endfor %}"
            + "{% if add_generation_prompt %}[assistant:{% endif %}{{ eos_token }}")
        let messages = [ChatMessage(role: "user", content: "Zoë ☕")]
        #expect(try template.render(messages, addGenerationPrompt: true, bosToken: "<s>", eosToken: "</s>") == "<s>[user:Zoë ☕][assistant:</s>")
        #expect(try template.render(messages, addGenerationPrompt: false) == "[user:Zoë ☕]")
    }

    @Test func syntaxErrorsSayWhere() {
        #expect(throws: ChatTemplateError.syntax(line: 2, column: 4, message: "unterminated tag '{{'")) { try ChatTemplate("ok\nHi {{ name ") }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 1, message: "unterminated comment '{#'")) { try ChatTemplate("{# note") }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 1, message: "unclosed 'if' (expected 'elif' or 'else' or 'endif')")) {
            try ChatTemplate("{% if x %}yes")
        }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 6, message: "unexpected 'endfor'")) { try ChatTemplate("text {% endfor %}") }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 1, message: "'break' outside a loop")) { try ChatTemplate("{% break %}") }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 30, message: "'break' outside a loop")) {
            try ChatTemplate("{% for x in [1] %}{% set y %}{% break %}{% endset %}{% endfor %}")
        }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 8, message: "expected an expression, found end of tag")) { try ChatTemplate("{{ 1 + }}") }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 6, message: "unexpected 'b'")) { try ChatTemplate("{{ a b }}") }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 4, message: "unterminated string")) { try ChatTemplate("{{ 'abc }}") }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 6, message: "unexpected character '$'")) { try ChatTemplate("{{ a $ b }}") }
    }

    @Test func unsupportedConstructsAreNamed() {
        #expect(throws: ChatTemplateError.unsupported(construct: "filter 'wordwrap'", line: 2)) { try ChatTemplate("\n{{ messages | wordwrap }}") }
        #expect(throws: ChatTemplateError.unsupported(construct: "test 'escaped'", line: 1)) { try ChatTemplate("{{ x is escaped }}") }
        #expect(throws: ChatTemplateError.unsupported(construct: "'include' statement", line: 3)) { try ChatTemplate("a\nb\n{% include 'other.jinja' %}") }
        #expect(throws: ChatTemplateError.unsupported(construct: "'call' statement", line: 1)) { try ChatTemplate("{% call m() %}{% endcall %}") }
        #expect(throws: ChatTemplateError.unsupported(construct: "unknown statement 'frobnicate'", line: 1)) { try ChatTemplate("{% frobnicate %}") }
        #expect(throws: ChatTemplateError.unsupported(construct: "recursive loop", line: 1)) { try ChatTemplate("{% for x in xs recursive %}{% endfor %}") }
        #expect(throws: ChatTemplateError.unsupported(construct: "function 'strftime_now'", line: 1)) { try Self.render("{{ strftime_now('%Y') }}") }
        #expect(throws: ChatTemplateError.unsupported(construct: "method 'format' on str", line: 1)) { try Self.render("{{ '{}'.format(1) }}") }
        #expect(throws: ChatTemplateError.unsupported(construct: "string formatting with '%'", line: 1)) { try Self.render("{{ '%s' % 1 }}") }
    }

    @Test func raiseExceptionStopsRendering() throws {
        let source = "{% if messages[0]['role'] != 'user' %}{{ raise_exception('Conversation must start with a user message') }}{% endif %}ok"
        #expect(throws: ChatTemplateError.raised("Conversation must start with a user message")) { try Self.render(source) }
        #expect(try Self.render(source, [ChatMessage(role: "user", content: "Hi")]) == "ok")
    }

    @Test func runtimeErrorsSayWhatAndWhere() {
        #expect(throws: ChatTemplateError.runtime(line: 2, message: "'missing' is undefined")) { try Self.render("a\n{{ missing.attribute }}") }
        #expect(throws: ChatTemplateError.runtime(line: 1, message: "unsupported operand types for +: 'str' and 'int'")) { try Self.render("{{ 'a' + 1 }}") }
        #expect(throws: ChatTemplateError.runtime(line: 1, message: "division by zero")) { try Self.render("{{ 1 / 0 }}") }
        #expect(throws: ChatTemplateError.runtime(line: 1, message: "'int' object is not iterable")) { try Self.render("{% for x in 3 %}{% endfor %}") }
        #expect(throws: ChatTemplateError.runtime(line: 1, message: "cannot assign attribute 'a' on 'x', which is not a namespace")) {
            try Self.render("{% set x = {} %}{% set x.a = 1 %}")
        }
        #expect(throws: ChatTemplateError.runtime(line: 1, message: "trim() got an unexpected keyword argument 'side'")) { try Self.render("{{ 'a' | trim(side='left') }}") }
    }

    @Test func runawayTemplatesHitTypedLimits() {
        #expect(throws: ChatTemplateError.limitExceeded("\(TemplateRenderer.maximumOutput) bytes of output")) {
            try Self.render("{% for i in range(1000) %}{{ 'x' * 10000 }}{% endfor %}")
        }
        #expect(throws: ChatTemplateError.limitExceeded("\(TemplateRenderer.maximumIterations) loop iterations")) {
            try Self.render("{% for i in range(2000) %}{% for j in range(1000) %}{% endfor %}{% endfor %}")
        }
        #expect(throws: ChatTemplateError.limitExceeded("\(TemplateRenderer.maximumIterations) loop iterations")) { try Self.render("{{ range(10 ** 12) | length }}") }
        #expect(throws: ChatTemplateError.limitExceeded("\(TemplateOperations.maximumSize) elements in one value")) { try Self.render("{{ 'ab' * 10000000 }}") }
        #expect(throws: ChatTemplateError.limitExceeded("\(TemplateRenderer.maximumCallDepth) nested macro calls")) {
            try Self.render("{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}")
        }
        #expect(throws: ChatTemplateError.limitExceeded("\(TemplateOperations.maximumNesting) levels of nested lists and dictionaries")) {
            try Self.render("{% set ns = namespace(x=[]) %}{% for i in range(1000) %}{% set ns.x = [ns.x] %}{% endfor %}{{ ns.x }}")
        }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 104, message: "expression nested more than 100 levels deep")) {
            try ChatTemplate("{{ " + String(repeating: "(", count: 1000) + "1" + String(repeating: ")", count: 1000) + " }}")
        }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 402, message: "expression nested more than 100 levels deep")) {
            try ChatTemplate("{{ 1" + String(repeating: " + 1", count: 100_000) + " }}")
        }
        #expect(throws: ChatTemplateError.syntax(line: 1, column: 1301, message: "statements nested more than 100 levels deep")) {
            try ChatTemplate(String(repeating: "{% if true %}", count: 1000) + String(repeating: "{% endif %}", count: 1000))
        }
    }

    static let modelPath = ProcessInfo.processInfo.environment["COFFEESHOP_LLAMA_MODEL"]

    static func smolLM2Template() throws -> ChatTemplate {
        let file = try GGUFFile(contentsOf: URL(fileURLWithPath: try #require(modelPath)))
        return try ChatTemplate(try #require(file.metadata["tokenizer.chat_template"]?.string))
    }

    @Test(.enabled(if: Prerequisite.ready(.llamaServerBinary), Comment(rawValue: Prerequisite.reason(.llamaServerBinary))))
    func rendersTheSmolLM2TemplateFromTheModelFile() throws {
        let template = try Self.smolLM2Template()
        let withSystem = [ChatMessage(role: "system", content: "You are Juno, a barista."), ChatMessage(role: "user", content: "What do you recommend?")]
        #expect(try template.render(withSystem, addGenerationPrompt: true)
            == "<|im_start|>system\nYou are Juno, a barista.<|im_end|>\n<|im_start|>user\nWhat do you recommend?<|im_end|>\n<|im_start|>assistant\n")
        #expect(try template.render([ChatMessage(role: "user", content: "Hi")], addGenerationPrompt: false)
            == "<|im_start|>system\nYou are a helpful AI assistant named SmolLM, trained by Hugging Face<|im_end|>\n<|im_start|>user\nHi<|im_end|>\n")
    }


    static let oracleConversations: [[ChatMessage]] = [
        [ChatMessage(role: "system", content: "You are Juno, a barista."), ChatMessage(role: "user", content: "What do you recommend today?")],
        [ChatMessage(role: "user", content: "Name three coffee drinks.")],
        [ChatMessage(role: "user", content: "Hi"), ChatMessage(role: "assistant", content: "Hello! What can I get you?"),
         ChatMessage(role: "user", content: "A latte, please."), ChatMessage(role: "assistant", content: "Coming right up."),
         ChatMessage(role: "user", content: "Thanks!")],
        [ChatMessage(role: "system", content: "Réponds en français. 日本語も。"),
         ChatMessage(role: "user", content: "Zoë's café: «naïve» 👩‍💻☕️ 🇫🇷\n\ttabs and  spaces  ")],
        [ChatMessage(role: "user", content: "")],
    ]

    /// llama-server renders the same template with its own Jinja engine; the prompts must match exactly.
    @Test(.enabled(if: Prerequisite.ready(.llamaServer), Comment(rawValue: Prerequisite.reason(.llamaServer))))
    func smolLM2RenderingMatchesLlamaServer() async throws {
        let template = try Self.smolLM2Template()
        for conversation in Self.oracleConversations {
            let messages = conversation.map { ["role": $0.role, "content": $0.content] }
            let reply = try await #require(LlamaServerOracleTests.oracle).post("apply-template", ["messages": messages])
            let expected = try #require(reply["prompt"] as? String)
            #expect(try template.render(conversation, addGenerationPrompt: true) == expected)
        }
    }
}

extension ChatTemplateTests {
    static let whitespace: [Example] = [
        Example("trimBlocksEatsTheNewlineAfterABlockTag",
                "{% if true %}\n  yes\n{% endif %}\n",
                "  yes\n"),
        Example("minusStripsAllWhitespaceOnItsSide",
                "a  {%- if true -%}  b  {%- endif %}  c",
                "ab  c"),
        Example("minusWorksOnOutputTags",
                "a  {{- ' x ' -}}  b",
                "a x b"),
        Example("lstripBlocksRemovesIndentationBeforeABlockTag",
                "<\n    {% for x in [1, 2] %}\n    {{ x }}\n    {% endfor %}\n>",
                "<\n    1\n    2\n>"),
        Example("plusTurnsTrimmingOff",
                "a\n  {%+ if true +%}\nb{% endif %}",
                "a\n  \nb"),
        Example("commentsVanishWithTheirLine",
                "a {# note #}b\n  {# own line #}\nc",
                "a b\nc"),
        Example("indentationIsKeptWhenTextPrecedesTheTagOnItsLine",
                "x  {% if true %}y{% endif %}\n  {{ 1 }}  {% if 1 %}z{% endif %}",
                "x  y  1  z"),
        Example("lineEndingsAreNormalizedAndOneTrailingNewlineDropped",
                "a\r\n{% if true %}\r\nb\r\n{% endif %}\r\n\n",
                "a\nb\n"),
    ]

    static let expressions: [Example] = [
        Example("literals",
                "{{ 'a' ~ \"b\" ~ 1 ~ 2.5 ~ true ~ none ~ True ~ None ~ 1e3 ~ 'c' 'd' }}",
                "ab12.5TrueNoneTrueNone1000.0cd"),
        Example("arithmetic",
                "{{ 7 + 3 }},{{ 7 - 10 }},{{ 2 * 3.5 }},{{ 7 / 2 }},{{ 7 // 2 }},{{ -7 // 2 }},{{ 7 % 3 }},{{ -7 % 3 }},{{ 2 ** 10 }},{{ 'ab' * 3 }},{{ [1] + [2] }},{{ -2 | abs }},{{ 1 + 2 * 3 - 4 }}",
                "10,-3,7.0,3.5,3,-4,1,2,1024,ababab,[1, 2],2,3"),
        Example("comparisonsAndLogic",
                "{{ 1 < 2 < 3 }},{{ 'a' in 'cat' }},{{ 3 not in [1, 2] }},{{ not false and (true or x) }},{{ 0 or 'fallback' }},{{ 1 == 1.0 }},{{ 'b' > 'a' }},{{ 'k' in {'k': 1} }},{{ 2 >= 3 }},{{ [1, 'a'] == [1, 'a'] }}",
                "True,True,True,True,fallback,True,True,True,False,True"),
        Example("conditionalExpressions",
                "{{ 'yes' if 1 > 0 else 'no' }}[{{ 'x' if false }}]{{ 'a' if false else 'b' if true else 'c' }}",
                "yes[]b"),
        Example("listsDictionariesAndAccess",
                "{% set d = {'role': 'user', 'n': [1, 2, 3]} %}{{ d.role }} {{ d['n'][1] }} {{ d.n[-1] }} {{ d.n.0 }} [{{ d.missing }}] {{ d }} {{ ('a', 1) | list }}",
                "user 2 3 1 [] {'role': 'user', 'n': [1, 2, 3]} ['a', 1]"),
        Example("slicing",
                "{% set xs = [1, 2, 3, 4, 5] %}{{ xs[1:] }}{{ xs[:2] }}{{ xs[::-1] }}{{ xs[-2:] }}{{ xs[::2] }}{{ xs[3:1:-1] }}{{ 'hello'[1:4] }}{{ 'abc'[::-1] }}{{ xs[10:] }}",
                "[2, 3, 4, 5][1, 2][5, 4, 3, 2, 1][4, 5][1, 3, 5][4, 3]ellcba[]"),
        Example("tests",
                "{{ x is defined }},{{ x is not defined }},{{ none is none }},{{ 'a' is string }},{{ {} is mapping }},{{ [] is iterable }},{{ 1.5 is number }},{{ 'ab' is sequence }},{{ true is boolean }},{{ 3 is odd }},{{ 4 is even }},{{ 9 is divisibleby 3 }},{{ 'a' is in ['a'] }},{{ 1 is string }},{{ messages is sequence }},{{ 2 is equalto 2 }}",
                "False,True,True,True,True,True,True,True,True,True,True,True,True,False,True,True"),
        Example("undefinedIsFalsyAndEmpty",
                "[{{ missing }}]{% if missing %}no{% else %}falsy{% endif %}{{ missing | default('d') }}{{ missing | length }}{% for x in missing %}no{% endfor %}{{ missing ~ '!' }}",
                "[]falsyd0!"),
    ]

    static let filters: [Example] = [
        Example("stringFilters",
                "{{ '  hi  ' | trim }}|{{ 'Hello' | upper }}|{{ 'Hello' | lower }}|{{ 'hello wORLD' | capitalize }}|{{ 'hello wORLD-x' | title }}|{{ 'abc' | length }}|{{ [1, 2] | count }}|{{ 'a-b-c' | replace('-', '+') }}|{{ '<b>' | safe }}|{{ 'abc' | reverse }}|{{ 'xxhixx' | trim('x') }}",
                "hi|HELLO|hello|Hello world|Hello World-X|3|2|a+b+c|<b>|cba|hi"),
        Example("defaultFilter",
                "{{ '' | default('e') }}|{{ '' | default('e', true) }}|{{ none | d('n') }}|{{ x | d('u') }}|{{ x | default }}|",
                "|e|None|u||"),
        Example("conversionAndSequenceFilters",
                "{{ [1, 'a', 2.0] | join(', ') }}|{{ [3, 4] | first }}|{{ [3, 4] | last }}|{{ 'ab' | list }}|{{ 12 | string ~ 3 }}|{{ '42' | int + 1 }}|{{ '4.7' | int }}|{{ 'x' | int }}|{{ '2.5' | float }}|{{ 3 | float }}|{{ [3, 1, 2] | reverse | list }}|{{ messages | map(attribute='role') | join('/') }}",
                "1, a, 2.0|3|4|['a', 'b']|123|43|4|0|2.5|3.0|[2, 1, 3]|system/user/assistant/user"),
        Example("tojson",
                "{% set d = {'name': 'Zoë', 'args': {'n': 2, 'ok': true, 'x': none}, 'list': [1, 2.5]} %}{{ d | tojson }}\n{{ d.args | tojson(indent=2) }}\n{{ messages[0].content | tojson }}\n{{ [] | tojson(indent=4) }}",
                "{\"name\": \"Zoë\", \"args\": {\"n\": 2, \"ok\": true, \"x\": null}, \"list\": [1, 2.5]}\n{\n  \"n\": 2,\n  \"ok\": true,\n  \"x\": null\n}\n\"Be brief.\"\n[]"),
        Example("selectRejectAndMap",
                "{{ messages | selectattr('role', 'equalto', 'user') | map(attribute='content') | join(',') }}|{{ messages | rejectattr('role', 'equalto', 'user') | list | length }}|{{ messages | selectattr('role', '==', 'system') | list | length }}|{{ [0, 1, '', 'a'] | select | list }}|{{ [1, 2, 3, 4] | reject('odd') | list }}|{{ ['a', 'b'] | map('upper') | join }}|{{ [{'a': 1}, {}] | map(attribute='a', default=0) | list }}",
                "Hi,Bye|2|1|[1, 'a']|[2, 4]|AB|[1, 0]"),
    ]

    static let methods: [Example] = [
        Example("stringMethods",
                "{{ '  x  '.strip() }}|{{ 'xxhixx'.strip('x') }}|{{ '  x '.lstrip() }}|{{ ' x  '.rstrip() }}|{{ 'hello'.startswith('he') }}|{{ 'hello'.endswith(('x', 'lo')) }}|{{ ' a b  c '.split() }}|{{ 'a,b,,c'.split(',') }}|{{ 'a,b,c'.split(',', 1) }}|{{ 'Hi'.upper() }}{{ 'Hi'.lower() }}|{{ 'aaa'.replace('a', 'b', 2) }}|{{ \"they're here\".title() }}|{{ '-'.join(['a', 'b']) }}",
                "x|hi|x | x|True|True|['a', 'b', 'c']|['a', 'b', '', 'c']|['a', 'b,c']|HIhi|bba|They'Re Here|a-b"),
        Example("dictionaryMethodsAndItems",
                "{% set d = {'a': 1, 'b': 2} %}{% for k, v in d.items() %}{{ k }}={{ v }};{% endfor %}{% for k, v in d | items %}{{ k }}{{ v }}{% endfor %}|{{ d.get('a') }}|{{ d.get('z') }}|{{ d.get('z', 0) }}|{{ d.keys() | list }}|{{ d.values() | list }}|{% for k in d %}{{ k }}{% endfor %}",
                "a=1;b=2;a1b2|1|None|0|['a', 'b']|[1, 2]|ab"),
    ]

    static let statements: [Example] = [
        Example("loopVariables",
                "{% for x in ['a', 'b', 'c'] %}{{ loop.index }}{{ loop.index0 }}{{ loop.revindex }}{{ loop.revindex0 }}{{ loop.first }}{{ loop.last }}{{ loop.length }}{{ x }};{% endfor %}",
                "1032TrueFalse3a;2121FalseFalse3b;3210FalseTrue3c;"),
        Example("loopElseAndFilter",
                "{% for x in [] %}x{% else %}empty{% endfor %}|{% for x in [1, 2, 3, 4] if x is even %}{{ x }}{{ loop.length }}{% else %}none{% endfor %}|{% for m in messages if m.role != 'system' %}{{ loop.index }}{{ m.content }}{% endfor %}",
                "empty|2242|1Hi2Hello!3Bye"),
        Example("breakContinueAndRange",
                "{% for x in range(10) %}{% if x == 5 %}{% break %}{% endif %}{% if x is odd %}{% continue %}{% endif %}{{ x }}{% endfor %}|{{ range(3) | list }}{{ range(1, 7, 2) | list }}{{ range(3, 0, -1) | list }}",
                "024|[0, 1, 2][1, 3, 5][3, 2, 1]"),
        Example("ifElifElse",
                "{% for n in [1, 2, 3] %}{% if n == 1 %}one{% elif n == 2 %}two{% else %}many{% endif %} {% endfor %}",
                "one two many "),
        Example("loopScopesAndNamespaces",
                "{% set x = 1 %}{% for i in [1, 2] %}{% set x = x + i %}{{ x }}{% endfor %}|{{ x }}|{% set ns = namespace(total=0, found=false) %}{% for i in [1, 2, 3] %}{% set ns.total = ns.total + i %}{% if i == 2 %}{% set ns.found = true %}{% endif %}{% endfor %}{{ ns.total }} {{ ns.found }}",
                "23|1|6 True"),
        Example("setForms",
                "{% set greeting %}Hello {{ 'World' }}{% endset %}[{{ greeting }}]{% set a, b = [1, 2] %}{{ b }}{{ a }}{% if true %}{% set inner = 'kept' %}{% endif %}{{ inner }}",
                "[Hello World]21kept"),
        Example("macros",
                "{% macro tag(name, value='x') %}<{{ name }}={{ value }}>{% endmacro %}{{ tag('a') }}{{ tag('b', value='y') }}{{ tag(name='c', value=1) }}{{ tag('d') | upper }}",
                "<a=x><b=y><c=1><D=X>"),
        Example("generationBlocksRenderTheirBody",
                "{% generation %}g{% endgeneration %}",
                "g"),
    ]
}
