/// Turns an alpha threshold t in [0, 1] into the byte the hot path compares against.
enum AlphaThreshold {
    /// The built-in threshold: 0.1, as OBShapedButton and Godot use.
    static let defaultValue = 0.1

    /// The smallest integer m in 0...255 with `m / 255.0 >= t`; 0 for t = 0 (every pixel solid).
    static func minAlpha(for threshold: Double) -> UInt8 {
        var m = Int((threshold * 255).rounded(.up))
        m = min(255, max(0, m))
        // The multiplication may round either way; settle on the exact smallest m.
        while m > 0, Double(m - 1) / 255.0 >= threshold { m -= 1 }
        while m < 255, Double(m) / 255.0 < threshold { m += 1 }
        return UInt8(m)
    }
}
