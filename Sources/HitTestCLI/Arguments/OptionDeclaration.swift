/// An option a command declares once: the parser, the help text and the command's typed reads
/// all derive from the declaration.
protocol OptionDeclaration: Sendable {
    /// Every spelling, long first: `["--output", "-o"]`.
    var names: [String] { get }
    /// The value's placeholder (`<file>`); nil for a flag.
    var valueName: String? { get }
    /// One sentence for `--help`, including the default where there is one.
    var help: String { get }
    var isRequired: Bool { get }
    /// Throws ``UsageError/invalidValue(option:value:expected:)`` when `text` is not a valid value.
    func validate(_ text: String) throws(UsageError)
}

extension OptionDeclaration {
    var primaryName: String { names[0] }
}

/// An option without a value: present or not.
struct Flag: OptionDeclaration {
    let names: [String]
    let help: String
    var valueName: String? { nil }
    var isRequired: Bool { false }

    init(_ names: String..., help: String) {
        self.names = names
        self.help = help
    }

    func validate(_ text: String) throws(UsageError) {}
}

/// An option with a value of type `Value`, parsed and checked when the command line is read.
struct Option<Value>: OptionDeclaration {
    let names: [String]
    let valueName: String?
    let help: String
    let isRequired: Bool
    /// What a valid value looks like, for the error message: "a positive number".
    let expected: String
    let parse: @Sendable (String) -> Value?

    init(_ names: String..., value: String, help: String, expected: String, isRequired: Bool = false, parse: @escaping @Sendable (String) -> Value?) {
        self.names = names
        self.valueName = value
        self.help = help
        self.expected = expected
        self.isRequired = isRequired
        self.parse = parse
    }

    func validate(_ text: String) throws(UsageError) {
        guard parse(text) != nil else { throw .invalidValue(option: primaryName, value: text, expected: expected) }
    }
}

/// The value kinds the commands use. Every number is read by the one decimal grammar of the
/// command line, the points' (``PointParser/number(_:)``): plain or exponent notation, finite.
enum OptionValue {
    static func number(_ text: String) -> Double? {
        PointParser.number(text)
    }

    static func positiveNumber(_ text: String) -> Double? {
        number(text).flatMap { $0 > 0 ? $0 : nil }
    }

    static func nonNegativeNumber(_ text: String) -> Double? {
        number(text).flatMap { $0 >= 0 ? $0 : nil }
    }

    static func unitInterval(_ text: String) -> Double? {
        number(text).flatMap { $0 >= 0 && $0 <= 1 ? $0 : nil }
    }

    static func byte(_ text: String) -> UInt8? {
        UInt8(text)
    }

    static func path(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
