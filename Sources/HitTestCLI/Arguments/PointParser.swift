/// Reads a point written `x,y` or `x y` (spaces around either allowed), in plain decimal notation.
enum PointParser {
    /// The point in `text`, or nil when it is not exactly two finite decimal numbers.
    static func parse(_ text: String) -> (x: Double, y: Double)? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { parse(UnsafeBufferPointer($0)) }
    }

    /// The number `text` holds (a whole token, spaces around allowed), or nil.
    static func number(_ text: String) -> Double? {
        var bytes = Array(text.utf8)
        return bytes.withUnsafeMutableBufferPointer { buffer -> Double? in
            let line = UnsafeBufferPointer(buffer)
            var index = 0
            skipSpaces(line, &index)
            guard let value = number(line, &index) else { return nil }
            skipSpaces(line, &index)
            return index == line.count ? value : nil
        }
    }

    /// The point in a line of bytes (without its newline), or nil.
    static func parse(_ line: UnsafeBufferPointer<UInt8>) -> (x: Double, y: Double)? {
        var index = 0
        skipSpaces(line, &index)
        guard let x = number(line, &index) else { return nil }
        skipSpaces(line, &index)
        if index < line.count, line[index] == UInt8(ascii: ",") {
            index += 1
            skipSpaces(line, &index)
        } else if index == 0 || !isSpace(line[index - 1]) {
            return nil
        }
        guard let y = number(line, &index) else { return nil }
        skipSpaces(line, &index)
        return index == line.count ? (x, y) : nil
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }

    private static func skipSpaces(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
        while index < line.count, isSpace(line[index]) { index += 1 }
    }

    /// `[+-]?digits[.digits][(e|E)[+-]digits]` (digits on at least one side of the point),
    /// converted with strtod so that it is correctly rounded.
    private static func number(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Double? {
        let start = index
        func digits() -> Int {
            let first = index
            while index < line.count, line[index] >= UInt8(ascii: "0"), line[index] <= UInt8(ascii: "9") { index += 1 }
            return index - first
        }
        if index < line.count, line[index] == UInt8(ascii: "-") || line[index] == UInt8(ascii: "+") { index += 1 }
        var count = digits()
        if index < line.count, line[index] == UInt8(ascii: ".") {
            index += 1
            count += digits()
        }
        guard count > 0 else { return nil }
        if index < line.count, line[index] == UInt8(ascii: "e") || line[index] == UInt8(ascii: "E") {
            index += 1
            if index < line.count, line[index] == UInt8(ascii: "-") || line[index] == UInt8(ascii: "+") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        // Short tokens only: a 64-digit number is not a coordinate anyone means.
        guard index - start < 64 else { return nil }
        let value = SystemCalls.decimalNumber(UnsafeBufferPointer(rebasing: line[start..<index]))
        return value.isFinite ? value : nil
    }
}
