import AlphaHit

extension JSONText {
    /// Writes ``number(_:)``'s text for `value` straight to `output`, without a string for the
    /// common cases (whole numbers, and numbers of at most three decimals), which a query stream
    /// writes millions of.
    static func write(_ value: Double, to output: OutputSink) {
        let thousandths = (value * 1000).rounded()
        if value == value.rounded() && abs(value) < 1e15 {
            output.write(decimal: Int(value))
        } else if abs(value) < 1e12 && thousandths / 1000 == value {
            // Below 10^12 doubles lie closer than 10^-4, so the trimmed decimal is the shortest text
            // that reads back as this double: what `description` prints.
            let whole = Int(thousandths) / 1000, fraction = abs(Int(thousandths) % 1000)
            if value < 0 && whole == 0 { output.write(byte: UInt8(ascii: "-")) }
            output.write(decimal: whole)
            output.write(byte: UInt8(ascii: "."))
            output.write(byte: UInt8(ascii: "0") &+ UInt8(fraction / 100))
            if fraction % 100 != 0 { output.write(byte: UInt8(ascii: "0") &+ UInt8(fraction / 10 % 10)) }
            if fraction % 10 != 0 { output.write(byte: UInt8(ascii: "0") &+ UInt8(fraction % 10)) }
        } else {
            output.write(value.description)
        }
    }
}
