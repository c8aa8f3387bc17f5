extension Unicode.Scalar {
    /// Whether this is a control character (Unicode's Cc: C0, DEL and C1), which would cut a path
    /// short (NUL) or forge a line of output (a line break) wherever it is printed or passed on.
    @inlinable package var isControl: Bool { value < 0x20 || (0x7F...0x9F).contains(value) }

    /// Its code point as messages write it: `U+000A`.
    package var codePointName: String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
