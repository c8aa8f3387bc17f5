/// The options that say what minimum target size an audit checks, shared by `audit` and the
/// inspector page of `render`: `--min-size` or `--standard` (not both), and whether WCAG 2.5.8's
/// spacing exception applies.
enum TargetSizeOptions {
    static let minSize = Option(
        "--min-size", value: "<points>", help: "The minimum target size in points. (default: 24, WCAG 2.5.8)", expected: "a positive number",
        parse: OptionValue.positiveNumber)

    /// The guidance a minimum comes from.
    enum Standard: String, CaseIterable {
        case wcag, apple, material
        var size: Double {
            switch self {
            case .wcag: 24
            case .apple: 44
            case .material: 48
            }
        }
    }

    static let standard = Option(
        "--standard", value: "<name>", help: "wcag (24), apple (44) or material (48): sets --min-size.", expected: "wcag, apple or material",
        parse: Standard.init(rawValue:))

    /// The options, for a command's spec.
    static let options: [any OptionDeclaration] = [minSize, standard]

    /// The rule between them, for a command's spec: one or the other, not both.
    static let rules: [OptionRule] = [.excludes("--standard", "--min-size", expected: "either --min-size or --standard, not both")]

    /// The minimum in points (24 by default).
    static func minimum(_ arguments: ParsedArguments) -> Double {
        arguments[minSize] ?? arguments[standard]?.size ?? 24
    }

    /// Whether WCAG 2.5.8's spacing exception applies: under `--standard wcag` and plain `--min-size`
    /// (the WCAG measure by default); Apple's and Material's guidance has no such exception.
    static func appliesSpacingException(_ arguments: ParsedArguments) -> Bool {
        arguments[standard].map { $0 == .wcag } ?? true
    }
}
