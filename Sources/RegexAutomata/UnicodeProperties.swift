/// The scalar sets behind `\p{…}` escapes and the ECMA-262 class escapes `\d \w \s`.
///
/// General categories are computed once, on first use, by scanning every scalar's
/// `Unicode.Scalar.Properties.generalCategory` (so they follow the toolchain's Unicode version),
/// and kept in an immutable static table.
package enum UnicodeProperties {
    /// What a `\p{…}` body resolves to.
    package enum Lookup: Equatable {
        case set(ScalarSet)
        /// A valid ECMA-262 property this engine does not implement (scripts, binary properties).
        case unsupported
        case unknown
    }

    package static let digits = ScalarSet(range: 0x30...0x39)
    package static let wordCharacters = ScalarSet(ranges: [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// ECMA-262 WhiteSpace (TAB, VT, FF, ZWNBSP, USP = Zs) plus LineTerminator (LF, CR, LS, PS).
    package static let whitespace = ScalarSet(ranges: [
        0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
        0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
    ])
    /// What `.` matches: everything but the line terminators.
    package static let dot = ScalarSet.all.subtracting(ScalarSet(ranges: [0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029]))

    /// The members of each general category.
    package static let generalCategories: [Unicode.GeneralCategory: ScalarSet] = {
        var ranges: [Unicode.GeneralCategory: [ClosedRange<UInt32>]] = [:]
        var runStart: UInt32 = 0
        var runCategory = Unicode.Scalar(0)!.properties.generalCategory
        func close(at end: UInt32) {
            ranges[runCategory, default: []].append(runStart...end)
        }
        for value in UInt32(1)...ScalarSet.maxScalar {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let category = scalar.properties.generalCategory
            if category != runCategory || value == 0xE000 {
                close(at: value == 0xE000 ? 0xD7FF : value - 1)
                runStart = value
                runCategory = category
            }
        }
        close(at: ScalarSet.maxScalar)
        return ranges.mapValues { ScalarSet(ranges: $0) }
    }()

    /// Scalars that read as text on their own: letters, numbers, punctuation, symbols and space
    /// separators (no controls, formats, marks, private-use or unassigned code points).
    package static let readable: ScalarSet = categories(letters + numbers + punctuation + symbols + [.spaceSeparator])

    package static func category(_ category: Unicode.GeneralCategory) -> ScalarSet {
        generalCategories[category] ?? .empty
    }

    package static func categories(_ list: [Unicode.GeneralCategory]) -> ScalarSet {
        list.reduce(ScalarSet.empty) { $0.union(category($1)) }
    }

    /// Resolves the text between the braces of `\p{…}`: a general category value (short or long
    /// name, optionally as `General_Category=` / `gc=`), or `Any`, `ASCII`, `Assigned`.
    package static func lookup(_ body: String) -> Lookup {
        if let equals = body.firstIndex(of: "=") {
            let name = String(body[..<equals])
            let value = String(body[body.index(after: equals)...])
            switch name {
            case "General_Category", "gc":
                return categoryValue(value).map { .set($0) } ?? .unknown
            case "Script", "sc", "Script_Extensions", "scx":
                return value.isEmpty ? .unknown : .unsupported
            default:
                return .unknown
            }
        }
        switch body {
        case "Any": return .set(.all)
        case "ASCII": return .set(ScalarSet(range: 0...0x7F))
        case "Assigned": return .set(category(.unassigned).inverted())
        default: break
        }
        if let set = categoryValue(body) { return .set(set) }
        return binaryProperties.contains(body) ? .unsupported : .unknown
    }

    private static func categoryValue(_ name: String) -> ScalarSet? {
        categoryAliases[name].map(categories)
    }

    private static let letters: [Unicode.GeneralCategory] = [
        .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
    ]
    private static let marks: [Unicode.GeneralCategory] = [.nonspacingMark, .spacingMark, .enclosingMark]
    private static let numbers: [Unicode.GeneralCategory] = [.decimalNumber, .letterNumber, .otherNumber]
    private static let punctuation: [Unicode.GeneralCategory] = [
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
        .initialPunctuation, .finalPunctuation, .otherPunctuation,
    ]
    private static let symbols: [Unicode.GeneralCategory] = [.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol]
    private static let separators: [Unicode.GeneralCategory] = [.spaceSeparator, .lineSeparator, .paragraphSeparator]
    private static let others: [Unicode.GeneralCategory] = [.control, .format, .surrogate, .privateUse, .unassigned]

    /// Every name and alias of a General_Category value (Unicode PropertyValueAliases.txt).
    private static let categoryAliases: [String: [Unicode.GeneralCategory]] = {
        var table: [String: [Unicode.GeneralCategory]] = [:]
        func add(_ names: [String], _ list: [Unicode.GeneralCategory]) {
            for name in names { table[name] = list }
        }
        add(["L", "Letter"], letters)
        add(["LC", "Cased_Letter"], [.uppercaseLetter, .lowercaseLetter, .titlecaseLetter])
        add(["Lu", "Uppercase_Letter"], [.uppercaseLetter])
        add(["Ll", "Lowercase_Letter"], [.lowercaseLetter])
        add(["Lt", "Titlecase_Letter"], [.titlecaseLetter])
        add(["Lm", "Modifier_Letter"], [.modifierLetter])
        add(["Lo", "Other_Letter"], [.otherLetter])
        add(["M", "Mark", "Combining_Mark"], marks)
        add(["Mn", "Nonspacing_Mark"], [.nonspacingMark])
        add(["Mc", "Spacing_Mark"], [.spacingMark])
        add(["Me", "Enclosing_Mark"], [.enclosingMark])
        add(["N", "Number"], numbers)
        add(["Nd", "Decimal_Number", "digit"], [.decimalNumber])
        add(["Nl", "Letter_Number"], [.letterNumber])
        add(["No", "Other_Number"], [.otherNumber])
        add(["P", "Punctuation", "punct"], punctuation)
        add(["Pc", "Connector_Punctuation"], [.connectorPunctuation])
        add(["Pd", "Dash_Punctuation"], [.dashPunctuation])
        add(["Ps", "Open_Punctuation"], [.openPunctuation])
        add(["Pe", "Close_Punctuation"], [.closePunctuation])
        add(["Pi", "Initial_Punctuation"], [.initialPunctuation])
        add(["Pf", "Final_Punctuation"], [.finalPunctuation])
        add(["Po", "Other_Punctuation"], [.otherPunctuation])
        add(["S", "Symbol"], symbols)
        add(["Sm", "Math_Symbol"], [.mathSymbol])
        add(["Sc", "Currency_Symbol"], [.currencySymbol])
        add(["Sk", "Modifier_Symbol"], [.modifierSymbol])
        add(["So", "Other_Symbol"], [.otherSymbol])
        add(["Z", "Separator"], separators)
        add(["Zs", "Space_Separator"], [.spaceSeparator])
        add(["Zl", "Line_Separator"], [.lineSeparator])
        add(["Zp", "Paragraph_Separator"], [.paragraphSeparator])
        add(["C", "Other"], others)
        add(["Cc", "Control", "cntrl"], [.control])
        add(["Cf", "Format"], [.format])
        add(["Cs", "Surrogate"], [.surrogate])
        add(["Co", "Private_Use"], [.privateUse])
        add(["Cn", "Unassigned"], [.unassigned])
        return table
    }()

    /// The binary properties ECMA-262 allows in `\p{…}` (long names and short aliases), which this
    /// engine recognises but refuses.
    private static let binaryProperties: Set<String> = [
        "ASCII_Hex_Digit", "AHex", "Alphabetic", "Alpha", "Bidi_Control", "Bidi_C", "Bidi_Mirrored",
        "Bidi_M", "Case_Ignorable", "CI", "Cased", "Changes_When_Casefolded", "CWCF",
        "Changes_When_Casemapped", "CWCM", "Changes_When_Lowercased", "CWL",
        "Changes_When_NFKC_Casefolded", "CWKCF", "Changes_When_Titlecased", "CWT",
        "Changes_When_Uppercased", "CWU", "Dash", "Default_Ignorable_Code_Point", "DI", "Deprecated",
        "Dep", "Diacritic", "Dia", "Emoji", "Emoji_Component", "EComp", "Emoji_Modifier", "EMod",
        "Emoji_Modifier_Base", "EBase", "Emoji_Presentation", "EPres", "Extended_Pictographic",
        "ExtPict", "Extender", "Ext", "Grapheme_Base", "Gr_Base", "Grapheme_Extend", "Gr_Ext",
        "Hex_Digit", "Hex", "IDS_Binary_Operator", "IDSB", "IDS_Trinary_Operator", "IDST",
        "ID_Continue", "IDC", "ID_Start", "IDS", "Ideographic", "Ideo", "Join_Control", "Join_C",
        "Logical_Order_Exception", "LOE", "Lowercase", "Lower", "Math", "Noncharacter_Code_Point",
        "NChar", "Pattern_Syntax", "Pat_Syn", "Pattern_White_Space", "Pat_WS", "Quotation_Mark",
        "QMark", "Radical", "Regional_Indicator", "RI", "Sentence_Terminal", "STerm", "Soft_Dotted",
        "SD", "Terminal_Punctuation", "Term", "Unified_Ideograph", "UIdeo", "Uppercase", "Upper",
        "Variation_Selector", "VS", "White_Space", "space", "XID_Continue", "XIDC", "XID_Start", "XIDS",
    ]
}
