/// Small helpers for writing JSON by hand, one object per line: shared by the command line and
/// the C interface, not public API.
package enum JSONText {
    /// A JSON string literal.
    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let control where control.value < 0x20: out += "\\u" + String(repeating: "0", count: 4 - String(control.value, radix: 16).count) + String(control.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// A number as JSON writes it: `3` for whole values, the shortest round-trip form otherwise;
    /// `null` for NaN and infinities, which JSON cannot hold (every interface refuses the inputs
    /// that would make them, so this is the last line of defence, never the rule).
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    /// `value` rounded to thousandths, as every figure in the outputs is (distances, areas, scales):
    /// the one rounding of printed figures; a value too large to have a fraction is itself.
    package static func thousandths(_ value: Double) -> Double {
        // From 2^52 on a Double holds whole numbers only, and times 1000 it could overflow.
        abs(value) < 0x1p52 ? (value * 1000).rounded() / 1000 : value
    }

    /// `[x,y]`.
    package static func pair(_ x: Double, _ y: Double) -> String {
        "[\(number(x)),\(number(y))]"
    }
}
