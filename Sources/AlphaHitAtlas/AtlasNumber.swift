import AlphaHitBasics
import AlphaHitImages

/// The one place a number enters from an atlas file: a whole number within
/// ±``AtlasNumber/limit``, so that every sum and product of a frame's geometry fits in `Int`.
///
/// A number out of range is refused with its value and the limit ("too large: at most 16777216"),
/// never trapped on and never called "not a whole number".
enum AtlasNumber {
    /// The largest magnitude an atlas coordinate or size may have: 2^24 pixels, far beyond any
    /// sheet a decoder accepts, small enough that `x + width` and `width × height` cannot overflow.
    static let limit = 1 << 24

    /// Why a text or value is not an atlas number.
    enum Problem: Error {
        case notWhole
        case tooLarge
        case tooSmall

        /// The end of a message about `what` (for example `xy`) given as `text`.
        func message(_ what: String, _ text: String) -> String {
            switch self {
            case .notWhole: "\(what): \(text) is not a whole number"
            case .tooLarge: "\(what): \(text) is too large: at most \(AtlasNumber.limit)"
            case .tooSmall: "\(what): \(text) is too small: at least -\(AtlasNumber.limit)"
            }
        }
    }

    /// A whole number written in decimal digits, with an optional sign (libGDX text).
    static func whole(_ text: Substring) -> Result<Int, Problem> {
        var digits = text
        let negative = digits.first == "-"
        if negative || digits.first == "+" { digits = digits.dropFirst() }
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return .failure(.notWhole) }
        // Leading zeros aside, more than eight digits is beyond the limit whatever they are.
        let significant = digits.drop { $0 == "0" }
        guard significant.count <= 8, let magnitude = Int(significant.isEmpty ? "0" : significant), magnitude <= limit else {
            return .failure(negative ? .tooSmall : .tooLarge)
        }
        return .success(negative ? -magnitude : magnitude)
    }

    /// A JSON or XML number that must be whole (`12` or `12.0`; `1e3` too).
    static func whole(_ value: Double) -> Result<Int, Problem> {
        guard value.isFinite || value.isInfinite else { return .failure(.notWhole) }
        if value > Double(limit) { return .failure(.tooLarge) }
        if value < -Double(limit) { return .failure(.tooSmall) }
        guard value == value.rounded() else { return .failure(.notWhole) }
        return .success(Int(value))
    }
}
