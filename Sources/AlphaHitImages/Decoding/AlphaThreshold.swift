import AlphaHitBasics

/// The rule that decides which pixels are solid: a pixel is solid when `alpha / 255 >= threshold`,
/// for a threshold in 0...1. Every part of AlphaHit (engine, masks, the command line) takes its
/// default and its conversion to a byte from here.
public enum AlphaThreshold {
    /// The built-in threshold, 0.1, as OBShapedButton and Godot use.
    public static let defaultValue = 0.1

    /// The byte the default threshold compares against: 26.
    public static let defaultMinimumAlpha = minimumAlpha(for: defaultValue)

    /// Whether a pixel of `alpha` is solid at the threshold whose byte is `minimumAlpha` (see
    /// ``minimumAlpha(for:)``): `alpha >= minimumAlpha`. The one place the comparison is written.
    @inlinable @inline(__always)
    public static func isSolid(alpha: UInt8, minimumAlpha: UInt8) -> Bool {
        alpha >= minimumAlpha
    }

    /// The smallest alpha byte m in 0...255 with `m / 255.0 >= threshold` (0 for a threshold of 0:
    /// every pixel solid; 255 for a threshold above 1).
    public static func minimumAlpha(for threshold: Double) -> UInt8 {
        // Nearly every element has the default: a scene's state switch asks for it each time, and
        // the settling below divides up to four times.
        threshold == defaultValue ? defaultByte : settledMinimumAlpha(for: threshold)
    }

    /// ``settledMinimumAlpha(for:)`` of ``defaultValue``, held to it by a test.
    static let defaultByte: UInt8 = 26

    /// ``minimumAlpha(for:)`` computed for any threshold.
    static func settledMinimumAlpha(for threshold: Double) -> UInt8 {
        var m = Int((threshold * 255).rounded(.up).clamped(to: 0...255))
        // The multiplication may round either way; settle on the exact smallest m.
        while m > 0, Double(m - 1) / 255.0 >= threshold { m -= 1 }
        while m < 255, Double(m) / 255.0 < threshold { m += 1 }
        return UInt8(m)
    }
}

extension Double {
    fileprivate func clamped(to range: ClosedRange<Double>) -> Double {
        isNaN ? range.lowerBound : Swift.min(range.upperBound, Swift.max(range.lowerBound, self))
    }
}
