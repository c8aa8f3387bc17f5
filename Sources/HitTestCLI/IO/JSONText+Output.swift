import AlphaHit
import AlphaHitJSON

extension JSONText {
    /// Writes ``number(_:)``'s text for `value` straight to `output`, without a string for the
    /// common cases (whole numbers, and numbers of at most three decimals), which a query stream
    /// writes millions of.
    static func write(_ value: Double, to output: OutputSink) {
        // Rounding to even compiles to one instruction; which way a tie goes cannot matter, since
        // the result is used only when it reads back as exactly this value.
        let thousandths = (value * 1000).rounded(.toNearestOrEven)
        if !value.isFinite {
            output.write(static: "null")
        } else if value == value.rounded(.towardZero) && abs(value) < 1e15 {
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
        } else if let format = SystemCalls.float64ToString {
            withUnsafeTemporaryAllocation(of: CChar.self, capacity: 40) { buffer in
                // The runtime's formatter leaves some leading zeros to the buffer's own contents.
                buffer.initialize(repeating: CChar(UInt8(ascii: "0")))
                let count = format(buffer.baseAddress, 40, value, false)
                output.write(UnsafeRawBufferPointer(start: buffer.baseAddress, count: count))
            }
        } else {
            output.write(value.description)
        }
    }
}
