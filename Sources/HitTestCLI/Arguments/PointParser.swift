import AlphaHit

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
    /// correctly rounded: read in one pass, and converted without strtod when the digits, as a
    /// whole number m, are at most 2^53 and the power of ten p is within ±22. Then m and 10^|p| are
    /// exact Doubles and one multiplication or division rounds correctly (Clinger's fast path,
    /// which strtod takes too), so the value is strtod's. Anything else goes to strtod.
    private static func number(_ line: UnsafeBufferPointer<UInt8>, _ index: inout Int) -> Double? {
        guard let base = line.baseAddress else { return nil }
        let start = index, end = line.count
        var i = index
        var negative = false
        if i < end, base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "+") {
            negative = base[i] == UInt8(ascii: "-")
            i += 1
        }
        // Leading zeros are digits but not significant ones; after them every digit counts.
        var mantissa: UInt64 = 0, digits = 0, power = 0
        while i < end, base[i] == UInt8(ascii: "0") {
            digits &+= 1
            i &+= 1
        }
        var significantStart = i
        while i < end {
            let digit = base[i] &- UInt8(ascii: "0")
            guard digit <= 9 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            i &+= 1
        }
        var significant = i &- significantStart
        digits &+= significant
        if i < end, base[i] == UInt8(ascii: ".") {
            i &+= 1
            let fractionStart = i
            if mantissa == 0 {
                while i < end, base[i] == UInt8(ascii: "0") { i &+= 1 }
            }
            significantStart = i
            while i < end {
                let digit = base[i] &- UInt8(ascii: "0")
                guard digit <= 9 else { break }
                mantissa = mantissa &* 10 &+ UInt64(digit)
                i &+= 1
            }
            significant &+= i &- significantStart
            digits &+= i &- fractionStart
            power = fractionStart &- i
        }
        guard digits > 0 else { return nil }
        if i < end, base[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            var exponentNegative = false
            if i < end, base[i] == UInt8(ascii: "-") || base[i] == UInt8(ascii: "+") {
                exponentNegative = base[i] == UInt8(ascii: "-")
                i += 1
            }
            var exponent = 0, exponentDigits = 0
            while i < end {
                let digit = base[i] &- UInt8(ascii: "0")
                guard digit <= 9 else { break }
                exponent = Swift.min(exponent * 10 + Int(digit), 100_000)
                exponentDigits += 1
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            power += exponentNegative ? -exponent : exponent
        }
        index = i
        // Short tokens only: a 64-digit number is not a coordinate anyone means.
        guard i - start < 64 else { return nil }
        if significant <= 16, mantissa <= 1 << 53, power >= -22, power <= 22 {
            // 10^|p| by repeated multiplication: every step is an exact power of ten up to 10^22.
            var scale = 1.0
            for _ in 0..<abs(power) { scale *= 10 }
            let magnitude = power < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
            return negative ? -magnitude : magnitude
        }
        let value = Platform.decimalNumber(UnsafeBufferPointer(rebasing: line[start..<i]))
        return value.isFinite ? value : nil
    }
}
